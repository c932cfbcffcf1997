import { describe, expect, it } from 'vitest';
import { cleanWordPressBody, noContentChanges } from './wp-content.ts';

const ATTACHMENTS = new Map([
  ['7', { url: 'https://old.example/wp-content/uploads/a.jpg', alt: 'A "server"' }],
  ['8', { url: 'https://old.example/wp-content/uploads/b.jpg', alt: '' }],
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
      '<figure><img src="https://old.example/wp-content/uploads/a.jpg" alt="A &quot;server&quot;"></figure><figure><img src="https://old.example/wp-content/uploads/b.jpg" alt=""></figure>',
    );
    expect(html).toContain('<a href="https://video.example/v/1">https://video.example/v/1</a>');
    expect(html).toContain('Click and  but [sic] and [1] stay');
    expect(changes).toEqual({ blockComments: 0, captions: 1, galleries: 1, embeds: 1, droppedShortcodes: 2 });
  });

  it('gives paragraphs to a body written without them, and leaves one that has them', () => {
    expect(cleanWordPressBody('One line\nand the next.\n\nSecond.', ATTACHMENTS, noContentChanges())).toBe(
      '<p>One line<br>and the next.</p>\n<p>Second.</p>',
    );
    expect(cleanWordPressBody('<p>Already</p>\n\n<p>fine</p>', ATTACHMENTS, noContentChanges())).toBe('<p>Already</p>\n<p>fine</p>');
  });

  it('gives a classic body’s text paragraphs beside the figure a caption became, as WordPress shows it', () => {
    const classic = 'Before the photo.\n\n[caption width="300"]<img src="/a.jpg" alt="A" /> The rack[/caption]\n\nAfter it.';
    expect(cleanWordPressBody(classic, ATTACHMENTS, noContentChanges())).toBe(
      '<p>Before the photo.</p>\n<figure><img src="/a.jpg" alt="A" /><figcaption>The rack</figcaption></figure>\n<p>After it.</p>',
    );
  });

  it('leaves a block-editor body’s HTML as the editor saved it, blank lines and all', () => {
    const blocks =
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->';
    expect(cleanWordPressBody(blocks, ATTACHMENTS, noContentChanges())).toBe('<ul>\n<li>One</li>\n\n\n\n<li>Two</li>\n</ul>');
  });
});
