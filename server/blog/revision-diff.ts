import { type PostContent, postStatus } from '../../shared/blog.ts';
import {
  POST_FIELDS,
  type PublishState,
  REVISION_TEXT,
  type RevisionChange,
  type RevisionDiff,
  type TextField,
} from '../../shared/revisions.ts';
import type { StoredRevision } from '../../db/queries/blog-revisions.ts';
import { diffWords } from './word-diff.ts';
import { altOf, decodeEntities } from './stored-html.ts';

/** A post as a save leaves it: its words and its publishing state. */
export type PostState = PostContent & PublishState;

const TEXT_FIELDS = POST_FIELDS.filter((f): f is TextField => f !== 'publishing' && f !== 'content');

function textOf(post: PostContent, field: TextField): string {
  if (field === 'tags') return post.tags.join(', ');
  return post[field] ?? '';
}

const BLOCK_TAG = /<\/?(?:p|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|div|figure|figcaption|table|thead|tbody|tr|hr)\b[^>]*>|<br\s*\/?>/gi;

/**
 * The body as a reader takes it in, for a diff: one paragraph (heading, list item…) a line, blank lines between,
 * inline formatting dropped, each image as the words that describe it. (`htmlToText` folds everything into one
 * line, and splits a word whose letters are partly bold.)
 */
export function bodyText(html: string): string {
  const text = html
    .replace(/<img\b[^>]*>/gi, (tag) => ` ${REVISION_TEXT.image(altOf(tag))} `)
    .replace(BLOCK_TAG, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** What kind of change a save made, from the post as it was (null: the first save) to as it is saved now. */
export function changeBetween(before: PostState | null, after: PostState, now: Date, restoredFrom: string | null = null): RevisionChange {
  if (!before) return { kind: 'created', fields: [], restoredFrom: null };
  const fields = POST_FIELDS.filter((field) => {
    if (field === 'publishing') return before.published !== after.published || before.publishedAt !== after.publishedAt;
    if (field === 'content') return before.content !== after.content;
    return textOf(before, field) !== textOf(after, field);
  });
  if (restoredFrom) return { kind: 'restored', fields, restoredFrom };
  const kind =
    !before.published && after.published
      ? postStatus(after, now.getTime()) === 'Scheduled'
        ? 'scheduled'
        : 'published'
      : before.published && !after.published
        ? 'unpublished'
        : fields.length
          ? 'edited'
          : 'unchanged';
  return { kind, fields, restoredFrom: null };
}

/** What changed from an earlier version to the post as it is now: each differing field, and the body word by word. */
export function diffRevision(revision: StoredRevision, current: PostState): RevisionDiff {
  const fields = TEXT_FIELDS.map((field) => ({ field, before: textOf(revision, field), after: textOf(current, field) }))
    .filter(({ before, after }) => before !== after)
    .map(({ field, before, after }) => ({ field, parts: diffWords(before, after) }));
  const was = revision.publishing;
  const publishing =
    was && (was.published !== current.published || was.publishedAt !== current.publishedAt)
      ? { before: was, after: { published: current.published, publishedAt: current.publishedAt } }
      : null;
  const [before, after] = [bodyText(revision.content), bodyText(current.content)];
  // The same words in other formatting: an empty diff, which the editor says is formatting only.
  const content = before !== after ? diffWords(before, after) : revision.content !== current.content ? [] : null;
  return { fields, publishing, content };
}
