import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { createLogger } from '../../server/core/logger.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { type TestDatabase, createTestDatabase, productionRenderer, testConfig } from '../helpers/test-app.ts';

/*
 * Stored pages are answered before Express (server/http/early-hits.ts). Two apps on one database and one build,
 * one answering early and one with the middleware chain only, must send the same answer to every request: status,
 * every header in the same order with the same value (but Date and the request id's value), and the same bytes.
 */

interface Answer {
  status: number;
  /**
   * [name, value] in the order sent; Date left out, the request id's and Last-Modified's values checked and replaced:
   * each app renders its own copy of a page, and on a busy machine the two renders can fall in different seconds.
   */
  headers: Array<[string, string]>;
  body: Buffer;
  /** The X-Request-Id sent. */
  id: string;
  /** The Last-Modified sent, if any. */
  modified: string;
  /** Answered before Express: the response never got Express's prototype. */
  early: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Site {
  server: http.Server;
  port: number;
  /** Whether each request's response left the app with Node's own prototype (answered early). */
  early: boolean[];
}

async function listen(app: http.RequestListener): Promise<Site> {
  const site = { early: [] as boolean[] } as Site;
  site.server = http.createServer((req, res) => {
    app(req, res);
    site.early.push(Object.getPrototypeOf(res) === http.ServerResponse.prototype);
  });
  site.server.listen(0, '127.0.0.1');
  await once(site.server, 'listening');
  site.port = (site.server.address() as AddressInfo).port;
  return site;
}

async function send(site: Site, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.request({ host: '127.0.0.1', port: site.port, method, path, headers }, resolve).on('error', reject).end(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const early = site.early.at(-1)!;
  const pairs: Array<[string, string]> = [];
  let id = '';
  let modified = '';
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const [name, value] = [res.rawHeaders[i]!, res.rawHeaders[i + 1]!];
    if (name.toLowerCase() === 'date') continue;
    if (name.toLowerCase() === 'x-request-id') {
      expect(value).toMatch(UUID);
      id = value;
      pairs.push([name, '(id)']);
    } else if (name.toLowerCase() === 'last-modified') {
      expect(new Date(value).toUTCString()).toBe(value);
      modified = value;
      pairs.push([name, '(render time)']);
    } else pairs.push([name, value]);
  }
  return { status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks), id, modified, early };
}

