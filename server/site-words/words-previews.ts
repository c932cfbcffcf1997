import type { Db } from '../../db/database.ts';
import type { LinkMaker } from '../../db/queries/preview-links.ts';
import { type NewPreviewLink, PREVIEW_TEXT, type PreviewLink, type SharedPreview } from '../../shared/previews.ts';
import { PAGES_MESSAGES } from '../../shared/pages-texts.ts';
import { can } from '../../shared/roles.ts';
import { isServiceId } from '../../shared/services.ts';
import { NAVIGATION_KEY, type WordsKey, isWordsKey } from '../../shared/site-words.ts';
import type { Actor } from '../audit/audit-log.ts';
import type { AuditAction } from '../../shared/admin.ts';
import { AppError } from '../core/errors.ts';
import { makeLink, turnOffLink, workingLinks } from '../blog/share-links.ts';
import type { SiteWordsService } from './site-words-service.ts';

/**
 * Share links to a page's or a service's draft (docs/product.md#site-words), the posts' mechanism
 * (server/blog/share-links.ts): anyone holding one sees the draft in the site's frame, noindex, until it expires or
 * is turned off. The navigation has no preview, so no link.
 */
export interface WordsPreviews {
  /** The key's links that work now, newest first. */
  links(key: string, now?: Date): Promise<PreviewLink[]>;
  /** A new link to the key's words as last saved; refused until something was saved. */
  createLink(key: string, by: { actor: Actor; name: string; now?: Date }): Promise<NewPreviewLink>;
  revokeLink(key: string, linkId: string, by: { actor: Actor; now?: Date }): Promise<void>;
  /** What a live link to `key` shows, or null when its maker may no longer edit pages or the key is gone. */
  shared(key: string, link: { expiresAt: string; maker: LinkMaker | null }): Promise<SharedPreview | null>;
}

export interface WordsPreviewsDeps {
  db: Db;
  words: SiteWordsService;
  /** The company's name in force (the defaults name it). */
  companyName: () => Promise<string>;
  siteUrl: string;
}

/** A link works only while its maker may edit pages, as their account is at each use (as a post's link does). */
const makerMayEditPages = (maker: LinkMaker) => can(maker.role, 'pages.edit');

/** The keys that have a preview: every page and service, not the navigation. */
function previewKey(key: string): Exclude<WordsKey, typeof NAVIGATION_KEY> {
  if (!isWordsKey(key) || key === NAVIGATION_KEY) throw new AppError('NOT_FOUND', PAGES_MESSAGES.notFound);
  return key;
}

export function createWordsPreviews({ db, words, companyName, siteUrl }: WordsPreviewsDeps): WordsPreviews {
  /** `<key> <its name now>`: the audit sentence links the key's editor under that name. */
  const audit = async (action: AuditAction, key: WordsKey) => ({
    action,
    target: `${key} ${(await words.editorState(key, await companyName())).name}`,
  });

  return {
    async links(key, now = new Date()) {
      return workingLinks(db, { wordsKey: previewKey(key) }, now.toISOString(), makerMayEditPages);
    },

    async createLink(key, { actor, name, now = new Date() }) {
      const k = previewKey(key);
      // The link names the stored row (deleted with it): a page nobody saved yet has nothing to preview.
      if ((await words.editorState(k, '')).version === 0) throw new AppError('INVALID_ARGUMENT', PREVIEW_TEXT.saveWordsFirst);
      const entry = await audit('words.preview_shared', k);
      const link = await db
        .transaction()
        .execute((trx) => makeLink(trx, { wordsKey: k }, { actor, now, audit: entry, name, siteUrl, may: makerMayEditPages }));
      // A service's preview is the services page with that service chosen, as staff's preview is.
      return isServiceId(k) ? { ...link, url: `${link.url}&service=${k}` } : link;
    },

    async revokeLink(key, linkId, { actor, now = new Date() }) {
      const k = previewKey(key);
      const entry = await audit('words.preview_revoked', k);
      await db.transaction().execute((trx) => turnOffLink(trx, { wordsKey: k }, linkId, { actor, now, audit: entry }));
    },

    async shared(key, link) {
      if (!link.maker || !makerMayEditPages(link.maker) || !isWordsKey(key) || key === NAVIGATION_KEY) return null;
      const name = await companyName();
      const [siteWords, state] = await Promise.all([words.withDraft(key, name), words.editorState(key, name)]);
      if (!siteWords || state.version === 0) return null;
      const last = state.revisions[0];
      return {
        kind: 'words',
        key,
        name: state.name,
        words: siteWords,
        version: { savedAt: state.draftSavedAt ?? state.publishedAt ?? last?.savedAt ?? '', savedBy: last?.savedBy ?? null },
        isDraft: state.draft !== null,
        scheduledAt: state.scheduledAt,
        linkExpiresAt: link.expiresAt,
      };
    },
  };
}
