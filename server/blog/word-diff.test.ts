import { describe, expect, it } from 'vitest';
import type { DiffPart } from '../../shared/revisions.ts';
import { bodyText, changeBetween, diffRevision } from './revision-diff.ts';
import { diffWords } from './word-diff.ts';

/** The two texts a diff was made from, put back together from its parts. */
function sides(parts: DiffPart[]): [string, string] {
  return [
    parts
      .filter((p) => p.op !== 'added')
      .map((p) => p.text)
      .join(''),
    parts
      .filter((p) => p.op !== 'removed')
      .map((p) => p.text)
      .join(''),
  ];
}

describe('diffWords', () => {
  it('one word changed is one removal and one insertion between the same words', () => {
    expect(diffWords('The quick brown fox', 'The quick red fox')).toEqual([
      { op: 'same', text: 'The quick ' },
      { op: 'removed', text: 'brown' },
      { op: 'added', text: 'red' },
      { op: 'same', text: ' fox' },
    ]);
  });

  it('words added and removed in several places; the parts give back both texts exactly', () => {
    const before = 'Back up every night.\n\nTest a restore each month, and keep one copy off site.';
    const after = 'Back up every hour.\n\nTest a full restore each month, and keep two copies off site.\n\nWrite it down.';
    const parts = diffWords(before, after);
    expect(sides(parts)).toEqual([before, after]);
    expect(parts.filter((p) => p.op === 'added').map((p) => p.text.trim())).toEqual(['hour', 'full', 'two copies', 'Write it down.']);
    expect(parts.filter((p) => p.op === 'removed').map((p) => p.text.trim())).toEqual(['night', 'one copy']);
  });

  it('punctuation and hyphens are tokens of their own: a word gaining a comma, an address gaining a word', () => {
    expect(diffWords('Backups that restore', 'Backups that restore, tested')).toEqual([
      { op: 'same', text: 'Backups that restore' },
      { op: 'added', text: ', tested' },
    ]);
    expect(diffWords('backups-that-restore', 'backups-that-restore-tested')).toEqual([
      { op: 'same', text: 'backups-that-restore' },
      { op: 'added', text: '-tested' },
    ]);
    expect(diffWords("Don't panic.", "Don't worry.")).toEqual([
      { op: 'same', text: "Don't " },
      { op: 'removed', text: 'panic' },
      { op: 'added', text: 'worry' },
      { op: 'same', text: '.' },
    ]);
  });

  it('the same text is one unchanged part; from or to nothing is one removal or insertion', () => {
    expect(diffWords('same words', 'same words')).toEqual([{ op: 'same', text: 'same words' }]);
    expect(diffWords('', 'new words')).toEqual([{ op: 'added', text: 'new words' }]);
    expect(diffWords('old words', '')).toEqual([{ op: 'removed', text: 'old words' }]);
  });

  it('past the edit limit the middle is shown as replaced whole, keeping the common start and end', () => {
    const parts = diffWords('start a b c d end', 'start w x y z end', 3);
    expect(parts).toEqual([
      { op: 'same', text: 'start ' },
      { op: 'removed', text: 'a b c d' },
      { op: 'added', text: 'w x y z' },
      { op: 'same', text: ' end' },
    ]);
  });

  it('a long text with a few edits is diffed exactly (the common start and end are set aside first)', () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i}`);
    const edited = [...words];
    edited[100] = 'changed';
    edited.splice(40_000, 1);
    const parts = diffWords(words.join(' '), edited.join(' '));
    expect(sides(parts)).toEqual([words.join(' '), edited.join(' ')]);
    expect(parts.filter((p) => p.op !== 'same').map((p) => `${p.op}:${p.text.trim()}`)).toEqual([
      'removed:w100',
      'added:changed',
      'removed:w40000',
    ]);
  });
});

describe('revision diffs', () => {
  const post = {
    slug: 'backups',
    title: 'Backups',
    excerpt: 'How to back up.',
    content: '<h2>Why</h2><p>Disks <strong>fail</strong>.</p><p><img src="/a.png" alt="A rack &amp; cables"></p>',
    author: 'Sam',
    tags: ['Backup'],
    featuredImage: null,
    featuredImageAlt: null,
    published: false,
    publishedAt: '2026-11-20T00:00:00.000Z',
  };
  const now = new Date('2026-11-26T00:00:00.000Z');

  it('the body reads as paragraphs, inline formatting dropped (no split words), images by their description', () => {
    expect(bodyText(post.content)).toBe('Why\n\nDisks fail.\n\n[Image: A rack & cables]');
  });

  it('each save is named by what it did', () => {
    expect(changeBetween(null, post, now).kind).toBe('created');
    expect(changeBetween(post, post, now)).toEqual({ kind: 'unchanged', fields: [], restoredFrom: null });
    expect(changeBetween(post, { ...post, title: 'Backups 101', tags: ['Backup', 'Cloud'] }, now)).toEqual({
      kind: 'edited',
      fields: ['title', 'tags'],
      restoredFrom: null,
    });
    expect(changeBetween(post, { ...post, published: true }, now)).toEqual({
      kind: 'published',
      fields: ['publishing'],
      restoredFrom: null,
    });
    expect(changeBetween(post, { ...post, published: true, publishedAt: '2026-12-01T00:00:00.000Z' }, now).kind).toBe('scheduled');
    expect(changeBetween({ ...post, published: true }, post, now).kind).toBe('unpublished');
    expect(changeBetween(post, { ...post, content: '<p>Other</p>' }, now, '2026-11-21T00:00:00.000Z')).toEqual({
      kind: 'restored',
      fields: ['content'],
      restoredFrom: '2026-11-21T00:00:00.000Z',
    });
  });

  it('a diff lists only what differs: fields word by word, publishing, the body; formatting alone is an empty body diff', () => {
    const revision = { ...post, savedAt: '2026-11-21T00:00:00.000Z', publishing: { published: false, publishedAt: post.publishedAt } };
    const current = { ...post, title: 'Backups That Work', content: post.content.replace('fail', 'wear out'), published: true };
    const diff = diffRevision(revision, current);
    expect(diff.fields).toEqual([
      {
        field: 'title',
        parts: [
          { op: 'same', text: 'Backups' },
          { op: 'added', text: ' That Work' },
        ],
      },
    ]);
    expect(diff.publishing).toEqual({ before: revision.publishing, after: { published: true, publishedAt: post.publishedAt } });
    expect(diff.content?.filter((p) => p.op !== 'same')).toEqual([
      { op: 'removed', text: 'fail' },
      { op: 'added', text: 'wear out' },
    ]);
    expect(diffRevision(revision, { ...post, content: post.content.replace('<strong>fail</strong>', 'fail') }).content).toEqual([]);
    expect(diffRevision({ ...revision, publishing: null }, { ...post, published: true })).toEqual({
      fields: [],
      publishing: null,
      content: null,
    });
  });

  it('the featured image’s alt text is a field of its own, in the history and in the diff', () => {
    const before = { ...post, featuredImage: '/img/rack.webp', featuredImageAlt: 'A rack' };
    const after = { ...before, featuredImageAlt: 'A tidy rack' };
    expect(changeBetween(before, after, now)).toEqual({ kind: 'edited', fields: ['featuredImageAlt'], restoredFrom: null });
    const revision = { ...before, savedAt: '2026-11-21T00:00:00.000Z', publishing: null };
    expect(diffRevision(revision, after).fields).toEqual([
      {
        field: 'featuredImageAlt',
        parts: [
          { op: 'same', text: 'A ' },
          { op: 'added', text: 'tidy ' },
          { op: 'same', text: 'rack' },
        ],
      },
    ]);
  });
});
