import { randomUUID } from 'node:crypto';
import type { RequestListener, Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/database.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import type { AuditLine } from '../../shared/admin.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { PAGES_MESSAGES } from '../../shared/pages-texts.ts';
import {
  PAGE_FIELDS,
  RESERVED_ADDRESSES,
  SERVICE_FIELDS,
  type WordsDiffField,
  type WordsEditorState,
  defaultSiteWords,
} from '../../shared/site-words.ts';
import { type StaffClient, auditEntries, signedInStaffApp } from '../helpers/admin-client.ts';
import { eventually } from '../helpers/eventually.ts';
import { jsonLd } from '../helpers/json-ld.ts';
import { type TestApp, configuredEngines, migrateTo, migrateUp, productionRenderer } from '../helpers/test-app.ts';

/** docs/product.md#site-words: the pages' and services' words as staff edit them, on every configured engine. */

/** Text as React writes it into HTML. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

const DEFAULTS = defaultSiteWords(DEFAULT_SITE_SETTINGS.name);
const visitor = (app: Server | RequestListener, path: string) => request(app).get(path).set('X-Forwarded-Proto', 'https');

async function editorState(staff: StaffClient, key: string): Promise<WordsEditorState> {
  const res = await staff.req('get', `/api/admin/pages/${key}`);
  expect(res.status).toBe(200);
  return res.body as WordsEditorState;
}

/** Saves `change` over the words the editor opens with, as a draft or published. */
async function save(staff: StaffClient, key: string, change: Record<string, unknown>, publish: boolean, version?: number) {
  const state = await editorState(staff, key);
  return staff
    .req('put', `/api/admin/pages/${key}`)
    .send({ words: { ...(state.draft ?? state.published), ...change }, version: version ?? state.version, publish });
}

for (const engine of configuredEngines()) {
  describe(`pages' words on ${engine}`, () => {
    let t: TestApp & { staff: StaffClient };
    /** A second instance on the same database: its own page cache, which checks the content version once a second. */
    let other: RequestListener;

    beforeAll(async () => {
      t = await signedInStaffApp({ engine });
      other = createApp({
        config: t.config,
        database: t.database,
        logger: createLogger(t.config),
        renderer: await productionRenderer(),
      }).listener;
    }, 60_000);
    afterAll(() => t?.close());

    it('an existing database migrated to this version shows today’s words', async () => {
      // Back to the migration before the pages' words, then forward again: what an upgrade of today's site does.
      const names = Object.keys(migrations);
      const since = names.indexOf('2026-11-27-220-site-words');
      const down = await migrateTo(t.database, names[since - 1]!);
      expect(down.error).toBeUndefined();
      expect(await migrateUp(t.database)).toEqual(names.slice(since));
      const home = (await visitor(t.app, '/')).text;
      expect(home).toContain(html(DEFAULTS.pages.home.heroTitle));
      expect(home).toContain(html(DEFAULTS.pages.home.heroText));
      expect(home).toContain(html(DEFAULTS.services['web-hosting'].summary));
      const about = (await visitor(t.app, '/about')).text;
      for (const value of DEFAULTS.pages.about.values) expect(about).toContain(html(value.text));
      const privacy = (await visitor(t.app, '/privacy')).text;
      expect(privacy).toContain(
        `${html(DEFAULTS.pages.privacy.sections[3]!.text.split('{email}')[0]!)}<a href="mailto:${DEFAULT_SITE_SETTINGS.email}">`,
      );
    });

    it('a publish on one instance shows on the other at its next request after the version check; a draft never does', async () => {
      expect((await visitor(other, '/')).text).toContain(html(DEFAULTS.pages.home.heroTitle));
      const title = `Networks that never sleep (${engine})`;
      expect((await visitor(t.app, '/')).text).toContain(html(DEFAULTS.pages.home.heroTitle));
      const published = await save(t.staff, 'home', { heroTitle: title }, true);
      expect(published.status).toBe(200);
      // The instance that published drops its pages at once: its very next request shows the new words.
      expect((await visitor(t.app, '/')).text).toContain(html(title));
      await eventually(
        async () => ((await visitor(other, '/')).text.includes(html(title)) ? true : undefined),
        'the new hero title on the other instance',
        2_500,
      );

      const draft = await save(t.staff, 'home', { heroTitle: 'Only a draft' }, false);
      expect(draft.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      for (const app of [t.app, other]) expect((await visitor(app, '/')).text).toContain(html(title));
      // The preview shows the draft, inside the site's frame.
      const preview = await t.staff.req('get', '/admin/pages/home/preview');
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('Only a draft');
      expect(preview.text).toContain('class="site-header"');
    });

    it('a renamed service keeps its id: its ?service= links, the menus and the quote form show the new name', async () => {
      const name = `Managed Hosting ${engine}`;
      const summary = 'Australian servers, backups every night and someone who answers.';
      expect((await save(t.staff, 'web-hosting', { name, summary }, true)).status).toBe(200);
      await eventually(
        async () => ((await visitor(t.app, '/services?service=web-hosting')).text.includes(html(name)) ? true : undefined),
        'the renamed service',
        2_500,
      );
      const services = (await visitor(t.app, '/services')).text;
      expect(services).toContain(`<a href="/quote?service=web-hosting">${html(name)}</a>`);
      expect((await visitor(t.app, '/')).text).toContain(html(summary));
      const quote = (await visitor(t.app, '/quote?service=web-hosting')).text;
      expect(quote).toContain(html(name));
      expect(quote).not.toContain(`>${html(DEFAULTS.services['web-hosting'].name)}<`);
      // The contact form's service list too.
      const contact = (await visitor(t.app, '/contact')).text;
      expect(contact).toMatch(new RegExp(`<option value="web-hosting"[^>]*>${html(name)}</option>`));
    });

    it('markup typed into a field shows as characters; a too-long field and an empty list are refused beside the field', async () => {
      const markup = '<img src=x onerror=alert(1)><b>Bold</b>';
      expect((await save(t.staff, 'contact', { title: markup }, true)).status).toBe(200);
      await eventually(
        async () => ((await visitor(t.app, '/contact')).text.includes(html(markup)) ? true : undefined),
        'the escaped title',
        2_500,
      );
      expect((await visitor(t.app, '/contact')).text).not.toContain('<b>Bold</b>');

      const max = PAGE_FIELDS.home.heroTitle.max;
      const long = await save(t.staff, 'home', { heroTitle: 'x'.repeat(max + 1) }, true);
      expect(long.status).toBe(400);
      expect(long.body.error.details.fields).toEqual({ heroTitle: FIELD_MESSAGES.tooLong(PAGE_FIELDS.home.heroTitle.label, max) });
      const empty = await save(t.staff, 'network-security', { features: [] }, false);
      expect(empty.body.error.details.fields).toEqual({ features: PAGES_MESSAGES.atLeastOne(SERVICE_FIELDS.features.item) });
      const blankValue = await save(t.staff, 'about', { values: [{ title: '', text: 'x' }] }, false);
      expect(blankValue.body.error.details.fields).toEqual({
        'values.0.title': FIELD_MESSAGES.required(PAGE_FIELDS.about.values.titleLabel),
      });
    });

    it('two people saving the same page: the second, from an older version, is refused and nothing is overwritten', async () => {
      const opened = await editorState(t.staff, 'about');
      expect((await save(t.staff, 'about', { lead: 'First person’s words.' }, false, opened.version)).status).toBe(200);
      const second = await save(t.staff, 'about', { lead: 'Second person’s words.' }, false, opened.version);
      expect(second.status).toBe(409);
      expect(second.body.error.message).toBe(PAGES_MESSAGES.conflict);
      expect((await editorState(t.staff, 'about')).draft?.lead).toBe('First person’s words.');
    });

    it('the history shows a word diff, restores a version as the draft, and the audit log says what changed', async () => {
      const state = await editorState(t.staff, 'services');
      expect((await save(t.staff, 'services', { lead: 'One accountable team for every service.' }, true)).status).toBe(200);
      expect((await save(t.staff, 'services', { lead: 'One accountable team for each service.' }, false)).status).toBe(200);
      const history = (await editorState(t.staff, 'services')).revisions;
      expect(history.map((r) => r.kind)).toEqual(['draft', 'published', ...state.revisions.map((r) => r.kind)]);
      const diff = (await t.staff.req('get', `/api/admin/pages/services/revisions/${history[1]!.id}/diff`)).body as WordsDiffField[];
      expect(diff).toEqual([
        {
          field: 'lead',
          label: PAGE_FIELDS.services.lead.label,
          parts: [
            { op: 'same', text: 'One accountable team for ' },
            { op: 'removed', text: 'every' },
            { op: 'added', text: 'each' },
            { op: 'same', text: ' service.' },
          ],
        },
      ]);
      const restored = await t.staff
        .req('post', `/api/admin/pages/services/revisions/${history[1]!.id}/restore`)
        .send({ version: (await editorState(t.staff, 'services')).version });
      expect(restored.status).toBe(200);
      expect((restored.body as { state: WordsEditorState }).state.draft?.lead).toBe('One accountable team for every service.');

      const sentences = (await auditEntries(t.staff)).map((e: AuditLine) =>
        e.sentence.map((p) => (typeof p === 'string' ? p : p.label)).join(''),
      );
      expect(sentences).toContain('Changed the intro on Services');
      expect(sentences).toContain('Changed the hero title on Home');
      expect(sentences).toContain('Restored an earlier version of Services as its draft');
    });

    it('a new page: a draft is a 404; published it answers at its address with no script, JSON-LD WebPage, in the sitemap and the footer; deleted it is a 404', async () => {
      const key = `page-${randomUUID()}`;
      const page = {
        title: 'Careers',
        address: `careers-${engine}`,
        body: '<h2>Join us</h2><p>We hire engineers.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        seoTitle: 'Careers at Northbridge',
        metaDescription: 'Engineering roles in Sydney.',
        socialImage: '',
        showInFooter: true,
      };
      const draft = await t.staff.req('put', `/api/admin/pages/${key}`).send({ words: page, version: 0, publish: false });
      expect(draft.status).toBe(200);
      expect((await visitor(t.app, `/${page.address}`)).status).toBe(404);
      expect((await t.staff.req('get', `/admin/pages/${key}/preview`)).text).toContain('We hire engineers.');

      const published = await t.staff.req('put', `/api/admin/pages/${key}`).send({ words: page, version: 1, publish: true });
      expect(published.status).toBe(200);
      const res = await eventually(
        async () => {
          const r = await visitor(t.app, `/${page.address}`);
          return r.status === 200 ? r : undefined;
        },
        'the published page',
        2_500,
      );
      expect(res.text).toContain('<h2>Join us</h2><p>We hire engineers.</p>');
      expect(res.text).not.toContain('alert(1)');
      expect(res.text).toContain('<title>Careers at Northbridge | ');
      expect(
        [...res.text.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]).filter((attrs) => !/application\/(ld\+)?json/.test(attrs ?? '')),
      ).toEqual([]);
      expect(jsonLd(res.text)).toContainEqual(
        expect.objectContaining({ '@type': 'WebPage', name: 'Careers', description: page.metaDescription }),
      );
      expect((await visitor(t.app, '/sitemap.xml')).text).toContain(`/${page.address}</loc>`);
      expect((await visitor(t.app, '/contact')).text).toContain(`<a href="/${page.address}">Careers</a>`);

      const version = (await editorState(t.staff, key)).version;
      expect((await t.staff.req('delete', `/api/admin/pages/${key}?version=${version}`)).status).toBe(200);
      expect((await visitor(t.app, `/${page.address}`)).status).toBe(404);
      expect((await visitor(t.app, '/sitemap.xml')).text).not.toContain(`/${page.address}</loc>`);
      expect((await t.staff.req('delete', '/api/admin/pages/home?version=0')).status).toBe(400);
    });

    it('a new page’s address: the site’s own are refused beside the field, in words, and so is one another page has', async () => {
      const words = { title: 'T', body: '<p>x</p>', seoTitle: 'T', metaDescription: 'D', socialImage: '', showInFooter: false };
      for (const address of RESERVED_ADDRESSES) {
        const res = await t.staff
          .req('put', `/api/admin/pages/page-${randomUUID()}`)
          .send({ words: { ...words, address }, version: 0, publish: true });
        expect(res.body.error?.details?.fields, address).toEqual({ address: PAGES_MESSAGES.addressReserved(address) });
      }
      const bad = await t.staff
        .req('put', `/api/admin/pages/page-${randomUUID()}`)
        .send({ words: { ...words, address: 'Our Team.html' }, version: 0, publish: false });
      expect(bad.body.error.details.fields).toEqual({ address: PAGES_MESSAGES.addressFormat });
      expect(
        (
          await t.staff
            .req('put', `/api/admin/pages/page-${randomUUID()}`)
            .send({ words: { ...words, address: `team-${engine}` }, version: 0, publish: false })
        ).status,
      ).toBe(200);
      const clash = await t.staff
        .req('put', `/api/admin/pages/page-${randomUUID()}`)
        .send({ words: { ...words, address: `team-${engine}` }, version: 0, publish: false });
      expect(clash.body.error.details.fields).toEqual({ address: PAGES_MESSAGES.addressTaken(`team-${engine}`) });
    });

    it('the navigation: renamed, added and reordered header and footer links show on every page; the Services menu keeps the services', async () => {
      const header = [
        { title: 'Services', text: '/services' },
        { title: 'Who we are', text: '/about' },
        { title: 'Jobs', text: '/jobs' },
        { title: 'Status', text: 'https://status.example.com' },
      ];
      const footer = [
        { title: 'Privacy', text: '/privacy' },
        { title: 'Quote', text: '/quote?service=web-design' },
      ];
      const refused = await save(t.staff, 'navigation', { header: [...header, { title: 'Bad', text: 'javascript:alert(1)' }] }, true);
      expect(refused.body.error.details.fields).toEqual({ 'header.4.text': PAGES_MESSAGES.linkAddress });
      expect((await save(t.staff, 'navigation', { header, footer }, true)).status).toBe(200);
      const html = await eventually(
        async () => {
          const text = (await visitor(t.app, '/blog')).text;
          return text.includes('>Who we are</a>') ? text : undefined;
        },
        'the new header',
        2_500,
      );
      const nav = /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)![0];
      expect(
        [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)]
          .map((m) => [m[1], m[2]])
          .filter(([href]) => !href!.startsWith('/quote?service=')),
      ).toEqual(header.map((l) => [l.text, l.title]));
      expect(nav).toContain('href="/quote?service=network-security"');
      const company = /<nav aria-labelledby="footer-company"[\s\S]*?<\/nav>/.exec(html)![0];
      expect([...company.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1]!.replace(/&amp;/g, '&'), m[2]])).toEqual(
        expect.arrayContaining(footer.map((l) => [l.text, l.title])),
      );
      expect(company).not.toContain('>Contact</a>');
      expect((await t.staff.req('get', '/admin/navigation')).status).toBe(200);
    });

    it('a scheduled publish: the words go live at their time on every instance, with no other write', async () => {
      const lead = `Scheduled words (${engine}).`;
      const opened = await editorState(t.staff, 'privacy');
      const publishAt = new Date(Date.now() + 2_000).toISOString();
      const res = await t.staff
        .req('put', '/api/admin/pages/privacy')
        .send({ words: { ...opened.published, lead }, version: opened.version, publish: true, publishAt });
      expect(res.status).toBe(200);
      expect((res.body as { state: WordsEditorState }).state.scheduledAt).toBe(publishAt);
      for (const app of [t.app, other]) expect((await visitor(app, '/privacy')).text).not.toContain(lead);
      await eventually(
        async () => ((await visitor(other, '/privacy')).text.includes(lead) ? true : undefined),
        'the scheduled words on the other instance',
        5_000,
      );
      expect((await visitor(t.app, '/privacy')).text).toContain(lead);
      const after = await editorState(t.staff, 'privacy');
      expect({ publishedAt: after.publishedAt, draft: after.draft, scheduledAt: after.scheduledAt }).toEqual({
        publishedAt: publishAt,
        draft: null,
        scheduledAt: null,
      });
      expect(after.revisions[0]!.kind).toBe('scheduled');
    });

    it('the form is autosaved while typing and offered back until a save; what is not the form’s is dropped', async () => {
      const typed = { heroTitle: 'Half-typed hero', heroText: '', junk: '<script>x</script>', quoteButton: 42 };
      expect((await t.staff.req('put', '/api/admin/pages/home/autosave').send(typed)).status).toBe(200);
      const opened = await editorState(t.staff, 'home');
      expect(opened.autosave?.words).toEqual({ ...(opened.draft ?? opened.published), heroTitle: 'Half-typed hero', heroText: '' });
      expect(opened.autosave?.words).not.toHaveProperty('junk');
      expect((await save(t.staff, 'home', { heroTitle: 'Saved hero' }, false)).status).toBe(200);
      expect((await editorState(t.staff, 'home')).autosave).toBeNull();
    });

    it('an unknown page is a 404, to the API and the editor alike', async () => {
      expect((await t.staff.req('get', '/admin/pages/home')).status).toBe(200);
      expect((await t.staff.req('get', '/api/admin/pages/careers')).status).toBe(404);
      expect((await t.staff.req('get', '/admin/pages/careers')).status).toBe(404);
      expect((await t.staff.req('get', '/admin/pages/careers/preview')).status).toBe(404);
    });
  });
}
