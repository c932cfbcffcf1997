import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';

/** A rendered response: what Vike (or a feed) produced for one URL. */
export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
  /** False when it was made from stand-in content (words the database could not give): sent, never stored. */
  storable?: boolean;
}

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  /** The bytes sent; none for identity, which is made from the gzip bytes when asked for (variantBody). */
  body: Buffer | null;
  etag: string;
  /** Content-Encoding, Content-Length and ETag of this variant. */
  headers: Array<[string, string]>;
}

/** A page ready to send: its shared headers and one representation per encoding, each with a strong ETag of its own. */
export interface StoredPage {
  statusCode: number;
  headers: Array<[string, string]>;
  variants: Record<Encoding, Variant>;
  /** When it was rendered, whole seconds (Last-Modified, If-Modified-Since). */
  modifiedAt: number;
  /** Memory it holds: the brotli and gzip bodies. */
  bytes: number;
  /** A 200 HTML page: answering it may count as a page view (server/analytics). */
  isPage: boolean;
}

/**
 * Browsers revalidate every time (a cheap 304, and the page stays eligible for the back/forward cache); a CDN or
 * proxy may keep a page for a minute and serve it stale for five more while it refetches. Staff pages are never
 * shared.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const compressBrotli = promisify(brotliCompress);
/** A 256 KB brotli window: larger than any page here, and 16x less working memory than the default 4 MB. */
const LGWIN = 18;
const compressGzip = promisify(gzip);
/** Headers that describe one body, set per variant here rather than copied from the renderer. */
const PER_VARIANT = new Set(['cache-control', 'content-length', 'content-encoding', 'etag', 'vary', 'last-modified']);

/**
 * Compresses a rendered page once, off the event loop (zlib runs in the thread pool). Brotli quality 6: about
 * 8 ms for a 50 KB page and 7% smaller than gzip; quality 11 saves another 9% but costs 200+ ms of CPU per page,
 * paid again for every page after each blog edit on a 2-core server.
 *
 * Only the compressed bodies are kept: every browser and crawler asks for gzip or brotli, and the plain bytes were
 * two thirds of what a page held (a 60 KB page: 60 KB plain, 14 KB gzip, 12 KB brotli). The rare client accepting
 * neither gets the gzip bytes decompressed, ~0.3 ms for a 60 KB page, and the last few plain pages are kept
 * (variantBody; docs/decisions/020-cache-hit-path.md).
 */
