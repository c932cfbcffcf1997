// The tests open pages and contexts with `await using`, so they close however a test ends: Node 24 runs it,
// and this adds its types to the ES2023 library the project compiles against.
/// <reference lib="esnext.disposable" />
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { STAFF } from './admin-client.ts';
import { type TestApp, createTestApp } from './test-app.ts';

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1440, height: 900 },
} as const;

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Each new window's address bar preloads its suggestion popup, a page of Chromium's own, in a renderer of its
  // own: about 0.8 s of processor per fresh browser context, more than the site's page cost. No test types there.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: install it (apt-get install chromium) or set CHROME_PATH.`);
  }
  return chromium.launch({ executablePath, args: FLAGS });
}

export interface LiveSite extends TestApp {
  baseUrl: string;
  stop: () => Promise<void>;
}

export type SiteOptions = Parameters<typeof createTestApp>[0] & {
  /**
   * The site is `http://localhost:<port>`, its SITE_URL too: passkeys are scoped to a host name (never an IP
   * address), and localhost is a secure context without TLS.
   */
  localhost?: boolean;
};

/** The real app on a free loopback port, on a fresh database. */
export async function startSite(options: SiteOptions = {}): Promise<LiveSite> {
  // Listening first, so the port is known before the app is made with its address.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://${options.localhost ? 'localhost' : '127.0.0.1'}:${port}`;
  const t = await createTestApp(options.localhost ? { ...options, env: { ...options.env, SITE_URL: baseUrl } } : options).catch(
    async (err: unknown) => {
      await close();
      throw err;
    },
  );
  server.on('request', t.listener);
  return {
    ...t,
    baseUrl,
    stop: async () => {
      await close();
      await t.close();
    },
  };
}

/** A running site and a browser, as a test file uses them: what it reads of the site, and Chromium. */
export interface BrowserSite extends Pick<LiveSite, 'baseUrl' | 'config' | 'database' | 'visits'> {
  browser: Browser;
}

/**
 * Starts the site (`startSite(options)`) and Chromium in the file's `beforeAll`, and closes both in its `afterAll`;
 * call it at the top of a test file. Its fields are read inside hooks and tests, once both have started.
 */
export function liveSite(options: SiteOptions = {}): BrowserSite {
  let running: { site: LiveSite; browser: Browser } | undefined;
  beforeAll(async () => {
    const [site, browser] = await Promise.allSettled([startSite(options), launchBrowser()]);
    if (site.status === 'fulfilled' && browser.status === 'fulfilled') {
      running = { site: site.value, browser: browser.value };
      return;
    }
    // Whichever did start is closed, so a failed start leaves no Chromium or database behind.
    if (site.status === 'fulfilled') await site.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw site.status === 'rejected' ? site.reason : (browser as PromiseRejectedResult).reason;
  });
  afterAll(async () => {
    await running?.browser.close();
    await running?.site.stop();
  });
  const started = () => {
    if (!running) throw new Error('liveSite() is read before its beforeAll has started the site');
    return running;
  };
  return {
    get baseUrl() {
      return started().site.baseUrl;
    },
    get config() {
      return started().site.config;
    },
    get database() {
      return started().site.database;
    },
    get visits() {
      return started().site.visits;
    },
    get browser() {
      return started().browser;
    },
  };
}

/** For each page opened here, how many of its requests have not ended yet. */
const pending = new WeakMap<Page, () => number>();

