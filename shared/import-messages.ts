/**
 * Moving a site in (docs/product.md#import): the limits, what a dry run and a report hold, and every word the
 * Import page and the `npm run import` command say. Only the admin and the command line read this file.
 */
import { counted } from './numbers.ts';

/** The export file (WXR, Ghost JSON or the site's own archive): refused above this before a byte is read. */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** A zip (the uploads folder, or the site archive): its own size on arrival. */
export const IMPORT_ZIP_MAX_BYTES = 1024 * 1024 * 1024;
/** What a zip's files may take once unpacked, together. */
export const IMPORT_ZIP_MAX_UNPACKED = 1024 * 1024 * 1024;
/** How many files a zip may hold. */
export const IMPORT_ZIP_MAX_FILES = 20_000;
/** How much larger than its packed size one file may unpack to (a zip bomb unpacks a thousandfold and more). */
export const IMPORT_ZIP_MAX_RATIO = 100;
/** One image brought in from the old site: the media library's own upload limit applies too. */
export const IMPORT_IMAGE_FETCH_TIMEOUT_MS = 10_000;

/**
 * How long an import asked for on another instance than the one holding its file waits for that one to start it
 * (it does within a second): past this, that instance went away with the file, and the import fails.
 */
export const IMPORT_REQUEST_WAIT_MS = 60_000;

