/**
 * A post's history beyond who and when (docs/product.md#blog-editor): what kind of change each save made, and what
 * changed between an earlier version and the current post, word by word. The words staff read are here rather than
 * in shared/messages.ts because only the editor shows them (that catalogue is in every public page's script).
 */

/** The parts of a post a save can change, in the order a diff lists them. */
export const POST_FIELDS = [
  'title',
  'excerpt',
  'slug',
  'tags',
  'author',
  'featuredImage',
  'featuredImageAlt',
  'publishing',
  'content',
] as const;
export type PostField = (typeof POST_FIELDS)[number];

/** The short text fields a diff shows word by word above the body. */
export type TextField = Exclude<PostField, 'publishing' | 'content'>;

/**
 * What a save was: the first one; a publish, a scheduled publish or a move back to draft; a restore of an earlier
 * version; any other save that changed something; or a save that changed nothing.
 */
export const REVISION_KINDS = ['created', 'published', 'scheduled', 'unpublished', 'restored', 'edited', 'unchanged'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export interface RevisionChange {
  kind: RevisionKind;
  /** The fields this save changed, in POST_FIELDS order. */
  fields: PostField[];
  /** For a restore: when the version it brought back had been saved. */
  restoredFrom: string | null;
}

export interface PublishState {
  published: boolean;
  publishedAt: string;
}

export type DiffOp = 'same' | 'added' | 'removed';

/** A run of words (with the white space between them) that is in both texts, only the newer, or only the older. */
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** What changed from an earlier version to the current post: only what differs is listed. */
export interface RevisionDiff {
  fields: Array<{ field: TextField; parts: DiffPart[] }>;
  /** Null when the same, or when the version is older than the history's publishing record. */
  publishing: { before: PublishState; after: PublishState } | null;
  /** The body's text, paragraphs kept as line breaks; empty when only its formatting changed, null when the same. */
  content: DiffPart[] | null;
}

/** The editor's words for the history and its diffs. */
export const REVISION_TEXT = {
  fieldNames: {
    title: 'the title',
    excerpt: 'the excerpt',
    slug: 'the address',
    tags: 'the tags',
    author: 'the author',
    featuredImage: 'the featured image',
    featuredImageAlt: 'the featured image’s alt text',
    publishing: 'the publish date',
    content: 'the text',
  } satisfies Record<PostField, string>,
  fieldLabels: {
    title: 'Title',
    excerpt: 'Excerpt',
    slug: 'Address',
    tags: 'Tags',
    author: 'Author',
    featuredImage: 'Featured image',
    featuredImageAlt: 'Featured image alt text',
    publishing: 'Publishing',
    content: 'Text',
  } satisfies Record<PostField, string>,
  created: 'Created',
  published: 'Published',
  scheduled: 'Scheduled',
  unpublished: 'Made a draft again',
  unchanged: 'Saved without changes',
  changed: (fields: string) => `Changed ${fields}`,
  alsoChanged: (what: string, fields: string) => `${what}; changed ${fields}`,
  restored: (when: string) => `Restored the version saved ${when}`,
  compare: 'Show changes',
  compareLabel: (saved: string) => `Show changes since the version saved ${saved}`,
  diffTitle: 'Changes since this version',
  diffIntro: (saved: string) => `From the version saved ${saved} to the current one.`,
  legend: 'Removed words are struck through; added words are underlined.',
  sameAsCurrent: 'This version is the same as the current one.',
  formattingOnly: 'The same words; only their formatting changed.',
  /** Read out around each run of changed words, which a screen reader would otherwise read as plain text. */
  removedStart: 'Removed:',
  removedEnd: 'End of removed text.',
  addedStart: 'Added:',
  addedEnd: 'End of added text.',
  empty: '(empty)',
  draft: 'Draft',
  publishedOn: (when: string) => `Published ${when}`,
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  /** How an image in the body reads in a diff: the words that describe it. */
  image: (alt: string) => `[Image: ${alt}]`,
  restoreHint:
    'Restoring brings back this version’s words and images as a new save. The address and publishing stay as they are, and the current version stays in the history.',
  close: 'Close',
  loading: 'Loading the changes…',
  loadFailed: 'The changes could not be loaded.',
} as const;

/** "the title, the text and the tags" */
function listOf(fields: readonly PostField[]): string {
  return new Intl.ListFormat('en-AU', { type: 'conjunction' }).format(fields.map((f) => REVISION_TEXT.fieldNames[f]));
}

/** What a history entry says about its save; `formatTime` writes a restored version's time as the editor does. */
export function describeChange(change: RevisionChange, formatTime: (iso: string) => string): string {
  const others = change.fields.filter((f) => f !== 'publishing');
  switch (change.kind) {
    case 'created':
      return REVISION_TEXT.created;
    case 'restored':
      return REVISION_TEXT.restored(change.restoredFrom ? formatTime(change.restoredFrom) : '');
    case 'unchanged':
      return REVISION_TEXT.unchanged;
    case 'edited':
      return REVISION_TEXT.changed(listOf(change.fields));
    default: {
      const what = REVISION_TEXT[change.kind];
      return others.length ? REVISION_TEXT.alsoChanged(what, listOf(others)) : what;
    }
  }
}