/**
 * A page that records console errors and warnings (React's hydration mismatches, Vike's warnings) and failed
 * requests; `assertClean()` fails the test when any occurred. Open it with `await using`: it closes when the
 * test's block ends, passed or failed.
 */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = VIEWPORTS.desktop, userAgent?: string) {
  const context = await browser.newContext({ viewport, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    // Chromium logs a 404/4xx page's own status as an error; tests assert that status themselves.
    const isDocumentStatus = msg.text().startsWith('Failed to load resource') && msg.location().url === page.url();
    if (!isDocumentStatus) problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A form post answered with a file (the CSV and privacy exports) becomes a download, and Chromium reports the
  // navigation it replaced as aborted: that one is not a problem.
  const downloads = new Set<string>();
  const abortedNavigations: string[] = [];
  page.on('download', (download) => downloads.add(download.url()));
  // What the page still waits for: a test leaves a page only once it has done its work (openSettled).
  let waiting = 0;
  pending.set(page, () => waiting);
  page.on('request', () => (waiting += 1));
  page.on('requestfinished', () => (waiting -= 1));
  const close = () => context.close();
  page.on('requestfailed', (req) => {
    waiting -= 1;
    const errorText = req.failure()?.errorText ?? '';
    if (req.isNavigationRequest() && errorText === 'net::ERR_ABORTED') abortedNavigations.push(req.url());
    // Chromium fetches the favicon itself, last and at low priority; a test that moves on quickly (a click, Back)
    // cancels it. The page never asked for it, so that is not the page's fault.
    else if (errorText === 'net::ERR_ABORTED' && new URL(req.url()).pathname === '/favicon.svg') return;
    else problems.push(`request failed: ${req.url()} ${errorText}`);
  });
  return {
    page,
    problems,
    assertClean: () => {
      const aborted = abortedNavigations.filter((url) => !downloads.has(url)).map((url) => `request failed: ${url} net::ERR_ABORTED`);
      expect([...problems, ...aborted]).toEqual([]);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

/**
 * Waits until the page has no request under way (a save's follow-up reload of the history, a script it imports late):
 * a request cut off by leaving the page is the test's doing, not the page's.
 */
export async function settled(page: Page): Promise<void> {
  const waiting = pending.get(page);
  if (waiting) await expect.poll(waiting, { timeout: 10_000 }).toBe(0);
}

/** Goes to `path` on the site, once the page being left has settled, and waits until the new one has stopped loading. */
export async function openSettled(page: Page, site: Pick<BrowserSite, 'baseUrl'>, path: string): Promise<void> {
  await settled(page);
  await page.goto(site.baseUrl + path, { waitUntil: 'networkidle' });
}

/** The blog editor at `path` (a new post unless it says) in this page, once Tiptap runs: its toolbar exists only then. */
export async function openEditor(page: Page, site: Pick<BrowserSite, 'baseUrl'>, path = '/admin/blog-editor'): Promise<void> {
  await openSettled(page, site, path);
  await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
}

/** Fills the admin's sign-in form (STAFF by default) and presses Sign in; where the page goes then is the caller's. */
export async function signIn(page: Page, email: string = STAFF.email, password: string = STAFF.password): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A page of the admin at `path`, signed in as `person` (STAFF unless told) through the sign-in form it is sent to
 * first. The session cookie is Secure, so the page says it came over HTTPS through a proxy (the site needs
 * TRUST_PROXY).
 */
export async function staffPage(
  site: Pick<BrowserSite, 'baseUrl' | 'browser'>,
  path: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  person: { email: string; password: string } = STAFF,
) {
  const p = await openPage(site.browser, viewport);
  await p.page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
  await signInThrough(p.page, site, path, person);
  return p;
}

/** Opens `path` on an open page, is sent to the sign-in form, signs in as `person` and waits for `path` to load. */
export async function signInThrough(
  page: Page,
  site: Pick<BrowserSite, 'baseUrl'>,
  path: string,
  person: { email: string; password: string } = STAFF,
): Promise<void> {
  await page.goto(site.baseUrl + path);
  await page.waitForURL(`${site.baseUrl}/admin/login?next=${encodeURIComponent(path)}`);
  await signIn(page, person.email, person.password);
  await page.waitForURL(site.baseUrl + path);
  await page.waitForLoadState('networkidle');
}

/**
 * axe-core with the WCAG 2.x A and AA rules (through 2.2); returns the violations, ids and targets. Legacy mode runs
 * axe in the page itself instead of opening a blank page to gather each result, and only violations are detailed:
 * together about a third of the time per check (the site has no frames, which is what legacy mode cannot enter).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // options() replaces the run options, withTags included: it comes first.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * What the site's JSON API answers a page's own `fetch` of `path` (same origin, the page's session and headers), as
 * the admin's scripts ask it; the page must be open on the site.
 */
export async function pageApi<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    return { status: res.status, body: await res.text() };
  }, path);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return JSON.parse(body) as T;
}
