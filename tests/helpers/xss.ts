// The sanitiser's tests: the attacks it must defuse, and a reader of its output that says what got through.
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '../../server/blog/sanitize-html.ts';
import { IMAGE_SIZES, responsiveImage } from '../../shared/images.ts';

/** Known XSS vectors (OWASP filter-evasion cheat sheet, PortSwigger XSS cheat sheet, html5sec.org). */
export const XSS_VECTORS = [
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

const TAGS = new Set(ALLOWED_TAGS);

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
export function markupProblems(html: string): string[] {
  const found: string[] = [];
  const tag = /<\/?([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/g;
  const rest = html.replace(tag, (_whole, name: string, attrs: string) => {
    if (!TAGS.has(name)) found.push(`tag <${name}>`);
    for (const [, attr, value = ''] of attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
      if (!ALLOWED_ATTRIBUTES[name]?.includes(attr!)) found.push(`attribute ${name}[${attr}]`);
      const url = decodeEntities(value)
        .replace(/[\s\p{Cc}]/gu, '')
        .toLowerCase();
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
