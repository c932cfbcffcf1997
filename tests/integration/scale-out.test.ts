import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../../db/database.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { LEAD_TEST_ENV, altchaToken, goodQuote } from '../helpers/leads.ts';
import { eventually } from '../helpers/eventually.ts';
import { MailCatcher } from '../helpers/mail-catcher.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';
import { createStaff, pageDataOf } from '../helpers/admin-client.ts';
import { dropSchema, migrateUp } from '../helpers/test-app.ts';
import type { LeadDetail } from '../../shared/admin.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { type WordsEditorState, defaultSiteWords } from '../../shared/site-words.ts';

const SITE = 'https://www.example.com.au';
const STAFF = { email: 'ops@northbridge-it.com.au', name: 'Olive Ops', password: 'two instances, one truth' };
/** A made-up client address per run: rate-limit counters left in Redis by other runs never matter. */
const CLIENT_IP = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

/** A browser talking to one instance, as it would through the reverse proxy (HTTPS, same-site Origin). */
class Visitor {
  cookie = '';
  csrf = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-Proto', 'https');
    headers.set('X-Forwarded-For', CLIENT_IP);
    if (init.method && init.method !== 'GET') headers.set('Origin', SITE);
    if (this.cookie) headers.set('Cookie', this.cookie);
    if (this.csrf) headers.set('X-CSRF-Token', this.csrf);
    return fetch(this.base + path, { ...init, headers, redirect: 'manual' });
  }
  json(method: string, path: string, body: unknown): Promise<Response> {
    return this.fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }
}