describe('stored pages answered before Express', () => {
  let database: TestDatabase;
  let early: Site;
  let chain: Site;
  let slug: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    slug = (await createBlogService({ db: database.db }).createPost(postInput({ title: 'Early answers about backup' }))).slug;
    const config = testConfig(database.url, { LOG_LEVEL: 'info' });
    const logger = createLogger(config, { write: (line: string) => void logLines.push(line) });
    const renderer = await productionRenderer();
    early = await listen(createApp({ config, database, logger, renderer }).listener);
    chain = await listen(createApp({ config, database, logger, renderer, answerHitsEarly: false }).listener);
  });
  afterAll(async () => {
    for (const site of [early, chain]) {
      site?.server.closeAllConnections();
      site?.server.close();
    }
    await database?.drop();
  });

  /**
   * The early app's answer, asked again until it came early: the page cache vouches for its pages for a second
   * after it last read the content version, and the chain answers (and reads it again) once that has passed.
   */
  async function earlyAnswer(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await send(early, method, path, headers);
      if (answer.early) return answer;
    }
    throw new Error(`${method} ${path} was never answered early`);
  }

  const ENCODINGS: Array<Record<string, string>> = [
    { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    { 'Accept-Encoding': 'gzip' },
    { 'Accept-Encoding': 'identity' },
    {},
  ];
  const paths = () => [
    '/',
    '/services',
    '/blog',
    `/blog/${slug}`,
    '/blog?q=backup',
    '/?utm_source=newsletter',
    '/no-such-page',
    '/rss.xml',
    '/sitemap.xml',
  ];

  it('a hit answered early carries the same headers as the miss that stored it (security headers, CSP, Vary, ETag)', async () => {
    const miss = await send(early, 'GET', '/about', ENCODINGS[0]!);
    expect(miss.early).toBe(false);
    const hit = await earlyAnswer('GET', '/about', ENCODINGS[0]!);
    expect(hit.status).toBe(200);
    expect(hit.headers).toEqual(miss.headers);
    expect(hit.modified).toBe(miss.modified);
    expect(hit.body.equals(miss.body)).toBe(true);
    const names = hit.headers.map(([name]) => name.toLowerCase());
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'permissions-policy',
      'vary',
      'etag',
      'content-encoding',
      'cache-control',
      'last-modified',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('GET and HEAD of every kind of stored page, in every encoding: the same answer as the middleware chain', async () => {
    for (const path of paths()) {
      for (const headers of ENCODINGS) {
        // The first request of each stores the page in each app.
        await send(early, 'GET', path, headers);
        await send(chain, 'GET', path, headers);
        for (const method of ['GET', 'HEAD']) {
          const want = await send(chain, method, path, headers);
          const got = await earlyAnswer(method, path, headers);
          const what = `${method} ${path} ${JSON.stringify(headers)}`;
          expect(got.status, what).toBe(want.status);
          expect(got.headers, what).toEqual(want.headers);
          expect(got.body.equals(want.body), what).toBe(true);
          if (method === 'HEAD') expect(got.body.length, what).toBe(0);
        }
      }
    }
  });

  it('revalidation: a matching ETag or a date not older than the page gets the same 304, a stale one the same 200', async () => {
    for (const path of ['/', `/blog/${slug}`, '/blog?q=backup', '/no-such-page']) {
      for (const headers of ENCODINGS) {
        const first = await send(chain, 'GET', path, headers);
        const etag = first.headers.find(([name]) => name.toLowerCase() === 'etag')![1];
        // Not older than either app's render, so both must answer 304.
        const renders = [first.modified, (await earlyAnswer('GET', path, headers)).modified];
        const modified = renders.sort((a, b) => Date.parse(b) - Date.parse(a))[0]!;
        const conditionals: Array<Record<string, string>> = [
          { 'If-None-Match': etag },
          { 'If-None-Match': `"other", W/${etag}` },
          { 'If-None-Match': '"other"' },
          { 'If-Modified-Since': modified },
          { 'If-None-Match': '*' },
        ];
        for (const conditional of conditionals) {
          const request = { ...headers, ...conditional };
          const want = await send(chain, 'GET', path, request);
          const got = await earlyAnswer('GET', path, request);
          const what = `${path} ${JSON.stringify(request)}`;
          expect(got.status, what).toBe(want.status);
          expect(got.headers, what).toEqual(want.headers);
          expect(got.body.equals(want.body), what).toBe(true);
          if (path !== '/no-such-page' && !conditional['If-None-Match']?.startsWith('"other"')) expect(got.status, what).toBe(304);
        }
      }
    }
  });

  it('never answers what a route before the page cache answers, nor a visitor with a session, nor a POST', async () => {
    for (const path of ['/healthz', '/readyz', '/robots.txt', '/Healthz/']) {
      await send(early, 'GET', path, {});
      const again = await send(early, 'GET', path, {});
      expect(again.early, path).toBe(false);
    }
    await send(early, 'GET', '/services', {});
    expect((await send(early, 'GET', '/services', { Cookie: '__Host-sid=abc' })).early).toBe(false);
    expect((await send(early, 'POST', '/services', {})).early).toBe(false);
  });

  it('logs one line per early answer at info, as the chain does: its id, method, path without the query, status', async () => {
    const hit = await earlyAnswer('GET', '/?utm_source=log-check', ENCODINGS[1]!);
    await expect
      .poll(() => logLines.map((line) => JSON.parse(line) as object))
      .toContainEqual(
        expect.objectContaining({
          req: { id: hit.id, method: 'GET', path: '/' },
          res: { status: 200 },
          msg: 'request completed',
          responseTime: expect.any(Number),
        }),
      );
    expect(logLines.join('\n')).not.toContain('log-check');
  });
});
