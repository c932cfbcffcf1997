import { describe, expect, it } from 'vitest';
import { htmlToText, readTimeMinutes } from './read-time.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readTimeMinutes', () => {
  it('is at least one minute, even for empty content', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('<p></p>')).toBe(1);
  });
  it('rounds words / 200 up', () => {
    expect(readTimeMinutes(`<p>${words(200)}</p>`)).toBe(1);
    expect(readTimeMinutes(`<p>${words(201)}</p>`)).toBe(2);
    expect(readTimeMinutes(`<h2>${words(100)}</h2><ul><li>${words(350)}</li></ul>`)).toBe(3);
  });
  it('counts only visible text, not tags, attributes or scripts', () => {
    const html = `<p class="${words(500)}">one two</p><script>${words(900)}</script>`;
    expect(htmlToText(html)).toBe('one two');
  });
  it('decodes entities and folds white space', () => {
    expect(htmlToText('<p>Fish&nbsp;&amp;\n\n chips &lt;3</p>')).toBe('Fish & chips <3');
  });
  it('decodes once: an escaped entity reads as the entity', () => {
    expect(htmlToText('<p>Write &amp;lt;p&amp;gt; for a paragraph</p>')).toBe('Write &lt;p&gt; for a paragraph');
  });
});
