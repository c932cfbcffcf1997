import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { SERVICES, type ServiceId } from '../../shared/services.ts';
import { STAFF, createStaff, insertQuote } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { VIEWPORTS, liveSite, openPage } from '../helpers/browser.ts';
import { successShown } from '../helpers/page-checks.ts';
import { findLead, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import { findHeldData } from '../../db/queries/privacy.ts';
import type { QuoteRecord } from '../../shared/leads.ts';

/*
 * Every flow by keyboard alone: these tests only press keys (Tab, arrows, Space, Enter) and type. No click, fill
 * or focus() moves them on; reading the DOM is how they check where focus is and what it looks like.
 */

let leadId: string;
const POST = { title: 'Keyboard Shortcuts For Busy Admins', path: '/blog/keyboard-shortcuts-for-busy-admins' };

// Real ALTCHA puzzle; no fill-time floor (keys come fast); staff cookies are Secure, so pages say they came over HTTPS.
const env = { MIN_FILL_MS: '0', RATE_LIMIT_PER_MINUTE: '100', TRUST_PROXY: '1' };
const site = liveSite({ env });

beforeAll(async () => {
  await createStaff(site.database.db);
  leadId = await insertQuote(site.database.db, { name: 'Kim Keyboard', email: 'kim@keys.example' });
  await createBlogService({ db: site.database.db }).createPost(
    postInput({ title: POST.title, content: '<p>Read <a href="/about">about us</a> and <a href="/contact">write to us</a>.</p>' }),
  );
});

/** The focused element (inside shadow roots too), described for messages, with what is wrong with its focus. */
interface Stop {
  /** Focus is on no element (it left the page after its last stop). */
  none: boolean;
  /** This element was focused before in this page's walk: Tab went round in circles. */
  again: boolean;
  tag: string;
  name: string;
  type: string;
  value: string;
  text: string;
  label: string;
  problems: string[];
}

/**
 * Runs in the page. "Visible focus" means: the element is rendered, inside the viewport and not covered, and it
 * (or its ::before/::after) draws an outline or box-shadow that no overflow-clipping box cuts away.
 */
async function inspectFocus(record: boolean): Promise<Stop> {
  // Menus fade in and cards lift as focus arrives: look once those transitions have run.
  await Promise.all(
    document
      .getAnimations()
      .filter((a) => a instanceof CSSTransition)
      .map((a) => a.finished.catch(() => {})),
  );
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  const blank = { none: true, again: false, tag: '', name: '', type: '', value: '', text: '', label: '(nothing)', problems: [] };
  if (!el || el === document.body || el === document.documentElement) return blank;

  // A control can hold more than one stop in a row (a date field's picker button), so only a return counts.
  const walk = ((globalThis as unknown as { focusWalk?: { seen: WeakSet<Element>; last: Element | null } }).focusWalk ??= {
    seen: new WeakSet(),
    last: null,
  });
  const again = record && walk.seen.has(el) && walk.last !== el;
  if (record) {
    walk.seen.add(el);
    walk.last = el;
  }
  const tag = el.tagName.toLowerCase();
  const name = el.getAttribute('name') ?? '';
  const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const label = `${tag}${name ? `[name=${name}]` : ''}${el.id ? `#${el.id}` : ''}${text ? ` "${text}"` : ''}`;
  const input = el as HTMLInputElement;
  const problems: string[] = [];

  const box = el.getBoundingClientRect();
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const rendered = el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width > 0 && box.height > 0;
  if (!rendered) problems.push('hidden');
  else if (box.bottom <= view.top || box.top >= view.bottom || box.right <= view.left || box.left >= view.right) {
    problems.push(`outside the viewport (${Math.round(box.left)},${Math.round(box.top)})`);
  } else {
    // Covered only when no sample point (centre, corners) shows the element itself, a part of it or its label.
    const root = el.getRootNode() as Document | ShadowRoot;
    const xs = [box.left + 2, (box.left + box.right) / 2, box.right - 2].map((x) => Math.min(Math.max(x, 0), innerWidth - 1));
    const ys = [box.top + 2, (box.top + box.bottom) / 2, box.bottom - 2].map((y) => Math.min(Math.max(y, 0), innerHeight - 1));
    const hits = xs.flatMap((x) => ys.map((y) => root.elementFromPoint(x, y)));
    const own = (hit: Element | null) => !!hit && (el.contains(hit) || [...(input.labels ?? [])].some((l) => l.contains(hit)));
    const cover = hits.find((hit) => !own(hit));
    if (!hits.some(own))
      problems.push(`covered by ${cover ? `<${cover.tagName.toLowerCase()} class="${cover.getAttribute('class') ?? ''}">` : 'nothing'}`);
  }

  type Rect = { left: number; top: number; right: number; bottom: number };
  const paddingBox = (e: Element): Rect => {
    const r = e.getBoundingClientRect();
    return {
      left: r.left + e.clientLeft,
      top: r.top + e.clientTop,
      right: r.left + e.clientLeft + e.clientWidth,
      bottom: r.top + e.clientTop + e.clientHeight,
    };
  };
  /** The area left visible by every ancestor from `from` up that clips its overflow. */
  const clipFrom = (from: Element | null): Rect => {
    const clip = { ...view };
    for (
      let a = from;
      a && a !== document.body && a !== document.documentElement;
      a = a.parentElement ?? (a.getRootNode() as ShadowRoot).host ?? null
    ) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const p = paddingBox(a);
      Object.assign(clip, {
        left: Math.max(clip.left, p.left),
        top: Math.max(clip.top, p.top),
        right: Math.min(clip.right, p.right),
        bottom: Math.min(clip.bottom, p.bottom),
      });
    }
    return clip;
  };
  /** An indicator drawn around `ring` is seen when the clip leaves room beyond the ring's box on some side. */
  const roomOutside = (ring: Rect, clip: Rect) =>
    clip.left < ring.left - 1 || clip.top < ring.top - 1 || clip.right > ring.right + 1 || clip.bottom > ring.bottom + 1;

  // Each of the element, ::before and ::after that draws a ring: is the ring left visible?
  const rings: boolean[] = [];
  for (const pseudo of [null, '::before', '::after'] as const) {
    const s = getComputedStyle(el, pseudo);
    if (pseudo && (s.content === 'none' || s.content === 'normal')) continue;
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadows = s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\))/);
    if (!outline && shadows.length === 0) continue;
    if (!outline && shadows.every((sh) => sh.includes('inset'))) {
      rings.push(true);
      continue;
    }
    let ring: Rect = box;
    let clipStart: Element | null = el.parentElement;
    // An absolutely positioned pseudo-element is placed in its containing block, and clipped by it and above.
    if (pseudo && (s.position === 'absolute' || s.position === 'fixed')) {
      let holder: Element | null = el;
      while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
      if (holder) {
        const p = paddingBox(holder);
        const inset = (v: string) => parseFloat(v) || 0;
        ring = {
          left: p.left + inset(s.left),
          top: p.top + inset(s.top),
          right: p.right - inset(s.right),
          bottom: p.bottom - inset(s.bottom),
        };
        clipStart = holder;
      }
    }
    rings.push(roomOutside(ring, clipFrom(clipStart)));
  }
  if (rings.length === 0) problems.push('no outline or box-shadow when focused');
  else if (!rings.includes(true)) problems.push('its focus ring is clipped away by a box that hides overflow');

  return { none: false, again, tag, name, type: input.type ?? '', value: input.value ?? '', text, label, problems };
}

