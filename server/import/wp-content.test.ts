import { describe, expect, it } from 'vitest';
import { cleanWordPressBody, noContentChanges } from './wp-content.ts';

const ATTACHMENTS = new Map([
  ['7', 'https://old.example/wp-content/uploads/a.jpg'],
  ['8', 'https://old.example/wp-content/uploads/b.jpg'],
]);

describe('a WordPress body made plain HTML', () => {
  it('removes block comments and keeps their HTML', () => {
    const changes = noContentChanges();
    expect(cleanWordPressBody('<!-- wp:heading {"level":3} --><h3>Hi</h3><!-- /wp:heading -->', ATTACHMENTS, changes)).toBe('<h3>Hi</h3>');
    expect(changes.blockComments).toBe(2);
  });

  it('turns [caption] into a figure, [gallery] into its images and [embed] into a link, and drops other shortcodes', () => {
    const changes = noContentChanges();
    const html = cleanWordPressBody(
      '<p>[caption id="x" width="300"]<a href="/big.jpg"><img src="/a.jpg" alt="A" /></a> The caption[/caption]</p><p>[gallery ids="7, 8, 99"]</p><p>[embed]https://video.example/v/1[/embed]</p><p>[button url="/x"]Click[/button] and [audio src="/a.mp3"] but [sic] and [1] stay</p>',
      ATTACHMENTS,
      changes,
    );
    expect(html).toContain('<figure><a href="/big.jpg"><img src="/a.jpg" alt="A" /></a><figcaption>The caption</figcaption></figure>');
    expect(html).toContain(
      '<figure><img src="https://old.example/wp-content/uploads/a.jpg" alt=""></figure><figure><img src="https://old.example/wp-content/uploads/b.jpg" alt=""></figure>',
    );
    expect(html).toContain('<a href="https://video.example/v/1">https://video.example/v/1</a>');
    expect(html).toContain('Click and  but [sic] and [1] stay');
    expect(changes).toEqual({ blockComments: 0, captions: 1, galleries: 1, embeds: 1, droppedShortcodes: 2 });
  });

  it('gives paragraphs to a body written without them, and leaves one that has them', () => {
    expect(cleanWordPressBody('One line\nand the next.\n\nSecond.', ATTACHMENTS, noContentChanges())).toBe(
      '<p>One line<br>and the next.</p>\n<p>Second.</p>',
    );
    expect(cleanWordPressBody('<p>Already</p>\n\n<p>fine</p>', ATTACHMENTS, noContentChanges())).toBe('<p>Already</p>\n\n<p>fine</p>');
  });
});