export async function storePage(page: RenderedPage, now = Date.now()): Promise<StoredPage> {
  const identity = Buffer.from(page.body);
  const [brotli, gzipped] = await Promise.all([
    compressBrotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_LGWIN]: LGWIN,
      },
    }),
    compressGzip(identity, { level: 9 }),
  ]);
  // zlib hands back a slice of its 16 KB output chunk when the result fits in one: kept as it is, a 10 KB page
  // would hold the whole 16 KB. Both bodies are copied into one allocation of exactly their size instead.
  const bodies = Buffer.allocUnsafeSlow(brotli.length + gzipped.length);
  brotli.copy(bodies, 0);
  gzipped.copy(bodies, brotli.length);
  const br = bodies.subarray(0, brotli.length);
  const gz = bodies.subarray(brotli.length);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  // Strong validators: each encoding is a representation of its own, so each gets its own ETag (RFC 9110 8.8.3).
  const variant = (body: Buffer, encoding: Encoding, suffix: string): Variant => {
    const etag = `"${hash}${suffix}"`;
    const headers: Array<[string, string]> = [
      ['Content-Length', String(body.length)],
      ['ETag', etag],
    ];
    if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
    return { body: encoding === 'identity' ? null : body, etag, headers };
  };
  const modifiedAt = Math.floor(now / 1000) * 1000;
  return {
    statusCode: page.statusCode,
    headers: [
      ...page.headers.filter(([name]) => !PER_VARIANT.has(name.toLowerCase())),
      ['Cache-Control', PUBLIC_CACHE_CONTROL],
      ['Vary', 'Accept-Encoding'],
      ['Last-Modified', new Date(modifiedAt).toUTCString()],
    ],
    modifiedAt,
    variants: { br: variant(br, 'br', '-br'), gzip: variant(gz, 'gzip', '-gz'), identity: variant(identity, 'identity', '') },
    bytes: br.length + gz.length,
    isPage:
      page.statusCode === 200 &&
      page.headers.some(([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html')),
  };
}

/** Plain pages decompressed lately, newest last, within PLAIN_BYTES: a client without gzip asks for a page again. */
const plainPages = new Map<StoredPage, Buffer>();
const PLAIN_BYTES = 2 * 1024 * 1024;
let plainBytes = 0;

/** The bytes of one representation of a stored page: the plain page is decompressed from its gzip bytes. */
export function variantBody(page: StoredPage, encoding: Encoding): Buffer {
  const body = page.variants[encoding].body;
  if (body) return body;
  let plain = plainPages.get(page);
  if (plain) {
    plainPages.delete(page);
  } else {
    plain = gunzipSync(page.variants.gzip.body!);
    plainBytes += plain.length;
    for (const [old, bytes] of plainPages) {
      if (plainBytes <= PLAIN_BYTES) break;
      plainPages.delete(old);
      plainBytes -= bytes.length;
    }
  }
  plainPages.set(page, plain);
  return plain;
}

/** The weight a client gives an encoding in Accept-Encoding (RFC 9110 12.5.3): its own q, else `*`'s, else none. */
function weights(header: string): (encoding: Encoding) => number {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const given = params.find((p) => p.startsWith('q='));
    q.set(name, given ? Number(given.slice(2)) || 0 : 1);
  }
  return (encoding) => q.get(encoding) ?? q.get('*') ?? 0;
}

function negotiate(header: string): Encoding {
  const weight = weights(header);
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  // Identity is always acceptable in practice: a client refusing it too still gets a readable page, not a 406.
  return 'identity';
}

/** Browsers send a handful of distinct Accept-Encoding values; each is parsed once. */
const negotiated = new Map<string, Encoding>();
export function pickEncoding(header: string | undefined): Encoding {
  const key = header ?? '';
  let encoding = negotiated.get(key);
  if (!encoding) {
    encoding = negotiate(key);
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(key, encoding);
  }
  return encoding;
}

/**
 * The client's copy is current: If-None-Match names this ETag (weak comparison, as RFC 9110 13.1.2 asks for
 * GET) or is `*`; without If-None-Match, If-Modified-Since is not older than the page.
 */
export function notModified(req: IncomingMessage, etag: string, modifiedAt: number): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === `W/${etag}`;
    });
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return since >= modifiedAt;
}

/** The whole head of one answer, as a flat [name, value, …] list for `writeHead`. */
export type StoredHead = (page: StoredPage, encoding: Encoding, status304: boolean) => string[];

/**
 * Heads of stored pages, each built once per page, encoding and status and then reused: `before` (headers every
 * answer of this path carries ahead of the page's own), then the page's headers, then the variant's, or only its
 * ETag for a 304. A later header replaces an earlier one of the same name and goes last, as `writeHead` does
 * with headers already set on the response, so both answer paths send the same head in the same order.
 */
export function storedHeads(before: ReadonlyArray<readonly [string, string]>): StoredHead {
  const built = new WeakMap<StoredPage, Map<string, string[]>>();
  return (page, encoding, status304) => {
    let byVariant = built.get(page);
    if (!byVariant) built.set(page, (byVariant = new Map()));
    const slot = status304 ? `${encoding}-304` : encoding;
    let head = byVariant.get(slot);
    if (!head) {
      const headers = new Map<string, readonly [string, string]>();
      const put = (header: readonly [string, string]) => {
        headers.delete(header[0].toLowerCase());
        headers.set(header[0].toLowerCase(), header);
      };
      before.forEach(put);
      page.headers.forEach(put);
      const variant = page.variants[encoding];
      if (status304) put(['ETag', variant.etag]);
      else variant.headers.forEach(put);
      byVariant.set(slot, (head = [...headers.values()].flat()));
    }
    return head;
  };
}

/**
 * Sends the variant this request accepts as stored, with no rendering, rewriting or compressing: a 304 to a
 * matching validator, no body to HEAD (Node keeps its Content-Length). The one writer of a stored page for both
 * answer paths: the middleware chain's (page-cache.ts, whose earlier headers `writeHead` merges) and the answer
 * before Express (early-hits.ts).
 */
export function writeStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, headOf: StoredHead): void {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const status304 = page.statusCode === 200 && notModified(req, page.variants[encoding].etag, page.modifiedAt);
  res.writeHead(status304 ? 304 : page.statusCode, headOf(page, encoding, status304));
  if (status304 || req.method === 'HEAD') res.end();
  else res.end(variantBody(page, encoding));
}
