import { randomUUID } from 'node:crypto';
import type { RequestListener, Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import type { WordsEditorState } from '../../shared/site-words.ts';
import { type StaffClient, signedInStaffApp } from '../helpers/admin-client.ts';
import { eventually } from '../helpers/eventually.ts';
import { type TestApp, configuredEngines, countingRenderer } from '../helpers/test-app.ts';

/**
 * docs/decisions/027-publish-drops-its-pages.md: a publish of the pages' words costs one render of each page that
 * shows them, on the instance that published and on another one on the same database, and none of any other page.
 */

/** Pages the renderer draws (the sitemap is built without it, so its count is not seen here). */
const PAGES = ['/', '/services', '/services?service=web-hosting', '/about', '/contact', '/quote', '/privacy', '/blog'];
const visitor = (app: Server | RequestListener, path: string) => request(app).get(path).set('X-Forwarded-Proto', 'https');

type Counter = Awaited<ReturnType<typeof countingRenderer>>;

/** Asks for every page and answers how many renders each cost since `before` (a copy of the counts). */
async function rendersOfVisit(app: Server | RequestListener, counter: Counter): Promise<Record<string, number>> {
  const before = new Map(counter.renders);
  for (const path of PAGES) expect((await visitor(app, path)).status, path).toBe(200);
  return Object.fromEntries(PAGES.map((path) => [path, (counter.renders.get(path) ?? 0) - (before.get(path) ?? 0)]));
}

const only = (paths: string[]) => Object.fromEntries(PAGES.map((path) => [path, paths.includes(path) ? 1 : 0]));

async function publish(staff: StaffClient, key: string, change: Record<string, unknown>): Promise<void> {
  const opened = (await staff.req('get', `/api/admin/pages/${key}`)).body as WordsEditorState;
  const res = await staff
    .req('put', `/api/admin/pages/${key}`)
    .send({ words: { ...(opened.draft ?? opened.published), ...change }, version: opened.version, publish: true });
  expect(res.status).toBe(200);
}

for (const engine of configuredEngines()) {
  describe(`a publish re-renders the pages showing it, and only those, on ${engine}`, () => {
    let t: TestApp & { staff: StaffClient };
    let here: Counter;
    /** A second instance on the same database, with its own cache and its own count of renders. */
    let other: RequestListener;
    let there: Counter;

    beforeAll(async () => {
      here = await countingRenderer();
      there = await countingRenderer();
      t = await signedInStaffApp({ engine, renderer: here });
      other = createApp({ config: t.config, database: t.database, logger: createLogger(t.config), renderer: there }).listener;
    }, 60_000);
    afterAll(() => t?.close());

    /** Publishes, then checks each instance renders `paths` once (the other after its next version check) and nothing else. */
    async function expectRenders(key: string, change: Record<string, unknown>, paths: string[], shows: [string, string]) {
      await rendersOfVisit(t.app, here);
      await rendersOfVisit(other, there);
      // Every page is stored now: a second visit renders nothing.
      expect(await rendersOfVisit(t.app, here)).toEqual(only([]));
      await publish(t.staff, key, change);
      expect(await rendersOfVisit(t.app, here)).toEqual(only(paths));
      const [path, text] = shows;
      expect((await visitor(t.app, path)).text).toContain(text);
      await eventually(
        async () => ((await visitor(other, path)).text.includes(text) ? true : undefined),
        `${text} on the other instance`,
        2_500,
      );
      // The probe above rendered `path` there: the visit renders the rest of the pages showing the words.
      expect(await rendersOfVisit(other, there)).toEqual(only(paths.filter((p) => p !== path)));
    }

    it('About’s words: /about only', async () => {
      const title = `About us, ${engine}`;
      await expectRenders('about', { title }, ['/about'], ['/about', title]);
    });

    it('a service’s description: the home and services pages; its name: every page (the Services menu is in the header)', async () => {
      const summary = `Servers in Sydney, watched all night (${engine}).`;
      await expectRenders('web-hosting', { summary }, ['/', '/services', '/services?service=web-hosting'], ['/', summary]);
      const name = `Managed Hosting ${engine}`;
      await expectRenders('web-hosting', { name }, PAGES, ['/quote', name]);
    });

    it('a new page: its address and the sitemap; shown in the footer, every page', async () => {
      const key = `page-${randomUUID()}`;
      const address = `careers-${engine}`;
      const page = { title: 'Careers', address, body: '<p>We hire.</p>', seoTitle: 'Careers', metaDescription: 'Jobs.', socialImage: '' };
      const create = await t.staff
        .req('put', `/api/admin/pages/${key}`)
        .send({ words: { ...page, showInFooter: false }, version: 0, publish: false });
      expect(create.status).toBe(200);
      // Its address answers 404 until now (a stored 404); published, that address and the sitemap change.
      expect((await visitor(t.app, `/${address}`)).status).toBe(404);
      await rendersOfVisit(t.app, here);
      expect((await visitor(t.app, '/sitemap.xml')).text).not.toContain(`/${address}</loc>`);
      await publish(t.staff, key, {});
      PAGES.push(`/${address}`);
      try {
        expect(await rendersOfVisit(t.app, here)).toEqual(only([`/${address}`]));
        expect((await visitor(t.app, '/sitemap.xml')).text).toContain(`/${address}</loc>`);
        await expectRenders(key, { showInFooter: true }, PAGES, ['/about', `<a href="/${address}">Careers</a>`]);
      } finally {
        PAGES.pop();
      }
    });
  });
}
