import { randomUUID } from 'node:crypto';
import type { RequestListener, Server } from 'node:http';
import request from 'supertest';
import type { Db } from '../../db/database.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { type StaffService, type StaffSettings, type StaffUser, createStaffService } from '../../server/staff/users.ts';
import { totpCode } from '../../server/staff/totp.ts';
import { type TestApp, type TestAppOptions, createTestApp } from './test-app.ts';
import {
  type AuditLine,
  type AuditQuery,
  type DashboardData,
  type DashboardView,
  type LeadDetail,
  type LeadSummary,
  type LeadType,
  auditQueryString,
} from '../../shared/admin.ts';
import type { BlogPost, BlogSummary } from '../../shared/blog.ts';
import type { AssignableRole } from '../../shared/roles.ts';

/** The test app's SITE_URL origin (tests/helpers/test-app.ts). */
export const ORIGIN = 'https://www.example.com.au';

/**
 * Test apps run in production mode, so the session cookie is `Secure`: requests say they came over HTTPS
 * through a trusted proxy, and the cookie is carried by hand (supertest's jar never sends Secure cookies
 * over plain HTTP).
 */
export const ADMIN_TEST_ENV = { TRUST_PROXY: '1' };

export const STAFF = { email: 'staff@northbridge-it.com.au', name: 'Sam Staff', password: 'correct horse battery staple' };

/**
 * The staff service with the default sign-in settings, for setting accounts up directly in the database; pass the
 * app's config where a TOTP secret must open with that app's key (secret-box.ts).
 */
export function staffService(db: Db, config: Partial<StaffSettings> = {}): StaffService {
  return createStaffService({
    db,
    settings: {
      REQUIRE_2FA: false,
      LOGIN_WINDOW_MINUTES: 15,
      LOGIN_MAX_FAILURES: 5,
      MAX_SESSIONS_PER_USER: 10,
      SITE_URL: ORIGIN,
      ...config,
    },
  });
}

export function createStaff(db: Db, overrides: Partial<typeof STAFF> = {}): Promise<StaffUser> {
  return staffService(db).createAccount(SYSTEM_ACTOR, { ...STAFF, ...overrides });
}

/** Turns two-factor sign-in on for the account, as its authenticator app would; returns the TOTP secret. */
export async function enableTwoFactor(db: Db, config: Partial<StaffSettings>, user: StaffUser): Promise<string> {
  const staff = staffService(db, config);
  const { secret } = staff.startTotpSetup(user.email);
  await staff.enableTotp(SYSTEM_ACTOR, user.id, secret, totpCode(secret));
  return secret;
}

/** The `name=…` pair (`__Host-name` on the https test site) a response's Set-Cookie sets, if any. */
function setCookie(res: request.Response, name: string): string | null {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const found = cookies.find((c) => c.startsWith(`${name}=`) || c.startsWith(`__Host-${name}=`));
  return found ? found.split(';')[0]! : null;
}

/** The session cookie's `__Host-sid=…` pair from a response's Set-Cookie, if it sets one. */
export function sessionCookie(res: request.Response): string | null {
  return setCookie(res, 'sid');
}

export class StaffClient {
  /** The app in this process (listening, or a bare listener), or a running server's address (`http://127.0.0.1:<port>`). */
  readonly app: Server | RequestListener | string;
  cookie: string | null = null;
  /** The known-device cookie an earlier sign-in left (server/staff/known-device.ts). */
  deviceCookie: string | null = null;
  csrf: string | null = null;
  ip: string;
  /** The Origin its requests carry: the site's own (SITE_URL's origin), for an app configured with another. */
  origin = ORIGIN;

  constructor(app: Server | RequestListener | string, ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
    this.app = app;
    this.ip = ip;
  }

