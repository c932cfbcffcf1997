import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findNewestVersion } from '../../db/queries/blog-revisions.ts';
import { type PostAccess, findPostAccess } from '../../db/queries/blogs.ts';
import {
  type LinkMaker,
  findLivePreviewLink,
  insertPreviewLink,
  listLivePreviewLinks,
  revokePreviewLink,
} from '../../db/queries/preview-links.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { MESSAGES } from '../../shared/messages.ts';
import {
  type NewPreviewLink,
  PREVIEW_LINK_DAYS,
  PREVIEW_LINKS_PER_POST,
  PREVIEW_TEXT,
  type PostPreview,
  type PreviewLink,
  type PreviewPageService,
  sharedPreviewPath,
} from '../../shared/previews.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import type { BlogService } from './blog-service.ts';
import { type Writer, assertMayEdit, mayEdit } from './post-access.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who makes or turns off a link: their account and role (the audit's actor, the edit rule's writer). */
export interface LinkWriter {
  actor: Actor;
  writer: Writer;
  now?: Date;
}

/**
 * A post's preview (docs/product.md#blog-editor): for staff who may edit the post, and through share links for
 * anyone holding one. A link shows only its own post, as last saved, with the public posts its page would list.
 */
export interface PreviewService extends PreviewPageService {
  /** A post `viewer` may edit (PERMISSION_DENIED otherwise), as its preview shows it; null for no such post. */
  staffPreview(id: string, viewer: Writer): Promise<PostPreview | null>;
  shared(token: string, now?: Date): Promise<PostPreview | null>;
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
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A link works only while the person who made it may edit its post, as they are at this request: active, with the
 * role they have now (docs/product.md#share-links). Asked at every use, so a role change applies at once.
 */
function makerMayEdit(maker: LinkMaker | null, post: PostAccess): boolean {
  return maker !== null && mayEdit(maker, post);
}

/** A post's links that work at `now`: live, and made by someone who may still edit it. */
async function workingLinks(db: Db, id: string, post: PostAccess, now: string): Promise<PreviewLink[]> {
  return (await listLivePreviewLinks(db, id, now)).filter(({ maker }) => makerMayEdit(maker, post)).map(({ link }) => link);
}

export function createPreviewService({ db, blog, siteUrl }: PreviewServiceDeps): PreviewService {
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
      // A token is 43 characters of base64url; anything else is no link, and is not looked up.
      if (!/^[\w-]{43}$/.test(token)) return null;
      const link = await findLivePreviewLink(db, tokenHash(token), now.toISOString());
      const access = link && (await findPostAccess(db, link.blogId));
      const post = access && makerMayEdit(link.maker, access) && (await blog.getPostById(link.blogId));
      return post ? { ...(await previewOf(post)), linkExpiresAt: link.expiresAt } : null;
    },

    async links(id, viewer, now = new Date()) {
      return workingLinks(db, id, await checkAccess(db, id, viewer), now.toISOString());
    },

    async createLink(id, { actor, writer, name, now = new Date() }) {
      const token = randomBytes(32).toString('base64url');
      const link: PreviewLink = {
        id: randomUUID(),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS).toISOString(),
        createdBy: name,
      };
      await db.transaction().execute(async (trx) => {
        const access = await checkAccess(trx, id, writer);
        if ((await workingLinks(trx, id, access, link.createdAt)).length >= PREVIEW_LINKS_PER_POST) {
          throw new AppError('ABORTED', PREVIEW_TEXT.tooMany);
        }
        await insertPreviewLink(trx, { ...link, blogId: id, tokenHash: tokenHash(token), createdBy: actor.userId });
        await recordAudit(trx, actor, 'post.preview_shared', `${id} (until ${link.expiresAt})`);
      });
      return { ...link, url: new URL(sharedPreviewPath(token), siteUrl).href };
    },

    async revokeLink(id, linkId, { actor, writer, now = new Date() }) {
      await db.transaction().execute(async (trx) => {
        await checkAccess(trx, id, writer);
        if (!(await revokePreviewLink(trx, id, linkId, now.toISOString()))) throw new AppError('NOT_FOUND', PREVIEW_TEXT.linkNotFound);
        await recordAudit(trx, actor, 'post.preview_revoked', `${id} (link ${linkId})`);
      });
    },
  };
}
