import { CATEGORY_LABELS, SERVICES, SERVICES_LINK, SERVICE_IDS, type Service, type ServiceId, isServiceId } from './services.ts';
import type { DiffPart } from './revisions.ts';
import { ABOUT_TEXT, CONTACT_TEXT, HOME_TEXT, QUOTE_TEXT, SERVICES_TEXT, SITE_TEXT } from './messages.ts';
import { PRIVACY_POLICY_TEXT } from './privacy-policy.ts';

/*
 * The words of the built-in pages and of each service as stored content that staff edit at /admin/pages
 * (docs/product.md#site-words). Each page's form is described once here (labels, limits, lists); its schema
 * (shared/schemas/site-words.ts), its admin form and its type are made from that description. Until someone
 * edits a page, it shows its defaults, which are read from the catalogues that always held them (shared/messages.ts,
 * shared/services.ts, shared/privacy-policy.ts): no stored copy, so a new site and a migrated one show the same.
 */

export const PAGE_KEYS = ['home', 'services', 'about', 'contact', 'quote', 'privacy'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Where each built-in page answers. */
export const PAGE_PATHS: Record<PageKey, string> = {
  home: '/',
  services: SERVICES_LINK,
  about: '/about',
  contact: '/contact',
  quote: '/quote',
  privacy: '/privacy',
};

/** The pages that show a service's descriptions (its cards and its section), beside its name in every page's menus. */
export const SERVICES_PATHS = [PAGE_PATHS.home, PAGE_PATHS.services] as const;

/** A page staff made ("New page"): `page-` and a random id, so its key never changes with its address. */
export type CustomPageKey = `page-${string}`;
const CUSTOM_PAGE_KEY = /^page-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isCustomPageKey(value: unknown): value is CustomPageKey {
  return typeof value === 'string' && CUSTOM_PAGE_KEY.test(value);
}

/** The header's and the footer's links, edited at /admin/navigation with the same workflow as a page. */
export const NAVIGATION_KEY = 'navigation';
type BuiltInKey = PageKey | ServiceId | typeof NAVIGATION_KEY;

/**
 * What /admin/pages edits: a built-in page, a service by its id (the ids never clash with the pages'), the
 * navigation, or a page staff made.
 */
export type WordsKey = BuiltInKey | CustomPageKey;
/** The built-in pages, the services and the navigation: always there, showing today's words until edited. */
export const BUILT_IN_KEYS: readonly BuiltInKey[] = [...PAGE_KEYS, ...SERVICE_IDS, NAVIGATION_KEY];

export function isWordsKey(value: unknown): value is WordsKey {
  return (BUILT_IN_KEYS as readonly unknown[]).includes(value) || isCustomPageKey(value);
}

/**
 * Addresses a new page cannot take: the site's own routes, feeds and files (docs/product.md#new-pages). An address
 * is one path segment of lowercase letters, digits and hyphens, so a file name (with a dot) cannot be typed at all.
 */
export const RESERVED_ADDRESSES: ReadonlySet<string> = new Set([
  'admin',
  'blog',
  'services',
  'quote',
  'contact',
  'about',
  'privacy',
  'api',
  'functions',
  'media',
  'images',
  'assets',
  'preview',
  'rss',
  'feed',
  'feeds',
  'sitemap',
  'robots',
  'favicon',
  'healthz',
  'readyz',
  'metrics',
  'index',
  'home',
]);
export const ADDRESS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A one-line text, a paragraph, a list of paragraphs or lines, a list of titled texts (a value, a section); for a
 * page staff made also its address, its body (rich text, sanitised as posts are), an image from the media library
 * (optional) and a yes/no choice.
 */
export type FieldSpec =
  | { kind: 'line' | 'text' | 'address' | 'rich'; label: string; max: number; hint?: string }
  | { kind: 'image'; label: string; max: number; hint?: string }
  | { kind: 'flag'; label: string; hint?: string }
  | { kind: 'lines' | 'paragraphs'; label: string; item: string; max: number; maxItems: number }
  | {
      kind: 'pairs' | 'links';
      label: string;
      item: string;
      titleLabel: string;
      titleMax: number;
      textLabel: string;
      textMax: number;
      maxItems: number;
    };

export interface TitledText {
  title: string;
  text: string;
}

type ValueOf<F extends FieldSpec> = F extends { kind: 'lines' | 'paragraphs' }
  ? string[]
  : F extends { kind: 'pairs' | 'links' }
    ? TitledText[]
    : F extends { kind: 'flag' }
      ? boolean
      : string;
export type WordsOf<S extends Record<string, FieldSpec>> = { -readonly [K in keyof S]: ValueOf<S[K]> };
export type FieldValue = string | boolean | string[] | TitledText[];

const SEO = {
  seoTitle: {
    kind: 'line',
    label: 'SEO title',
    max: 70,
    hint: 'The browser tab, search results and sharing cards; the company name is added.',
  },
  metaDescription: { kind: 'text', label: 'Meta description', max: 200, hint: 'The summary search engines and sharing cards show.' },
} as const satisfies Record<string, FieldSpec>;

const CTA = {
  ctaTitle: { kind: 'line', label: 'Closing band heading', max: 80 },
  ctaText: { kind: 'text', label: 'Closing band text', max: 300 },
} as const satisfies Record<string, FieldSpec>;

const HERO = {
  title: { kind: 'line', label: 'Page heading', max: 80 },
  lead: { kind: 'text', label: 'Intro', max: 300 },
} as const satisfies Record<string, FieldSpec>;

export const PAGE_FIELDS = {
  home: {
    ...SEO,
    eyebrow: { kind: 'line', label: 'Hero eyebrow', max: 100 },
    heroTitle: { kind: 'line', label: 'Hero title', max: 100 },
    heroText: { kind: 'text', label: 'Hero text', max: 300 },
    quoteButton: { kind: 'line', label: 'Main button label', max: 40 },
    exploreButton: { kind: 'line', label: 'Second button label', max: 40 },
    infrastructureHeading: { kind: 'line', label: 'Infrastructure band heading', max: 80 },
    infrastructureIntro: { kind: 'text', label: 'Infrastructure band intro', max: 300 },
    webHeading: { kind: 'line', label: 'Web band heading', max: 80 },
    webIntro: { kind: 'text', label: 'Web band intro', max: 300 },
    ...CTA,
  },
  services: {
    ...SEO,
    ...HERO,
    included: { kind: 'line', label: 'Features heading', max: 60 },
    ...CTA,
  },
  about: {
    ...SEO,
    ...HERO,
    storyHeading: { kind: 'line', label: 'Story heading', max: 80 },
    story: { kind: 'paragraphs', label: 'Story', item: 'Paragraph', max: 1000, maxItems: 8 },
    valuesHeading: { kind: 'line', label: 'Values heading', max: 80 },
    valuesIntro: { kind: 'text', label: 'Values intro', max: 300 },
    values: {
      kind: 'pairs',
      label: 'Values',
      item: 'Value',
      titleLabel: 'Name',
      titleMax: 40,
      textLabel: 'Sentence',
      textMax: 300,
      maxItems: 8,
    },
    ...CTA,
  },
  contact: {
    ...SEO,
    ...HERO,
    asideHeading: { kind: 'line', label: 'Side panel heading', max: 80 },
  },
  quote: {
    ...SEO,
    ...HERO,
    asideHeading: { kind: 'line', label: 'Side panel heading', max: 80 },
    next: { kind: 'text', label: 'What happens next', max: 600 },
  },
  privacy: {
    ...SEO,
    ...HERO,
    sections: {
      kind: 'pairs',
      label: 'Sections',
      item: 'Section',
      titleLabel: 'Heading',
      titleMax: 80,
      textLabel: 'Text (write {email} where the company’s e-mail address goes)',
      textMax: 2000,
      maxItems: 16,
    },
  },
} as const satisfies Record<PageKey, Record<string, FieldSpec>>;

export const SERVICE_FIELDS = {
  name: {
    kind: 'line',
    label: 'Name',
    max: 60,
    hint: 'Shown in the menus, the quote form and the staff e-mails; the service keeps its address and its leads.',
  },
  tagline: { kind: 'line', label: 'Tagline', max: 120 },
  summary: { kind: 'text', label: 'Short description', max: 300, hint: 'The card text on the home and services pages.' },
  description: { kind: 'text', label: 'Description', max: 1500 },
  features: { kind: 'lines', label: 'Features', item: 'Feature', max: 160, maxItems: 12 },
} as const satisfies Record<string, FieldSpec>;

/** A page staff made: its words, address and body (docs/product.md#new-pages). */
export const CUSTOM_PAGE_FIELDS = {
  title: { kind: 'line', label: 'Title', max: 100 },
  address: { kind: 'address', label: 'Address', max: 60, hint: 'The page answers at /{address}: lowercase letters, digits and hyphens.' },
  body: { kind: 'rich', label: 'Body', max: 200_000 },
  ...SEO,
  socialImage: {
    kind: 'image',
    label: 'Social image',
    max: 300,
    hint: 'Optional: an image from the media library, shown when the page is shared.',
  },
  showInFooter: { kind: 'flag', label: 'Show in the footer menu' },
} as const satisfies Record<string, FieldSpec>;

export type CustomPageWords = WordsOf<typeof CUSTOM_PAGE_FIELDS>;

/** A link of the navigation: its label (`title`) and where it goes (`text`: a path of this site or an https address). */
const LINKS = { item: 'Link', titleLabel: 'Label', titleMax: 40, textLabel: 'Address', textMax: 300 } as const;
export const NAVIGATION_FIELDS = {
  header: { kind: 'links', label: 'Header links', ...LINKS, maxItems: 8 },
  footer: { kind: 'links', label: 'Footer links (Company)', ...LINKS, maxItems: 12 },
} as const satisfies Record<string, FieldSpec>;

export type NavigationWords = WordsOf<typeof NAVIGATION_FIELDS>;

/** The header's and footer's links in force; the footer's end with the pages staff chose to show there. */
export interface Navigation {
  header: TitledText[];
  footer: TitledText[];
}

/** A published page staff made, as its public page and the footer read it. */
export interface CustomPage extends CustomPageWords {
  key: CustomPageKey;
  publishedAt: string;
}

/** What a new page's form starts with. */
export const BLANK_CUSTOM_PAGE: CustomPageWords = {
  title: '',
  address: '',
  body: '',
  seoTitle: '',
  metaDescription: '',
  socialImage: '',
  showInFooter: false,
};

export type PageWordsMap = { [K in PageKey]: WordsOf<(typeof PAGE_FIELDS)[K]> };
export type ServiceWords = WordsOf<typeof SERVICE_FIELDS>;

/** The words of every built-in page and service, and the published pages staff made, as the public pages read them. */
export interface SiteWords {
  pages: PageWordsMap;
  services: Record<ServiceId, ServiceWords>;
  navigation: NavigationWords;
  customPages: CustomPage[];
}

/** What a hydrating page's header, footer and quote form need of each service (the rest stays on the server). */
export type ServiceLabels = Record<ServiceId, { name: string; tagline: string }>;

export function fieldsOf(key: WordsKey): Record<string, FieldSpec> {
  if (isCustomPageKey(key)) return CUSTOM_PAGE_FIELDS;
  if (key === NAVIGATION_KEY) return NAVIGATION_FIELDS;
  return isServiceId(key) ? SERVICE_FIELDS : PAGE_FIELDS[key];
}

/** Where `{email}` in a privacy section's text goes: the company's address, as a link. */
export const EMAIL_PLACEHOLDER = '{email}';

/** The defaults: today's words, with the company name in force where they name it. */
export function defaultPageWords(name: string): PageWordsMap {
  return {
    home: {
      seoTitle: name,
      metaDescription: HOME_TEXT.description,
      eyebrow: HOME_TEXT.eyebrow,
      heroTitle: HOME_TEXT.heading,
      heroText: HOME_TEXT.lead(name),
      quoteButton: HOME_TEXT.getQuote,
      exploreButton: HOME_TEXT.explore,
      infrastructureHeading: CATEGORY_LABELS.infrastructure,
      infrastructureIntro: HOME_TEXT.categoryIntro.infrastructure,
      webHeading: CATEGORY_LABELS.web,
      webIntro: HOME_TEXT.categoryIntro.web,
      ctaTitle: HOME_TEXT.cta.title,
      ctaText: HOME_TEXT.cta.text,
    },
    services: {
      seoTitle: SERVICES_TEXT.title,
      metaDescription: SERVICES_TEXT.description,
      title: SERVICES_TEXT.title,
      lead: SERVICES_TEXT.lead,
      included: SERVICES_TEXT.included,
      ctaTitle: SERVICES_TEXT.cta.title,
      ctaText: SERVICES_TEXT.cta.text,
    },
    about: {
      seoTitle: ABOUT_TEXT.title,
      metaDescription: ABOUT_TEXT.description(name),
      title: ABOUT_TEXT.heading(name),
      lead: ABOUT_TEXT.lead,
      storyHeading: ABOUT_TEXT.storyHeading,
      story: ABOUT_TEXT.story(name),
      valuesHeading: ABOUT_TEXT.valuesHeading,
      valuesIntro: ABOUT_TEXT.valuesIntro,
      values: ABOUT_TEXT.values.map((v) => ({ title: v.name, text: v.text })),
      ctaTitle: ABOUT_TEXT.cta.title,
      ctaText: ABOUT_TEXT.cta.text,
    },
    contact: {
      seoTitle: CONTACT_TEXT.title,
      metaDescription: CONTACT_TEXT.description(name),
      title: CONTACT_TEXT.title,
      lead: CONTACT_TEXT.lead,
      asideHeading: CONTACT_TEXT.asideHeading,
    },
    quote: {
      seoTitle: QUOTE_TEXT.title,
      metaDescription: QUOTE_TEXT.description(name),
      title: QUOTE_TEXT.title,
      lead: QUOTE_TEXT.lead,
      asideHeading: QUOTE_TEXT.asideHeading,
      next: QUOTE_TEXT.next,
    },
    privacy: {
      seoTitle: PRIVACY_POLICY_TEXT.title,
      metaDescription: PRIVACY_POLICY_TEXT.description(name),
      title: PRIVACY_POLICY_TEXT.title,
      lead: PRIVACY_POLICY_TEXT.lead,
      sections: PRIVACY_POLICY_TEXT.sections.map((s) => ({
        title: s.heading,
        text: 'afterEmail' in s ? `${s.text} ${EMAIL_PLACEHOLDER} ${s.afterEmail}` : s.text,
      })),
    },
  };
}

export function defaultServiceWords(): Record<ServiceId, ServiceWords> {
  return Object.fromEntries(
    SERVICES.map(({ id, name, tagline, summary, description, features }) => [
      id,
      { name, tagline, summary, description, features: [...features] },
    ]),
  ) as Record<ServiceId, ServiceWords>;
}

/** Today's header and footer links. */
export function defaultNavigation(): NavigationWords {
  const { nav } = SITE_TEXT;
  return {
    header: [
      { title: nav.home, text: '/' },
      { title: nav.services, text: SERVICES_LINK },
      { title: nav.about, text: '/about' },
      { title: nav.blog, text: '/blog' },
      { title: nav.contact, text: '/contact' },
    ],
    footer: [
      { title: nav.about, text: '/about' },
      { title: nav.blog, text: '/blog' },
      { title: nav.contact, text: '/contact' },
      { title: SITE_TEXT.getQuote, text: '/quote' },
      { title: nav.privacy, text: '/privacy' },
    ],
  };
}

export function defaultSiteWords(name: string): SiteWords {
  return { pages: defaultPageWords(name), services: defaultServiceWords(), navigation: defaultNavigation(), customPages: [] };
}

export function navigationOf(words: SiteWords): Navigation {
  const shown = words.customPages.filter((page) => page.showInFooter).map((page) => ({ title: page.title, text: `/${page.address}` }));
  return { header: words.navigation.header, footer: [...words.navigation.footer, ...shown] };
}

export function serviceLabels(words: SiteWords): ServiceLabels {
  return Object.fromEntries(
    SERVICE_IDS.map((id) => [id, { name: words.services[id].name, tagline: words.services[id].tagline }]),
  ) as ServiceLabels;
}

/** A built-in key's words within the site's words. */
export function wordsOf(words: SiteWords, key: BuiltInKey): Record<string, FieldValue> {
  if (key === NAVIGATION_KEY) return words.navigation;
  return isServiceId(key) ? words.services[key] : words.pages[key];
}

/** How the admin names a key: the page's name, or the service's name in force. */
export const PAGE_NAMES: Record<PageKey | typeof NAVIGATION_KEY, string> = {
  navigation: 'Navigation',
  home: 'Home',
  services: 'Services',
  about: 'About',
  contact: 'Contact',
  quote: 'Get a quote',
  privacy: 'Privacy',
};

/**
 * A page's words are one of the image uses' documents under `words:{key}` (migration 160 knows a post or a settings
 * document): the media library reads the key back to name the page using an image.
 */
export const WORDS_USE_PREFIX = 'words:';

/** What a save of a page's words was. */
export const WORDS_CHANGE_KINDS = ['draft', 'published', 'scheduled', 'restored'] as const;
export type WordsChangeKind = (typeof WORDS_CHANGE_KINDS)[number];

/** One entry of a page's history. */
export interface WordsRevision {
  id: string;
  kind: WordsChangeKind;
  savedAt: string;
  savedBy: string | null;
}

/** What the editor opens with: the words in force, the draft if any, the history, and the version a save names. */
export interface WordsEditorState {
  key: WordsKey;
  name: string;
  published: Record<string, FieldValue>;
  /** Null when nothing was ever published: the page shows today's words. */
  publishedAt: string | null;
  draft: Record<string, FieldValue> | null;
  draftSavedAt: string | null;
  /** When the draft becomes the published words (a scheduled publish), if it is to. */
  scheduledAt: string | null;
  version: number;
  revisions: WordsRevision[];
  /** A page staff made: it can be deleted, and answers at its address once published. */
  isCustom: boolean;
  /** The form as this person left it unsaved (autosaved while typing), when newer than the last save. */
  autosave: { words: Record<string, FieldValue>; savedAt: string } | null;
}

/** One row of /admin/pages. */
export interface WordsSummary {
  key: WordsKey;
  name: string;
  publishedAt: string | null;
  draftSavedAt: string | null;
}

/** How many saves of each page's history are kept. */
export const WORDS_REVISIONS_KEPT = 50;

/** What changed in one field from an earlier version to the words in the form now, word by word. */
export interface WordsDiffField {
  field: string;
  label: string;
  parts: DiffPart[];
}

/** Where the admin edits a key: the navigation has its own address, everything else is under /admin/pages. */
export function editorHref(key: WordsKey): string {
  return key === NAVIGATION_KEY ? '/admin/navigation' : `/admin/pages/${key}`;
}

/** A field's value as a diff reads it: list items as paragraphs, a titled text as "title: text", a choice as yes or no. */
export function fieldText(value: FieldValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  return value.map((item) => (typeof item === 'string' ? item : `${item.title}: ${item.text}`)).join('\n\n');
}

/** A field's label in a sentence: "the hero title". */
export function fieldInSentence(key: WordsKey, field: string): string | null {
  const spec = fieldsOf(key)[field];
  return spec ? `the ${spec.label.replace(/^SEO\b/, 'SEO').replace(/^(?!SEO)./, (c) => c.toLowerCase())}` : null;
}

/** The catalogue's services (ids, categories) with the words in force. */
export function servicesWithWords(words: SiteWords): Service[] {
  return SERVICES.map((service) => ({ ...service, ...words.services[service.id] }));
}

/** What the content pages' `+data.ts` give them (a preview gives the same, with a draft in place). */
export interface SiteWordsData {
  words: SiteWords;
}