  /** A request as a browser on this site sends it: HTTPS via the proxy, same Origin, the session cookie. */
  req(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, options: { origin?: string | null; csrf?: boolean } = {}) {
    let r = request(this.app)[method](path).set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', this.ip);
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin) r = r.set('Origin', origin);
    const cookies = [this.cookie, this.deviceCookie].filter(Boolean);
    if (cookies.length) r = r.set('Cookie', cookies.join('; '));
    if (this.csrf && options.csrf !== false && method !== 'get') r = r.set('X-CSRF-Token', this.csrf);
    return r;
  }

  /** Keeps the session cookie a response sets (or clears). */
  keep(res: request.Response): request.Response {
    const cookie = sessionCookie(res);
    if (cookie) this.cookie = cookie.endsWith('=') ? null : cookie;
    this.deviceCookie = setCookie(res, 'device') ?? this.deviceCookie;
    return res;
  }

  async signIn(email = STAFF.email, password = STAFF.password): Promise<request.Response> {
    const res = this.keep(await this.req('post', '/admin/login').send({ email, password }));
    if (res.status === 200 && !res.body.twoFactorRequired) await this.loadCsrf();
    return res;
  }

  /** The CSRF token pages get, read from the header's Sign out form. */
  async loadCsrf(): Promise<string> {
    const res = this.keep(await this.req('get', '/admin/account'));
    const token = /name="_csrf" value="([^"]+)"/.exec(res.text)?.[1];
    if (!token) throw new Error(`no CSRF token on /admin/account (status ${res.status})`);
    this.csrf = token;
    return token;
  }
}

/** Two browsers of their own, signed in one after the other as `email`: one person on two devices. */
export async function twoSignedInBrowsers(app: Server, email = STAFF.email): Promise<[StaffClient, StaffClient]> {
  const browsers: [StaffClient, StaffClient] = [new StaffClient(app), new StaffClient(app)];
  for (const browser of browsers) await browser.signIn(email);
  return browsers;
}

/** A staff member with `role` (named after their e-mail address), signed in in a browser of their own. */
export async function signedInPerson(t: TestApp, role: AssignableRole, email: string): Promise<{ id: string; browser: StaffClient }> {
  const user = await staffService(t.database.db).createAccount(SYSTEM_ACTOR, {
    email,
    name: email.split('@')[0]!,
    password: STAFF.password,
    role,
  });
  const browser = new StaffClient(t.app);
  const res = await browser.signIn(email);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return { id: user.id, browser };
}

/** A test app with the staff account (STAFF) created, not signed in; `options.env` adds to ADMIN_TEST_ENV. */
export async function staffApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp({ ...options, env: { ...ADMIN_TEST_ENV, ...options.env } });
  await createStaff(t.database.db);
  return t;
}

/** A test app and a browser signed in to it as the staff account. */
export interface SignedInStaffApp extends TestApp {
  staff: StaffClient;
}

/** A test app with the staff account created and signed in, as most admin tests start. */
export async function signedInStaffApp(options: TestAppOptions = {}): Promise<SignedInStaffApp> {
  const t = await staffApp(options);
  const staff = new StaffClient(t.app);
  const res = await staff.signIn();
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return { ...t, staff };
}

export interface LeadSeed {
  id?: string;
  name?: string;
  email?: string;
  company?: string | null;
  service?: string;
  status?: string;
  /** Why it was stored as spam on arrival (`too-fast`, `honeypot`). */
  spamReason?: string;
  createdAt?: string;
  description?: string;
  details?: Record<string, unknown>;
}

/** The columns both lead tables share, with a seed's values or a default person's. */
function leadColumns(seed: LeadSeed, person: { name: string; email: string; company: string | null }) {
  return {
    id: seed.id ?? randomUUID(),
    name: seed.name ?? person.name,
    email: seed.email ?? person.email,
    company: seed.company === undefined ? person.company : seed.company,
    status: seed.status ?? 'new',
    spam_reason: seed.spamReason ?? null,
    client_ip: null,
    created_at: seed.createdAt ?? new Date().toISOString(),
    submitted_at: null,
  };
}

export async function insertQuote(db: Db, seed: LeadSeed = {}): Promise<string> {
  const lead = leadColumns(seed, { name: 'Quinn Quote', email: 'quinn@example.com', company: 'Quinn Pty Ltd' });
  await db
    .insertInto('quotes')
    .values({
      ...lead,
      service: seed.service ?? 'web-hosting',
      phone: '02 8005 0142',
      company_size: '11-50',
      budget: '$5,000-$15,000',
      timeline: null,
      start_date: '2026-12-01',
      completion_date: '2027-01-31',
      description: seed.description ?? 'We need hosting.',
      details: JSON.stringify(seed.details ?? { hostingType: 'VPS', storage: 100, bandwidth: 500, ssl: 'Yes' }),
    })
    .execute();
  return lead.id;
}

