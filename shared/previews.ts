import type { BlogPost, BlogSummary } from './blog.ts';
import type { SiteWords, WordsKey } from './site-words.ts';

/*
 * A post's preview (docs/product.md#blog-editor): the public post page as it will look, with a banner naming the
 * version shown; for staff who may edit the post at /admin/preview/{id}, and for anyone holding a share link at
 * /preview?token=…. The words are here rather than in shared/messages.ts: only the preview pages (which ship no
 * JavaScript) and the editor read them, and that catalogue is in every public page's script.
 */

/** A share link works this long after it is made, unless turned off sooner. */
export const PREVIEW_LINK_DAYS = 7;
/** Share links of one post that may work at once. */
export const PREVIEW_LINKS_PER_POST = 20;
/** Where share links point; the token is in the query, which request logs leave out. */
export const SHARED_PREVIEW_PATH = '/preview';

export function sharedPreviewPath(token: string): string {
  return `${SHARED_PREVIEW_PATH}?token=${encodeURIComponent(token)}`;
}

/** The saved version a preview shows: when and by whom (null: the site itself, or no history). */
export interface PreviewVersion {
  savedAt: string;
  savedBy: string | null;
}

/** What a preview page shows: the post as saved, the version, and the public posts its page would list beside it. */
export interface PostPreview {
  post: BlogPost;
  version: PreviewVersion;
  related: BlogSummary[];
  /** For a share link: until when it works. */
  linkExpiresAt?: string;
}

/** A share link as the editor lists it (its address is shown only once, when made). */
export interface PreviewLink {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The name of who made it, while their account exists. */
  createdBy: string | null;
}

export interface NewPreviewLink extends PreviewLink {
  /** The full address to share. */
  url: string;
}

/**
 * What a share link to a page's or a service's words shows (docs/product.md#site-words): the site's words with
 * that key's draft in place (its published words when it has no draft), the version, and whether it is scheduled.
 */
export interface WordsPreview {
  key: Exclude<WordsKey, 'navigation'>;
  /** The page's or service's name, for the preview's title. */
  name: string;
  words: SiteWords;
  version: PreviewVersion;
  /** A draft waits (else the link shows the published words), and when it goes live if scheduled. */
  isDraft: boolean;
  scheduledAt: string | null;
  linkExpiresAt: string;
}

/** What a live share link shows: a post's preview or a page's words. */
export type SharedPreview = ({ kind: 'post' } & PostPreview) | ({ kind: 'words' } & WordsPreview);

/** What the public preview page may read (`pageContext.services.previews`). */
export interface PreviewPageService {
  /** What a live share link shows; null for a link that is unknown, expired or turned off. */
  shared(token: string): Promise<SharedPreview | null>;
}

export const PREVIEW_TEXT = {
  banner: 'Preview',
  bannerLabel: 'About this preview',
  version: (when: string, by: string | null) => `It shows the version saved ${when}${by ? ` by ${by}` : ''}.`,
  staffIntro: 'This is how the post will look on the site.',
  sharedIntro: 'This is a preview of a post on this site.',
  sharedPageIntro: 'This is a preview of a page on this site.',
  sharedPageStatus: {
    draft: 'These words are a draft: they are not on the site yet.',
    scheduled: (when: string) => `These words go live on ${when}.`,
    published: 'These words are on the site now.',
  },
  saveWordsFirst: 'Save a draft first, then share its preview.',
  showsSavedWords: 'Previews show the draft as last saved.',
  sharedStatus: {
    Draft: 'It is a draft: it is not on the site yet.',
    Scheduled: (when: string) => `It goes live on ${when}.`,
    Published: 'It is public now.',
  },
  sharedUntil: (when: string) => `This link works until ${when}.`,
  pageTitle: (title: string) => `Preview: ${title}`,
  unavailableTitle: 'Preview not available',
  unavailable: 'This preview link has expired or was turned off. Ask whoever shared it for a new one.',
  home: 'Go to the home page',
  // The editor's share box.
  share: 'Share preview',
  shareHint: `Anyone with a share link can read this preview, signed in or not, for ${PREVIEW_LINK_DAYS} days or until you turn the link off. Search engines are asked not to list it.`,
  saveFirst: 'Save the post first, then share its preview.',
  showsSaved: 'Previews show the post as last saved.',
  create: 'Create a share link',
  creating: 'Creating…',
  created: 'Link created. Copy it now: it is shown only this once.',
  linkLabel: 'Share link',
  copy: 'Copy link',
  copied: 'Copied.',
  live: 'Links that work now',
  none: 'No share link works now.',
  linkLine: (created: string, by: string | null, expires: string) => `Made ${created}${by ? ` by ${by}` : ''}; works until ${expires}`,
  revoke: 'Turn off',
  revokeLabel: (line: string) => `Turn off the link: ${line}`,
  revoked: 'The link no longer works.',
  tooMany: `${PREVIEW_LINKS_PER_POST} share links already work. Turn one off first.`,
  linkNotFound: 'That share link no longer works.',
} as const;
