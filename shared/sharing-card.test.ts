import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artworkSvg, sharingCardSvg, titleLayout, wrapWords } from './sharing-card.ts';
import { titleKey } from './sharing-image.ts';

describe('the sharing artwork', () => {
  it('is the file the blog shows for posts without an image', () => {
    expect(readFileSync(new URL('../public/images/og-default.svg', import.meta.url), 'utf8').trim()).toBe(artworkSvg());
  });
});

describe('sharing cards', () => {
  it('wrap words into lines that fit, splitting only a word longer than a line', () => {
    expect(wrapWords('Backups that work: the 3-2-1 rule', 12)).toEqual(['Backups that', 'work: the', '3-2-1 rule']);
    expect(wrapWords('Supercalifragilistic', 8)).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it('set a short title large and a long one smaller, cutting only what no size fits', () => {
    expect(titleLayout('Zero trust for small business')).toEqual({ size: 72, lines: ['Zero trust for small', 'business'] });
    expect(titleLayout('word '.repeat(15)).size).toBe(58);
    const cut = titleLayout('word '.repeat(200));
    expect(cut.lines).toHaveLength(5);
    expect(cut.lines.at(-1)).toMatch(/…$/);
  });

  it('escape the title as XML text', () => {
    const svg = sharingCardSvg('R&D <script> "quotes"');
    expect(svg).toContain('R&amp;D &lt;script&gt; &quot;quotes&quot;');
    expect(svg).not.toContain('<script>');
  });

  it('are named by their title, so a retitled post gets a new address', () => {
    expect(titleKey('Zero trust')).toBe(titleKey(' Zero trust '));
    expect(titleKey('Zero trust')).not.toBe(titleKey('Zero trust, part 2'));
  });
});