/** The focused element; `record` adds it to this page's walk, so a later return to it shows as `again`. */
const focused = (page: Page, record = false) => page.evaluate(inspectFocus, record);

/**
 * The focused element once the page has settled: a state that clears within moments (the spam check shows a
 * spinner in place of its checkbox while it works) is not a failure, one that lasts is.
 */
async function settledFocus(page: Page): Promise<Stop> {
  const first = await focused(page, true);
  if (first.problems.length === 0) return first;
  let stop = first;
  // Looks again until the problems clear or expect.poll's 10 s pass; the caller names those that remain. The spam
  // check's widget hides its focused checkbox behind a spinner while its proof of work runs, seconds on a busy
  // machine: a person waits for the box to come back, and so does the walk.
  await expect
    .poll(async () => (stop = { ...(await focused(page)), again: first.again }).problems.length, { interval: 300 })
    .toBe(0)
    .catch(() => undefined);
  return stop;
}

/** Presses Tab until `want` has focus, at most `within` times; fails naming the stops it passed. */
async function tabTo(page: Page, want: (s: Stop) => boolean, what: string, within = 40): Promise<Stop> {
  const passed: string[] = [];
  for (let i = 0; i < within; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    if (want(stop)) return stop;
    passed.push(stop.label);
  }
  throw new Error(`${what} was not reached in ${within} Tab presses; focus went to: ${passed.join(' → ')}`);
}
const named = (name: string) => (s: Stop) => s.name === name;
const labelled = (text: string) => (s: Stop) => s.text === text;