export async function insertContact(db: Db, seed: LeadSeed & { message?: string } = {}): Promise<string> {
  const lead = leadColumns(seed, { name: 'Casey Contact', email: 'casey@example.com', company: null });
  await db
    .insertInto('contacts')
    .values({ ...lead, service: seed.service ?? null, message: seed.message ?? 'Please call me.' })
    .execute();
  return lead.id;
}

/**
 * The data an admin page is drawn from, as the staff member's browser receives it with the page (the JSON the page
 * hydrates from); null when the page answers 404.
 */
export async function adminPageData<T>(staff: StaffClient, path: string): Promise<T | null> {
  const res = await staff.req('get', path);
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return pageDataOf<T>(res.text);
}

/** The data a rendered page hydrates from, read out of its HTML as the browser reads it. */
export function pageDataOf<T>(html: string): T {
  const json = /<script id="vike_pageContext" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('the page carries no page data');
  return (JSON.parse(json) as { data: T }).data;
}

/** One lead as its page in the inbox shows it (fields, status, notes, notifications); null when there is no such lead. */
export function leadDetail(staff: StaffClient, type: LeadType, id: string): Promise<LeadDetail | null> {
  return adminPageData<LeadDetail>(staff, `/admin/leads/${type}/${id}`);
}

/** What the admin dashboard shows of the leads: counts, recent and new leads, failed and pending notifications. */
export async function dashboardData(staff: StaffClient): Promise<DashboardData> {
  const { leads } = (await adminPageData<{ dashboard: DashboardView }>(staff, '/admin/dashboard'))!.dashboard;
  if (!leads) throw new Error('the dashboard shows no lead figures to this person');
  return leads;
}

/** Every lead the inbox lists for a filter (`?type=quote&q=…`), newest first, all pages, as GET /api/admin/leads gives them. */
export async function inboxLeads(staff: StaffClient, query = ''): Promise<LeadSummary[]> {
  const leads: LeadSummary[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '?';
    const res = await staff.req('get', `/api/admin/leads${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`the leads list answered ${res.status}`);
    leads.push(...(res.body.leads as LeadSummary[]));
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return leads;
}

/** Every audit log entry staff can read for a filter (person, action), newest first, all pages (GET /api/admin/audit). */
export async function auditEntries(staff: StaffClient, query: Omit<AuditQuery, 'cursor'> = {}): Promise<AuditLine[]> {
  const entries: AuditLine[] = [];
  let cursor: string | null = null;
  do {
    const res = await staff.req('get', `/api/admin/audit${auditQueryString({ ...query, ...(cursor ? { cursor } : {}) })}`);
    if (res.status !== 200) throw new Error(`the audit log answered ${res.status}`);
    entries.push(...(res.body.entries as AuditLine[]));
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return entries;
}

/** Every post the admin's Posts list holds (drafts and scheduled ones too), newest first, each as the editor opens it. */
export async function adminPosts(staff: StaffClient): Promise<BlogPost[]> {
  const summaries: BlogSummary[] = [];
  let cursor: string | null = null;
  do {
    const res = await staff.req('get', `/api/admin/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`the posts list answered ${res.status}`);
    summaries.push(...(res.body.posts as BlogSummary[]));
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  const posts: BlogPost[] = [];
  for (const summary of summaries) {
    const res = await staff.req('get', `/api/admin/posts/${encodeURIComponent(summary.id)}`);
    if (res.status !== 200) throw new Error(`post ${summary.id} answered ${res.status}`);
    posts.push(res.body as BlogPost);
  }
  return posts;
}

/** Moves back when each of the person's sessions last proved who uses it, as if they had signed in `ms` ago. */
export async function provenAgo(db: Db, userId: string, ms: number): Promise<void> {
  for (const row of await db.selectFrom('sessions').select(['sid', 'data']).where('user_id', '=', userId).execute()) {
    const data = { ...(JSON.parse(row.data) as object), provenAt: Date.now() - ms };
    await db
      .updateTable('sessions')
      .set({ data: JSON.stringify(data) })
      .where('sid', '=', row.sid)
      .execute();
  }
}
