import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_TEXT } from '../../shared/previews.ts';
import type { WordsEditorState } from '../../shared/site-words.ts';
import { STAFF, type StaffClient, auditEntries, signedInPerson, signedInStaffApp } from '../helpers/admin-client.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/product.md#site-words: a page's or a service's draft shared through the posts' share links. */
describe.each(configuredEngines())('share links of a page’s draft on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  afterEach(() => {
    vi.useRealTimers();
  });

  async function saveDraft(client: StaffClient, key: string, change: Record<string, unknown>) {
    const opened = (await client.req('get', `/api/admin/pages/${key}`)).body as WordsEditorState;
    const res = await client
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...(opened.draft ?? opened.published), ...change }, version: opened.version, publish: false });
    expect(res.status).toBe(200);
  }

  async function share(client: StaffClient, key: string) {
    const res = await client.req('post', `/api/admin/pages/${key}/share-links`).send({});
    expect(res.status).toBe(201);
    return res.body as { id: string; url: string; expiresAt: string; createdAt: string; createdBy: string };
  }

  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  const visitor = (path: string) => request(t.app).get(path).set('X-Forwarded-Proto', 'https');

  it('signed out, a link shows the draft in the site’s frame under a banner, noindex, never cached; the public page keeps the published words', async () => {
    const title = `About us, still a draft (${engine})`;
    // Nothing saved yet: nothing to share.
    const early = await t.staff.req('post', '/api/admin/pages/about/share-links').send({});
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(PREVIEW_TEXT.saveWordsFirst);
    await saveDraft(t.staff, 'about', { title });
    const link = await share(t.staff, 'about');
    expect(link.url).toMatch(/^https:\/\/www\.example\.com\.au\/preview\?token=[\w-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * DAY_MS);
    expect(link.createdBy).toBe(STAFF.name);

    const page = await visitor(pathOf(link.url));
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
    expect(page.text).toContain(title);
    expect(page.text).toContain('class="site-header"');
    expect(page.text).toContain(PREVIEW_TEXT.sharedPageIntro);
    expect(page.text).toContain(PREVIEW_TEXT.sharedPageStatus.draft);
    expect(page.text).toMatch(/It shows the version saved [^<]+ by Sam Staff\./);
    expect(page.text).not.toContain('/admin/pages/about');
    expect((await visitor('/about')).text).not.toContain(title);

    // A newer draft shows at once (the link shows the draft as last saved).
    await saveDraft(t.staff, 'about', { title: `${title}, revised` });
    expect((await visitor(pathOf(link.url))).text).toContain(`${title}, revised`);

    expect((await t.staff.req('get', '/api/admin/pages/about/share-links')).body).toEqual([
      { id: link.id, createdAt: link.createdAt, expiresAt: link.expiresAt, createdBy: STAFF.name },
    ]);
    const audit = await auditEntries(t.staff, { action: 'words.preview_shared' });
    expect(audit[0]!.target).toBe(`about About (until ${link.expiresAt})`);
    const sentence = audit[0]!.sentence.map((part) => (typeof part === 'string' ? part : part.label)).join('');
    expect(sentence).toMatch(/^Shared a preview of About, open until .+$/);
    // The editor lists it.
    const editor = await t.staff.req('get', '/admin/pages/about');
    expect(editor.text).toContain(PREVIEW_TEXT.share);
    expect(editor.text).toContain(PREVIEW_TEXT.revoke);
  });

  it('a service’s link shows the services page with its draft; turned off or after 7 days it is the “not available” page', async () => {
    const description = `Hosting, drafted (${engine}).`;
    await saveDraft(t.staff, 'web-hosting', { description });
    const link = await share(t.staff, 'web-hosting');
    const second = await share(t.staff, 'web-hosting');
    expect(new URL(second.url).searchParams.get('service')).toBe('web-hosting');
    expect((await visitor(pathOf(second.url))).text).toContain(description);
    expect((await t.staff.req('delete', `/api/admin/pages/web-hosting/share-links/${second.id}`)).status).toBe(204);
    const revoked = await visitor(pathOf(second.url));
    expect(revoked.status).toBe(404);
    expect(revoked.text).toContain(PREVIEW_TEXT.unavailable);
    expect(revoked.text).not.toContain(description);
    expect((await auditEntries(t.staff, { action: 'words.preview_revoked' }))[0]!.target).toMatch(
      new RegExp(`^web-hosting .+ \\(link ${second.id}\\)$`),
    );
    const [revokedEntry] = await auditEntries(t.staff, { action: 'words.preview_revoked' });
    expect(revokedEntry!.sentence.map((part) => (typeof part === 'string' ? part : part.label)).join('')).toBe(
      'Turned off a preview link of Web Hosting',
    );

    const created = Date.parse(link.createdAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(created + 7 * DAY_MS - 60_000);
    expect((await visitor(pathOf(link.url))).status).toBe(200);
    vi.setSystemTime(created + 7 * DAY_MS + 60_000);
    expect((await visitor(pathOf(link.url))).status).toBe(404);
  });

  it('a link works while its maker may edit pages; a new page’s link ends with the page; the navigation has none', async () => {
    const editor = await signedInPerson(t, 'editor', `eda-${engine}@northbridge-it.com.au`);
    const key = `page-${randomUUID()}`;
    const words = {
      title: 'Careers',
      address: `careers-${engine}`,
      body: '<p>Join us.</p>',
      seoTitle: 'Careers',
      metaDescription: 'Jobs.',
    };
    const saved = await editor.browser
      .req('put', `/api/admin/pages/${key}`)
      .send({ words: { ...words, socialImage: '', showInFooter: false }, version: 0, publish: false });
    expect(saved.status).toBe(200);
    const link = await share(editor.browser, key);
    const page = await visitor(pathOf(link.url));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Join us.');
    expect((await visitor(`/${words.address}`)).status).toBe(404);

    // Made Author, the maker may no longer edit pages: the link stops; made Editor again, it works again.
    const setRole = (role: string) => t.staff.req('post', `/api/admin/staff/${editor.id}/role`).send({ role });
    expect((await setRole('author')).status).toBe(200);
    expect((await visitor(pathOf(link.url))).status).toBe(404);
    expect((await editor.browser.req('post', `/api/admin/pages/${key}/share-links`).send({})).status).toBe(403);
    expect((await setRole('editor')).status).toBe(200);
    expect((await visitor(pathOf(link.url))).status).toBe(200);

    expect((await t.staff.req('delete', `/api/admin/pages/${key}?version=1`)).status).toBe(200);
    expect((await visitor(pathOf(link.url))).status).toBe(404);
    expect(await t.database.db.selectFrom('preview_links').select('id').where('words_key', '=', key).execute()).toEqual([]);

    expect((await t.staff.req('post', '/api/admin/pages/navigation/share-links').send({})).status).toBe(404);
  });
});
