import type { Db } from '../../db/database.ts';
import { findNewestVersion } from '../../db/queries/blog-revisions.ts';
import { type PostAccess, findPostAccess } from '../../db/queries/blogs.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { NewPreviewLink, PostPreview, PreviewLink, PreviewPageService, SharedPreview } from '../../shared/previews.ts';
import type { Actor } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import type { BlogService } from './blog-service.ts';
import { type Writer, assertMayEdit, mayEdit } from './post-access.ts';
import { findSharedLink, makeLink, turnOffLink, workingLinks } from './share-links.ts';

/** Who makes or turns off a link: their account and role (the audit's actor, the edit rule's writer). */
export interface LinkWriter {
  actor: Actor;
  writer: Writer;
  now?: Date;
}

/**
 * A post's preview (docs/product.md#blog-editor): for staff who may edit the post, and through share links for
 * anyone holding one. A link shows only its own post, as last saved, with the public posts its page would list.
 * A link to a page's draft is the pages' words' (server/site-words/words-previews.ts), found through `sharedWords`.
 */
export interface PreviewService extends PreviewPageService {
  /** A post `viewer` may edit (PERMISSION_DENIED otherwise), as its preview shows it; null for no such post. */
  staffPreview(id: string, viewer: Writer): Promise<PostPreview | null>;
  /** The post's links that work now, newest first. */
  links(id: string, viewer: Writer, now?: Date): Promise<PreviewLink[]>;
  /** A new link to the post, working PREVIEW_LINK_DAYS; its address is returned only this once. */
  createLink(id: string, by: LinkWriter & { name: string }): Promise<NewPreviewLink>;
  revokeLink(id: string, linkId: string, by: LinkWriter): Promise<void>;
}

export interface PreviewServiceDeps {
  db: Db;
  blog: Pick<BlogService, 'getPostById' | 'relatedPosts'>;
  /** Where share links point. */
  siteUrl: string;
  /** What a live link to a page's or service's draft shows (null when its maker may no longer edit pages). */
  sharedWords?: (
    key: string,
    link: { expiresAt: string; maker: { userId: string; role: Writer['role'] } | null },
  ) => Promise<SharedPreview | null>;
}

/**
 * A link works only while the person who made it may edit its post, as they are at this request: active, with the
 * role they have now (docs/product.md#share-links). Asked at every use, so a role change applies at once.
 */
const makerMayEdit = (post: PostAccess) => (maker: Writer) => mayEdit(maker, post);

export function createPreviewService({ db, blog, siteUrl, sharedWords = async () => null }: PreviewServiceDeps): PreviewService {
  /** The post may be seen and shared by `writer` (the same rule as editing it); not found otherwise. */
  async function checkAccess(trx: Db, id: string, writer: Writer): Promise<PostAccess> {
    const access = await findPostAccess(trx, id);
    if (!access) throw new AppError('NOT_FOUND', MESSAGES.blogNotFound);
    assertMayEdit(writer, access);
    return access;
  }

  async function previewOf(post: BlogPost): Promise<PostPreview> {
    const [version, related] = await Promise.all([findNewestVersion(db, post.id), blog.relatedPosts(post)]);
    // A post from before the history was kept names its last save.
    return { post, version: version ?? { savedAt: post.updatedAt, savedBy: null }, related };
  }

  return {
    async staffPreview(id, viewer) {
      const access = await findPostAccess(db, id);
      if (!access) return null;
      assertMayEdit(viewer, access);
      const post = await blog.getPostById(id);
      return post && previewOf(post);
    },

    async shared(token, now = new Date()) {
      const link = await findSharedLink(db, token, now);
      if (!link) return null;
      if ('wordsKey' in link.subject) return sharedWords(link.subject.wordsKey, link);
      const access = await findPostAccess(db, link.subject.blogId);
      const post = access && link.maker && mayEdit(link.maker, access) && (await blog.getPostById(link.subject.blogId));
      return post ? { kind: 'post', ...(await previewOf(post)), linkExpiresAt: link.expiresAt } : null;
    },

    async links(id, viewer, now = new Date()) {
      return workingLinks(db, { blogId: id }, now.toISOString(), makerMayEdit(await checkAccess(db, id, viewer)));
    },

    async createLink(id, { actor, writer, name, now = new Date() }) {
      return db.transaction().execute(async (trx) => {
        const access = await checkAccess(trx, id, writer);
        const audit = { action: 'post.preview_shared' as const, target: id };
        return makeLink(trx, { blogId: id }, { actor, now, audit, name, siteUrl, may: makerMayEdit(access) });
      });
    },

    async revokeLink(id, linkId, { actor, writer, now = new Date() }) {
      await db.transaction().execute(async (trx) => {
        await checkAccess(trx, id, writer);
        await turnOffLink(trx, { blogId: id }, linkId, { actor, now, audit: { action: 'post.preview_revoked', target: id } });
      });
    },
  };
}