/** Today's words: what a site shows until staff publish others. */
const DEFAULT_WORDS = defaultSiteWords(DEFAULT_SITE_SETTINGS.name);

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(enabled)('two instances on one PostgreSQL and one Redis', () => {
  const schema = `scale_${randomBytes(5).toString('hex')}`;
  const databaseUrl = `${process.env.TEST_DATABASE_URL}${process.env.TEST_DATABASE_URL?.includes('?') ? '&' : '?'}schema=${schema}`;
  const smtp = new MailCatcher();
  let database: DbHandle;
  let servers: ChildProcess[] = [];
  let a: Visitor;
  let b: Visitor;

  beforeAll(async () => {
    database = openDb(databaseUrl, { poolSize: 2 });
    await migrateUp(database);
    await createStaff(database.db, STAFF);
    await smtp.start();
    const env = {
      ...LEAD_TEST_ENV,
      RATE_LIMIT_PER_MINUTE: '4',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SITE_URL: SITE,
      TRUST_PROXY: '1',
      SEED_DEMO_CONTENT: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      STAFF_EMAIL: 'leads@northbridge-it.com.au',
      OUTBOX_POLL_MS: '50',
    };
    const ports = [await freePort(), await freePort()];
    servers = await Promise.all(ports.map((port) => startServerProcess(port, env)));
    [a, b] = ports.map((port) => new Visitor(`http://127.0.0.1:${port}`)) as [Visitor, Visitor];

    // Staff sign in through instance A only; every later admin call goes to whichever instance the test says.
    const login = await a.json('POST', '/admin/login', { email: STAFF.email, password: STAFF.password });
    expect(login.status).toBe(200);
    a.cookie = b.cookie = /(?:__Host-)?sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map(exited));
    await smtp.stop().catch(() => {});
    await dropSchema(database, schema);
    await database.db.destroy();
  });

  it('a session made through one instance works on the other', async () => {
    const page = await b.fetch('/admin/account');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(STAFF.name);
    a.csrf = b.csrf = /name="_csrf" value="([^"]+)"/.exec(html)![1]!;
    const signedOut = await new Visitor(b.base).fetch('/admin/account');
    expect(signedOut.status).toBe(302);
  });

  it("a lead submitted to one instance is in the other's inbox, and each message reaches SMTP exactly once", async () => {
    const quote = goodQuote('web-hosting', { name: `Scale Test ${CLIENT_IP}`, email: 'buyer@example.com' });
    const res = await a.json('POST', '/functions/submitQuote', { data: { ...quote, 'g-recaptcha-response': await altchaToken(a.base) } });
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: { id: string } };

    const inbox = (await (await b.fetch('/api/admin/leads')).json()) as { leads: Array<{ id: string; name: string }> };
    expect(inbox.leads.map((l) => l.id)).toContain(result.id);

    // Both instances run an outbox worker every 50 ms; the staff notice and the acknowledgement go out once each.
    await eventually(async () => (smtp.received.length >= 2 ? true : undefined), 'two e-mails');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const recipients = smtp.received.map((m) => m.to.join(',')).sort();
    expect(recipients).toEqual(['buyer@example.com', 'leads@northbridge-it.com.au']);
    // The lead's page on either instance shows each notification delivered at the first attempt.
    const page = await a.fetch(`/admin/leads/quote/${result.id}`);
    expect(page.status).toBe(200);
    const rows = pageDataOf<LeadDetail>(await page.text()).notifications.map(({ status, attempts }) => ({ status, attempts }));
    expect(rows).toEqual([
      { status: 'delivered', attempts: 1 },
      { status: 'delivered', attempts: 1 },
    ]);
  });

  it('a rate limit counts requests to both instances together', async () => {
    // The limit is 4 a minute per client and endpoint; no instance alone sees more than three of these five.
    // (An empty submission is refused for its missing captcha token, after the rate limit counted it.)
    const statuses: number[] = [];
    for (const instance of [b, a, b, a, b]) {
      statuses.push((await instance.json('POST', '/functions/submitContact', { data: {} })).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
  });

  it('a post edited through one instance is fresh on the other', async () => {
    const created = await a.json('POST', '/api/admin/posts', {
      title: `Scaling out ${schema}`,
      excerpt: 'Two instances, one database.',
      author: STAFF.name,
      content: '<p>The first version.</p>',
      featuredImage: '',
      tags: 'Operations',
      published: true,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as { id: string; slug: string };
    const reader = new Visitor(b.base);
    expect(await (await reader.fetch(`/blog/${post.slug}`)).text()).toContain('The first version.');

    const edited = await a.json('PUT', `/api/admin/posts/${post.id}`, {
      title: `Scaling out ${schema}`,
      excerpt: 'Two instances, one database.',
      author: STAFF.name,
      content: '<p>The second version.</p>',
      featuredImage: '',
      tags: 'Operations',
      published: true,
    });
    expect(edited.status).toBe(200);
    // Instance B cached the page; it checks the content version at most once a second.
    await eventually(
      async () => ((await (await reader.fetch(`/blog/${post.slug}`)).text()).includes('The second version.') ? true : undefined),
      'the edit on instance B',
      5_000,
    );
  });

  it("a new post shows in the other instance's cached blog list within a second", async () => {
    const reader = new Visitor(b.base);
    await reader.fetch('/blog');
    const title = `Within a second ${schema}`;
    const created = await a.json(
      'POST',
      '/api/admin/posts',
      postInput({ title, publishedAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(created.status).toBe(201);
    const written = Date.now();
    // Instance B reads the content version at most once a second; 500 ms more covers rendering on a busy machine.
    await eventually(
      async () => ((await (await reader.fetch('/blog')).text()).includes(title) ? true : undefined),
      "the post in B's list",
      1_500,
    );
    expect(Date.now() - written).toBeLessThan(1_500);
    const cached = await reader.fetch('/blog');
    expect(cached.headers.get('cache-control')).toMatch(/^public/);
  });

  it('a page’s words published through one instance are on the other at its next request after the version check', async () => {
    const reader = new Visitor(b.base);
    expect(await (await reader.fetch('/about')).text()).toContain(DEFAULT_WORDS.pages.about.lead);
    const opened = (await (await a.fetch('/api/admin/pages/about')).json()) as WordsEditorState;
    const lead = `Two instances, one set of words (${schema}).`;
    const published = await a.json('PUT', '/api/admin/pages/about', {
      words: { ...opened.published, lead },
      version: opened.version,
      publish: true,
    });
    expect(published.status).toBe(200);
    // Instance B checks the content version at most once a second; 500 ms more covers rendering on a busy machine.
    await eventually(
      async () => ((await (await reader.fetch('/about')).text()).includes(lead) ? true : undefined),
      'the new words on instance B',
      1_500,
    );
  });
});
