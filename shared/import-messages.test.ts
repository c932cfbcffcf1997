import { describe, expect, it } from 'vitest';
import { type ImportSummary, summaryLines } from './import-messages.ts';

const summary: ImportSummary = {
  kind: 'wordpress',
  fileName: 'old.xml',
  siteTitle: 'Old Co',
  siteUrl: 'https://old.example.com',
  counts: { posts: 2, pages: 1, tags: 0, images: 0, redirects: 3 },
  statuses: { published: 1, scheduled: 0, drafts: 1 },
  content: { blockComments: 1, captions: 1, galleries: 2, embeds: 0, droppedShortcodes: 1 },
  alreadyImported: 0,
  renamed: [],
  skipped: [{ title: 'Menu', reason: 'not a post' }],
  missingImages: [],
  skippedRedirects: [],
  bylineFallbacks: 0,
  restored: [],
};

describe('an import summary', () => {
  it('counts in the right number, and lists what a heading covers under it', () => {
    const lines = summaryLines(summary);
    expect(lines.find((l) => l.text.startsWith('Bodies cleaned'))?.text).toBe(
      'Bodies cleaned: 1 block-editor comment removed, 1 caption, 2 galleries and 0 embeds turned into HTML, 1 other shortcode dropped.',
    );
    expect(lines.at(-1)).toEqual({ text: 'Left out:', items: ['Menu: not a post'] });
    expect(lines.filter((l) => l.items)).toHaveLength(1);
  });
});