/** A value entered the way a keyboard user does it into whatever control has focus. */
async function enter(page: Page, stop: Stop, value: string) {
  if (stop.tag === 'select') return chooseOption(page, value);
  if (stop.type === 'date') return page.keyboard.type(await dateKeys(page, value));
  return page.keyboard.type(value);
}

/** Arrow Down through a closed <select> until the option with this text is chosen. */
async function chooseOption(page: Page, label: string) {
  const chosen = () => page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.textContent);
  for (let i = 0; i < 20 && (await chosen()) !== label; i += 1) await page.keyboard.press('ArrowDown');
  expect(await chosen()).toBe(label);
}

/** The digits a person types into a date field, in the order the browser's locale shows its parts. */
function dateKeys(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (d) =>
      new Date(`${d}T00:00:00Z`)
        .toLocaleDateString(navigator.language, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' })
        .replace(/\D/g, ''),
    iso,
  );
}

/**
 * Fills fields in tab order: Tab to the first (from wherever focus is), then each next one must be the very
 * next Tab stop (after a date field, whose calendar button is a stop of its own), so the order on screen is the
 * order by keyboard.
 */
async function fillInOrder(page: Page, fields: readonly (readonly [name: string, value: string])[]) {
  let within = 40;
  for (const [name, value] of fields) {
    const stop = await tabTo(page, named(name), `the ${name} field`, within);
    await enter(page, stop, value);
    within = stop.type === 'date' ? 2 : 1;
  }
}

/** Tab to a button or link by its text and press Enter. */
async function activate(page: Page, text: string, within = 40) {
  await tabTo(page, labelled(text), `"${text}"`, within);
  await page.keyboard.press('Enter');
}

describe('visitors by keyboard alone', () => {
  it('a visitor sends the contact form: Tab, typing, arrows for the service, Enter on Send', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'networkidle' });
    await fillInOrder(p.page, [
      ['name', 'Kai Keys'],
      ['email', 'kai@keys.example'],
      ['company', 'Keys Pty Ltd'],
      ['service', 'Web Hosting'],
      ['message', 'Typed without a mouse.'],
    ]);
    // The spam check's own checkbox sits between the message and the button.
    await activate(p.page, 'Send message', 2);
    await successShown(p.page, MESSAGES.contactSuccess);
    const [row] = (await findHeldData(site.database.db, 'kai@keys.example', 'email#none')).contacts;
    expect(row).toMatchObject({
      name: 'Kai Keys',
      company: 'Keys Pty Ltd',
      service: 'web-hosting',
      message: 'Typed without a mouse.',
      status: 'new',
    });
    p.assertClean();
  });

  // One service in the first group and one at the end of the second: arrow keys cross the two fieldsets.
  it.each(['rollouts-migrations', 'web-hosting'] as const)('a visitor completes the quote wizard for %s', async (service: ServiceId) => {
    await using p = await openPage(site.browser);
    const { page } = p;
    await page.goto(`${site.baseUrl}/quote`, { waitUntil: 'networkidle' });
    // Step 1: Tab into the radio group (the first service), then arrows move the choice; Space picks the first.
    await tabTo(page, named('service'), 'the service choice');
    const target = SERVICES.findIndex((s) => s.id === service);
    if (target === 0) await page.keyboard.press('Space');
    for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
    await expect(focused(page)).resolves.toMatchObject({ value: service });
    await activate(page, 'Continue', 1);
    await expect(page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 2 of 3');

    // Step 2 starts at its heading, so the first Tab reaches the first field.
    const name = `Quinn Keys ${service}`;
    await fillInOrder(page, [
      ['name', name],
      ['email', 'quinn@keys.example'],
      ['company', 'Keys Co'],
      ['phone', '02 8005 0142'],
      ['companySize', '11-50 employees'],
      ['budget', '$15,000-$50,000'],
      ['timeline', '1-3 months'],
      ['startDate', '2027-01-10'],
      ['completionDate', '2027-03-01'],
      ['description', 'Planned by keyboard.'],
    ]);
    await activate(page, 'Continue', 2);
    await expect(page.locator('.wizard-step-count').textContent()).resolves.toBe('Step 3 of 3');

    // Step 3: every field of this service; selects take their second option, so the arrows really move.
    const answers = QUOTE_FIELDS[service].map(
      (f) => [f.name, f.kind === 'select' ? f.options[1]! : f.kind === 'number' ? '12' : 'Weekends'] as const,
    );
    await fillInOrder(page, answers);
    await activate(page, 'Submit request', 3);
    await successShown(page, MESSAGES.quoteSuccess);

    const listed = (await listLeadSummaries(site.database.db, 'quote', { q: name, limit: 100 })).filter((l) => l.name === name);
    expect(listed).toHaveLength(1);
    const row = (await findLead(site.database.db, 'quote', listed[0]!.id))!.lead as QuoteRecord;
    expect(row).toMatchObject({
      service,
      status: 'new',
      companySize: '11-50',
      budget: '$15,000-$50,000',
      startDate: '2027-01-10',
      completionDate: '2027-03-01',
    });
    expect(row.details).toEqual(Object.fromEntries(answers.map(([k, v]) => [k, v === '12' ? 12 : v])));
    p.assertClean();
  });
});

