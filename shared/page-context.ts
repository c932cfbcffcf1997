import type { AdminPageService } from './admin.ts';
import type { BlogPageService } from './blog.ts';
import type { PreviewLink, PreviewPageService } from './previews.ts';
import type { SessionUser } from './staff.ts';
import type { SiteSettings } from './company.ts';
import type { Navigation, ServiceLabels, SiteWords, WordsEditorState, WordsSummary } from './site-words.ts';

/**
 * What every page finds in `pageContext` (pages/vike.d.ts adds it to Vike's type). `services` carries the
 * server's read APIs to `+data.ts` files, so pages never import server code.
 */
export interface SitePageContext {
  user: SessionUser | null;
  csrfToken: string | null;
  siteUrl: string;
  timeZone: string;
  /** The company details every page shows (header, footer, JSON-LD), read once per render (server/settings/). */
  settings: SiteSettings;
  /** The published words of the built-in pages and services (server/site-words/), read once per render; server only. */
  words: SiteWords;
  /** Each service's name and tagline in force: the header, footer and quote form of a hydrating page need them. */
  serviceLabels: ServiceLabels;
  /** The header's and footer's links in force (staff's, else today's), with the pages staff chose to show in the footer. */
  navigation: Navigation;
  /**
   * The sharing cards drawn from published SEO titles, by page path (server/sharing/page-cards.ts); a page not here
   * offers the build's card. Server only (absent in the browser): the sharing tags are written by the server.
   */
  sharingCards?: Readonly<Record<string, string>>;
  services: PageServices;
}

/** What the server hands Vike for every request: the request itself and what every page finds. */
export interface PageContextInit extends SitePageContext {
  urlOriginal: string;
  /** Node's request headers, written out so this browser-side module needs no Node types. */
  headersOriginal: Record<string, string | string[] | undefined>;
}

/** Read-only server APIs available to `+data.ts`; each feature adds its own member. */
export interface PageServices {
  /** The lead forms' spam check, as the browser needs it (provider and public site key, never a secret). */
  captcha: PublicCaptchaConfig;
  /** Public blog posts: the list, one post, and redirects from a post's old slugs. */
  blog: BlogPageService;
  /** A post's preview through a share link (the link's token is the credential). */
  previews: PreviewPageService;
  /** Staff-only reads for the admin pages; their guard runs first. */
  admin: AdminPageService;
  /** The pages' words: those in force, with one page's draft in place (its preview), and the admin's list and form (after the guard). */
  words: {
    current(name: string): Promise<SiteWords>;
    withDraft(key: string, name: string): Promise<SiteWords | null>;
    list(name: string): Promise<WordsSummary[]>;
    /** `viewer`: the signed-in person, whose newer autosave the form offers back. */
    editorState(
      key: string,
      name: string,
      viewer?: { userId: string | null; email: string | null; ip: string | null },
    ): Promise<WordsEditorState>;
    /** A page's share links that work now (after the guard). */
    shareLinks(key: string): Promise<PreviewLink[]>;
  };
  /** The site settings in force (the settings page's form starts from them). */
  settings: { current(): Promise<SiteSettings> };
}

export interface PublicCaptchaConfig {
  provider: 'altcha' | 'recaptcha' | 'turnstile';
  siteKey: string | null;
}