/** Where the file came from. */
export const IMPORT_KINDS = ['wordpress', 'ghost', 'archive'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** `requested`: "Import" reached another instance than the one holding the file, which starts it within a second. */
export type ImportState = 'planned' | 'requested' | 'running' | 'done' | 'failed';

/** Asked for or running: the Import page shows its progress and keeps asking how far it got. */
export const isImportUnderway = (state: ImportState): boolean => state === 'requested' || state === 'running';

/** One thing left out, and why (in words). */
export interface ImportSkip {
  title: string;
  reason: string;
}

/** What an import will do (a dry run) or did (its report): the same counts, so they read side by side. */
export interface ImportCounts {
  posts: number;
  pages: number;
  tags: number;
  images: number;
  redirects: number;
}

/** How the bodies were cleaned: block-editor comments removed, shortcodes turned into HTML or dropped. */
export interface ContentChanges {
  blockComments: number;
  captions: number;
  galleries: number;
  embeds: number;
  droppedShortcodes: number;
}

export interface ImportSummary {
  kind: ImportKind;
  fileName: string;
  /** The old site's title and address, as the file names them. */
  siteTitle: string;
  siteUrl: string;
  counts: ImportCounts;
  /** Posts by the state they arrive in. */
  statuses: { published: number; scheduled: number; drafts: number };
  content: ContentChanges;
  /** Items already imported from this file (matched by their id there, or their address and title): added again never. */
  alreadyImported: number;
  /** A post or page whose address another one here has: it gets the next free one. */
  renamed: Array<{ title: string; from: string; to: string }>;
  skipped: ImportSkip[];
  /** Images that could not be brought in (the post keeps the rest): only in a report. */
  missingImages: Array<{ url: string; reason: string }>;
  /** Redirects the redirects table already had or refused. */
  skippedRedirects: Array<{ from: string; reason: string }>;
  /** Written when the author has no name in the file: the person who imported it. */
  bylineFallbacks: number;
  /** This site's archive: the built-in pages, services, navigation and settings put back as they were. */
  restored: string[];
}

export interface ImportStatus {
  id: string;
  state: ImportState;
  /** Steps done of all steps (images brought in, then items written). */
  done: number;
  total: number;
  summary: ImportSummary;
  /** Why a failed import stopped, and where. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const IMPORT_TEXT = {
  title: 'Import',
  intro:
    'Move in from WordPress (Tools → Export, “All content”), Ghost (Settings → Labs → Export) or another copy of this site (“Export site content”). First you see what will happen; nothing is written until you choose Import.',
  chooseHeading: 'Choose what to import',
  fileLabel: 'Export file',
  fileHint: 'A WordPress .xml file, a Ghost .json file or this site’s export .zip, up to 100 MB.',
  uploadsLabel: 'Uploads folder (optional)',
  uploadsHint:
    'A .zip of wp-content/uploads, up to 1 GB unpacked. Without it, images are fetched from the old site while it still answers.',
  check: 'Check the file',
  checking: 'Reading the file…',
  planHeading: 'What will happen',
  reportHeading: 'Import report',
  lastReportHeading: 'Last import',
  fromSite: (title: string, url: string) => (url ? `From ${title || url} (${url}).` : `From ${title}.`),
  counts: {
    posts: 'Posts',
    pages: 'Pages',
    tags: 'Tags',
    images: 'Images',
    redirects: 'Old addresses redirected',
  },
  statuses: (s: { published: number; scheduled: number; drafts: number }) =>
    `${s.published} published, ${s.scheduled} scheduled, ${s.drafts} as drafts (drafts, pending and private posts are never public).`,
  content: (c: ContentChanges) =>
    `Bodies cleaned: ${counted(c.blockComments, 'block-editor comment', 'block-editor comments')} removed, ${counted(c.captions, 'caption', 'captions')}, ${counted(c.galleries, 'gallery', 'galleries')} and ${counted(c.embeds, 'embed', 'embeds')} turned into HTML, ${counted(c.droppedShortcodes, 'other shortcode', 'other shortcodes')} dropped.`,
  alreadyImported: (n: number) => `${n} ${n === 1 ? 'item was' : 'items were'} imported before and will not be added again.`,
  renamedHeading: 'Given a free address',
  renamed: (title: string, from: string, to: string) => `“${title}”: ${from} is taken, so it becomes ${to}.`,
  skippedHeading: 'Left out',
  missingImagesHeading: 'Images not brought in',
  skippedRedirectsHeading: 'Redirects not added',
  bylineFallbacks: (n: number) => `${n} ${n === 1 ? 'post has' : 'posts have'} no author’s name in the file: yours is used.`,
  restored: (names: string[]) => `Restored as they were: ${names.join(', ')}.`,
  settingsName: 'site settings',
  nothingToDo: 'Everything in this file is here already: importing it again adds nothing.',
  start: 'Import',
  starting: 'Starting…',
  progressLabel: 'Import progress',
  running: (done: number, total: number) => `Importing: ${done} of ${total} steps done.`,
  requested: 'Starting the import…',
  finished: (c: ImportCounts) =>
    `Import finished: ${counted(c.posts, 'post', 'posts')}, ${counted(c.pages, 'page', 'pages')}, ${counted(c.images, 'image', 'images')} and ${counted(c.redirects, 'redirect', 'redirects')} added.`,
  failed: 'The import stopped. Nothing from it was kept.',
  kinds: { wordpress: 'WordPress export', ghost: 'Ghost export', archive: 'Site archive' } satisfies Record<ImportKind, string>,
  untitled: 'Untitled',
  /** The byline `npm run import` gives a post whose file names no author (the Import page gives the importing person's name). */
  commandLineByline: 'Staff',
  usage: 'Usage: npm run import -- FILE [--uploads ZIP] [--dry-run] [--byline NAME]',
  dryRunDone: 'Dry run: nothing was written. Run again without --dry-run to import.',
} as const;

/** A dry run or report as lines of text: what the Import page lists under its counts, and what `npm run import` prints. */
/** One line of a dry run's or a report's summary, with the items it heads (the renamed, the left out, …). */
export interface SummaryLine {
  text: string;
  items?: string[];
}

/** The summary the Import page lists and `npm run import` prints. */
export function summaryLines(summary: ImportSummary): SummaryLine[] {
  const T = IMPORT_TEXT;
  const lines: SummaryLine[] = [
    { text: `${T.kinds[summary.kind]} ${summary.fileName}. ${T.fromSite(summary.siteTitle, summary.siteUrl)}` },
    ...Object.entries(T.counts).map(([key, label]) => ({ text: `${label}: ${summary.counts[key as keyof ImportCounts]}` })),
    { text: T.statuses(summary.statuses) },
    { text: T.content(summary.content) },
  ];
  if (summary.alreadyImported) lines.push({ text: T.alreadyImported(summary.alreadyImported) });
  if (summary.bylineFallbacks) lines.push({ text: T.bylineFallbacks(summary.bylineFallbacks) });
  if (summary.restored.length) lines.push({ text: T.restored(summary.restored) });
  const headed: Array<[string, string[]]> = [
    [T.renamedHeading, summary.renamed.map((r) => T.renamed(r.title, r.from, r.to))],
    [T.skippedHeading, summary.skipped.map((s) => `${s.title}: ${s.reason}`)],
    [T.missingImagesHeading, summary.missingImages.map((m) => `${m.url}: ${m.reason}`)],
    [T.skippedRedirectsHeading, summary.skippedRedirects.map((r) => `${r.from}: ${r.reason}`)],
  ];
  for (const [heading, items] of headed) if (items.length) lines.push({ text: `${heading}:`, items });
  return lines;
}

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose an export file to import.',
  tooLarge: 'This file is larger than 100 MB, the largest export the site takes. For a bigger site use “npm run import” on the server.',
  zipTooLarge: 'This zip is larger than 1 GB, the largest the site takes.',
  notAnExport:
    'This is not an export the site can read. Expected a WordPress export (.xml from Tools → Export), a Ghost export (.json) or this site’s own export (.zip).',
  notUploadsZip: 'The uploads file must be a .zip of the wp-content/uploads folder.',
  doctype: 'This XML file declares a DOCTYPE or entities, which a WordPress export never does: it was not read.',
  badXml: (where: string) => `The export file is not well-formed XML (${where}). Export it again from WordPress.`,
  newerArchive: (version: number) => `This archive is of format version ${version}, newer than this site reads. Update the site first.`,
  badJson: 'The Ghost export is not valid JSON. Export it again from Ghost.',
  truncated: 'The file ends too early: it was cut off while uploading or downloading. Export and upload it again.',
  zipUnsafeName: (name: string) => `The zip names a file outside its folder (${name}): it was not read.`,
  zipLink: (name: string) => `The zip holds a link (${name}), which the site does not follow: it was not read.`,
  zipTooManyFiles: `The zip holds more than ${IMPORT_ZIP_MAX_FILES.toLocaleString('en-AU')} files.`,
  zipTooBig: 'The zip unpacks to more than 1 GB.',
  zipRatio: (name: string) => `A file in the zip (${name}) unpacks to far more than its packed size, as a zip bomb does: it was not read.`,
  zipBroken: 'The zip file is damaged or incomplete. Make it again and upload it.',
  notFound: 'There is no such import.',
  alreadyStarted: 'This import has already started.',
  busy: 'Another import is running. Wait until it finishes.',
  interrupted: 'The import stopped when the server restarted. Nothing from it was kept; import the file again.',
  notStarted:
    'The import did not start: the server that read the file no longer has it (it restarted, or 15 minutes passed). Nothing was imported; choose the file again.',
  /** Where an import stopped, for `stoppedAt`. */
  where: {
    reading: 'reading the file',
    images: 'bringing in the images',
    writing: 'writing the posts, pages and redirects',
  },
  stoppedAt: (where: string, why: string) =>
    `Stopped at ${where}: ${why}. Nothing from this import was kept; fix the file and import it again.`,
  settingsRefused: (why: string) => `the site settings were not applied: ${why}`,
  wordsRefused: 'its words do not pass today’s rules',
  imageFailed: {
    status: (status: number) => `the old site answered ${status}`,
    timeout: 'the old site did not answer in time',
    unreachable: 'the old site could not be reached',
    tooLarge: 'larger than the media library takes',
    notInZip: 'not in the uploads zip',
    notImage: 'not an image the media library takes',
    address: 'not a web address',
  },
  skip: {
    type: (type: string) => `a “${type}” item, which is neither a post nor a page`,
    trash: 'in the trash',
    empty: 'has no text',
    autoDraft: 'an automatic draft WordPress keeps while writing',
    invalid: (why: string) => `refused: ${why}`,
  },
  redirectSkipped: {
    clash: 'another import’s post has this old address',
  },
} as const;