describe('staff by keyboard alone', () => {
  it('staff sign in, open a lead from the inbox and move its status on', async () => {
    await using p = await openPage(site.browser);
    const { page } = p;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-Proto': 'https' });
    await page.goto(`${site.baseUrl}/admin/dashboard`, { waitUntil: 'networkidle' });
    expect(page.url()).toContain('/admin/login?next=');
    await fillInOrder(page, [
      ['email', STAFF.email],
      ['password', STAFF.password],
    ]);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Dashboard');

    await activate(page, 'Leads');
    await page.waitForURL(/\/admin\/leads$/);
    await page.waitForLoadState('networkidle');
    await activate(page, 'Kim Keyboard', 60);
    await page.waitForURL(new RegExp(`/admin/leads/quote/${leadId}$`));
    await page.waitForLoadState('networkidle');

    for (const [button, label, status] of [
      ['Mark contacted', 'Contacted', 'contacted'],
      ['Mark quoted', 'Quoted', 'quoted'],
    ] as const) {
      await activate(page, button);
      await page
        .getByRole('status')
        .filter({ hasText: `Status changed to ${label}.` })
        .waitFor();
      expect((await findLead(site.database.db, 'quote', leadId))?.lead.status).toBe(status);
    }
    p.assertClean();
  });
});

const WALKS = ['/', '/services', '/about', '/contact', '/quote', '/blog', POST.path, '/admin/login'];

describe.each(Object.entries(VIEWPORTS))('visible focus at %s width', (_width, viewport) => {
  it.each(WALKS)('every Tab stop on %s shows where focus is, in view, and Tab leaves the page', async (path) => {
    await using p = await openPage(site.browser, viewport);
    await p.page.goto(site.baseUrl + path, { waitUntil: 'networkidle' });
    const stops: Stop[] = [];
    for (let i = 0; i < 100; i += 1) {
      await p.page.keyboard.press('Tab');
      const stop = await settledFocus(p.page);
      if (stop.none || stop.again) break;
      stops.push(stop);
    }
    expect(stops[0]?.label).toBe('a "Skip to content"');
    const failures = stops.filter((s) => s.problems.length).map((s) => `${s.label}: ${s.problems.join('; ')}`);
    expect(failures).toEqual([]);
    // The walk ended because focus left the page, not because Tab went round in circles or never ended.
    await expect(focused(p.page)).resolves.toMatchObject({ none: true });
    expect(stops.length).toBeGreaterThan(5);
    p.assertClean();
  });
});

describe('skip link', () => {
  it('Enter on the skip link moves focus to the main content, so the next Tab skips the header', async () => {
    await using p = await openPage(site.browser);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'networkidle' });
    await activate(p.page, 'Skip to content', 1);
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.id)).toBe('main');
    await p.page.keyboard.press('Tab');
    await expect.poll(() => p.page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    p.assertClean();
  });
});

describe('the spam check while it runs', () => {
  it('hides its focused checkbox behind a spinner, and the spinner’s box shows where focus is', async () => {
    await using p = await openPage(site.browser, VIEWPORTS.phone);
    await p.page.goto(`${site.baseUrl}/contact`, { waitUntil: 'networkidle' });
    // The first focus in the form fetches the widget; once its checkbox is there, Tab from the message reaches it.
    const checkbox = p.page.locator('altcha-widget input[type=checkbox]');
    await p.page.getByRole('textbox', { name: 'Message' }).focus();
    await checkbox.waitFor({ state: 'attached' });
    await p.page.keyboard.press('Tab');
    await expect.poll(() => checkbox.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    await p.page.getByText('Verified').waitFor();
    // The widget's running state, set as its own code does (the proof of work is too quick to catch here).
    const box = p.page.locator('.altcha-checkbox');
    await box.evaluate((el) => el.setAttribute('data-loading', 'true'));
    await expect(checkbox.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');
    await expect(box.evaluate((el) => getComputedStyle(el).boxShadow)).resolves.not.toBe('none');
    p.assertClean();
  });
});
