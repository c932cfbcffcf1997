import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';
import { XSS_VECTORS, markupProblems } from '../../tests/helpers/xss.ts';

describe('sanitiser against XSS', () => {
  it.each(XSS_VECTORS)('nothing executable survives %s', (vector) => {
    const clean = sanitizeHtml(vector);
    expect(markupProblems(clean)).toEqual([]);
    // Sanitising is stable: a second pass (on render) changes nothing.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('script and style bodies are dropped, not shown as text', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });
});

/** Formatting an author expects to keep, each with the exact output. */
const GOOD_FORMATTING: Array<[string, string]> = [
  ['<h2>Heading</h2><h3>Sub</h3><h4>Minor</h4>', '<h2>Heading</h2><h3>Sub</h3><h4>Minor</h4>'],
  ['<h1>Top</h1>', '<h2>Top</h2>'],
  [
    '<p>One <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>old</s> and <mark>marked</mark>.</p>',
    '<p>One <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>old</s> and <mark>marked</mark>.</p>',
  ],
  ['<p>Line<br />break</p><hr />', '<p>Line<br />break</p><hr />'],
  ['<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>', '<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>'],
  ['<ol start="3"><li>three</li></ol>', '<ol start="3"><li>three</li></ol>'],
  ['<dl><dt>MFA</dt><dd>Multi-factor authentication</dd></dl>', '<dl><dt>MFA</dt><dd>Multi-factor authentication</dd></dl>'],
  ['<a href="/services?service=web-hosting">hosting</a>', '<a href="/services?service=web-hosting">hosting</a>'],
  ['<a href="#backups">jump</a>', '<a href="#backups">jump</a>'],
  [
    '<a href="https://www.cyber.gov.au/" title="ACSC">ACSC</a>',
    '<a href="https://www.cyber.gov.au/" title="ACSC" rel="noopener noreferrer">ACSC</a>',
  ],
  ['<a href="mailto:hello@northbridge-it.com.au">mail</a>', '<a href="mailto:hello@northbridge-it.com.au">mail</a>'],
  ['<a href="tel:+61280050142">call</a>', '<a href="tel:+61280050142">call</a>'],
  [
    '<img src="/images/blog/x.svg" alt="Diagram" width="1200" height="630" />',
    '<img src="/images/blog/x.svg" alt="Diagram" width="1200" height="630" loading="lazy" />',
  ],
  [
    '<img src="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.png" alt="Rack" width="1600" height="900" srcset="https://evil.example/x.png 1w" sizes="1px" />',
    '<img src="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.png" alt="Rack" width="1600" height="900" srcset="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/480.webp 480w, /media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.webp 960w, /media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.webp 1600w" sizes="(min-width: 46rem) 44rem, calc(100vw - 2rem)" loading="lazy" />',
  ],
  [
    '<img src="https://cdn.example.com/a.png" srcset="https://cdn.example.com/b.png 2x" alt="A" />',
    '<img src="https://cdn.example.com/a.png" alt="A" loading="lazy" />',
  ],
  [
    '<figure><img src="https://cdn.example.com/a.png" alt="A" /><figcaption>Caption</figcaption></figure>',
    '<figure><img src="https://cdn.example.com/a.png" alt="A" loading="lazy" /><figcaption>Caption</figcaption></figure>',
  ],
  [
    '<pre><code class="language-bash">ping -c 4 10.0.0.1 &amp;&amp; echo ok</code></pre>',
    '<pre><code class="language-bash">ping -c 4 10.0.0.1 &amp;&amp; echo ok</code></pre>',
  ],
  ['<p>Run <code>ipconfig /all</code> then <kbd>Enter</kbd>.</p>', '<p>Run <code>ipconfig /all</code> then <kbd>Enter</kbd>.</p>'],
  ['<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>', '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>'],
  [
    '<table><caption>Plans</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>VPS</td><td colspan="2">$40</td></tr></tbody></table>',
    '<table><caption>Plans</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>VPS</td><td colspan="2">$40</td></tr></tbody></table>',
  ],
  [
    '<blockquote><p>Zero trust is a direction.</p><cite>Priya</cite></blockquote>',
    '<blockquote><p>Zero trust is a direction.</p><cite>Priya</cite></blockquote>',
  ],
  [
    '<p><abbr title="Multi-factor authentication">MFA</abbr> since <time datetime="2026-03-10">March</time></p>',
    '<p><abbr title="Multi-factor authentication">MFA</abbr> since <time datetime="2026-03-10">March</time></p>',
  ],
  ['<p>H<sub>2</sub>O and x<sup>2</sup>, &lt;3 &amp; “quotes” 🚀</p>', '<p>H<sub>2</sub>O and x<sup>2</sup>, &lt;3 &amp; “quotes” 🚀</p>'],
];

describe('sanitiser keeps good formatting', () => {
  it.each(GOOD_FORMATTING)('keeps %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
    expect(sanitizeHtml(expected)).toBe(expected);
  });
});
