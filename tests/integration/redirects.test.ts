import type { RequestListener, Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import type { Redirect } from '../../shared/redirects.ts';
import { type SignedInStaffApp, auditEntries, signedInStaffApp } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { eventually } from '../helpers/eventually.ts';
import { configuredEngines, productionRenderer } from '../helpers/test-app.ts';

/** docs/product.md#redirects: answered before the page cache on every instance, counted, refused in words, CSV. */
const visitor = (app: Server | RequestListener, path: string) => request(app).get(path).set('X-Forwarded-Proto', 'https').redirects(0);

for (const engine of configuredEngines()) {
  describe(`redirects on ${engine}`, () => {
    let t: SignedInStaffApp;
    /** A second instance on the same database: its own redirect table and page cache. */
    let other: ReturnType<typeof createApp>;

    beforeAll(async () => {
      t = await signedInStaffApp({ engine });
      other = createApp({ config: t.config, database: t.database, logger: createLogger(t.config), renderer: await productionRenderer() });
    }, 60_000);
    afterAll(async () => {
      await other?.redirects.stop();
      await t?.close();
    });

    const add = (body: Record<string, unknown>) => t.staff.req('post', '/api/admin/redirects').send(body);
    const list = async () => (await t.staff.req('get', '/api/admin/redirects')).body.redirects as Redirect[];

    it('an Administrator adds a redirect: answered 301 with its Location before the page stored at that address, and counted', async () => {
      // A visitor's 404 at the old address is stored by the page cache and answered from it.
      expect((await visitor(t.app, '/old-services-page')).status).toBe(404);
      expect((await visitor(t.app, '/old-services-page')).status).toBe(404);
      const res = await add({ from: '/old-services-page/', to: '/services', status: 301 });
      expect(res.status).toBe(201);
      expect(res.body.redirect).toMatchObject({ from: '/old-services-page', to: '/services', status: 301, origin: 'staff', hits: 0 });
      const answer = await visitor(t.app, '/old-services-page?utm_source=news');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/services?utm_source=news');
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect((await visitor(t.app, '/old-services-page/')).status).toBe(301);
      // HEAD too; a POST is not redirected.
      expect((await request(t.app).head('/old-services-page').set('X-Forwarded-Proto', 'https').redirects(0)).status).toBe(301);
      await t.redirects.flush();
      const row = (await list()).find((r) => r.from === '/old-services-page')!;
      expect(row.hits).toBe(3);
      expect(row.lastHitAt).toBeTruthy();
      expect((await auditEntries(t.staff)).map((e) => e.sentence.join(''))).toContain(
        'Added the redirect /old-services-page → /services (301)',
      );
    });

    it('two instances flushing their hits out of order: the hits add up and the last hit never goes back', async () => {
      expect((await add({ from: '/hit-on-both', to: '/about', status: 301 })).status).toBe(201);
      expect((await visitor(t.app, '/hit-on-both')).status).toBe(301);
      const firstHitBy = Date.now();
      // The other instance's hit comes at a later millisecond (its clock is this one's).
      await eventually(async () => (Date.now() > firstHitBy ? true : undefined), 'a later millisecond', 1_000);
      await eventually(
        async () => ((await visitor(other.listener, '/hit-on-both')).status === 301 ? true : undefined),
        'the redirect on the other instance',
        3_000,
      );
      const row = async () => (await list()).find((r) => r.from === '/hit-on-both')!;
      // The later hit is written first, then this instance's earlier one.
      await other.redirects.flush();
      const later = (await row()).lastHitAt!;
      expect(Date.parse(later)).toBeGreaterThan(firstHitBy);
      await t.redirects.flush();
      expect(await row()).toMatchObject({ hits: 2, lastHitAt: later });
    });

    it('a redirect added on one instance is answered by the other, 302 to an absolute address without the query', async () => {
      // The other instance has read the table already (empty of this one).
      expect((await visitor(other.listener, '/careers-old')).status).toBe(404);
      expect((await add({ from: '/careers-old', to: 'https://jobs.example.org/open', status: 302 })).status).toBe(201);
      const answer = await eventually(
        async () => {
          const res = await visitor(other.listener, '/careers-old?ref=x');
          return res.status === 302 ? res : undefined;
        },
        'the redirect on the other instance',
        3_000,
      );
      expect(answer.headers.location).toBe('https://jobs.example.org/open');
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('WordPress’s ?p= permalinks are kept in the address; a deleted redirect stops on both instances', async () => {
      expect((await add({ from: '/?p=123', to: '/about', status: 301 })).status).toBe(201);
      expect((await visitor(t.app, '/?p=123&utm_medium=email')).headers.location).toBe('/about?utm_medium=email');
      expect((await visitor(t.app, '/?p=124')).status).toBe(200);
      const id = (await list()).find((r) => r.from === '/?p=123')!.id;
      expect((await t.staff.req('delete', `/api/admin/redirects/${id}`)).status).toBe(200);
      expect((await visitor(t.app, '/?p=123')).status).toBe(200);
      await eventually(
        async () => ((await visitor(other.listener, '/?p=123')).status === 200 ? true : undefined),
        'deleted on the other',
        3_000,
      );
    });

    it('loops, chains, the site’s own areas and pages and a live post are refused in words beside the field', async () => {
      const post = await t.staff.req('post', '/api/admin/posts').send(postInput({ title: `Live post ${engine}` }));
      expect(post.status).toBe(201);
      expect((await add({ from: '/a-old', to: '/b-old', status: 301 })).status).toBe(201);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ from: '/x', to: '/x/' }, 'to', 'This redirect would send the address to itself. Choose a different destination.'],
        [
          { from: '/b-old', to: '/a-old' },
          'to',
          'This would make a loop: /a-old already redirects back here. Change or delete that redirect first.',
        ],
        [
          { from: '/c-old', to: '/a-old' },
          'to',
          '/a-old already redirects to /b-old. Point this redirect straight at /b-old, so visitors take one step.',
        ],
        [
          { from: '/b-old', to: '/d' },
          'from',
          '/a-old already redirects here, so visitors would take two steps. Change that redirect to the new destination first.',
        ],
        [{ from: '/admin/users', to: '/d' }, 'from', '/admin belongs to the site itself; a redirect cannot take over its addresses.'],
        [{ from: '/API/x', to: '/d' }, 'from', '/api belongs to the site itself; a redirect cannot take over its addresses.'],
        [{ from: '/about', to: '/d' }, 'from', '/about is one of the site’s own pages; a redirect cannot hide it.'],
        [
          { from: `/blog/${post.body.slug}`, to: '/d' },
          'from',
          `/blog/${post.body.slug} is a live page or post. Unpublish or delete it first, or choose another old address.`,
        ],
        [{ from: 'old', to: '/d' }, 'from', 'Enter a path of this site that starts with / (such as /old-page), not a full web address.'],
        [
          { from: '/e', to: 'javascript:alert(1)' },
          'to',
          'Enter a path that starts with / (such as /blog/new-post) or a full address starting with http:// or https://.',
        ],
        [{ from: `/${'x'.repeat(600)}`, to: '/d' }, 'from', 'The old address is too long: at most 500 characters.'],
        [{ from: '/a-old', to: '/elsewhere' }, 'from', '/a-old already redirects to /b-old. Edit that redirect instead.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await add({ status: 301, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.details.fields, JSON.stringify(body)).toEqual({ [field]: message });
      }
      expect((await list()).filter((r) => ['/x', '/c-old', '/e', '/admin/users'].includes(r.from))).toEqual([]);
    });

    it('the blog’s old slugs are listed, read-only, beside the staff’s', async () => {
      const post = await t.staff.req('post', '/api/admin/posts').send(postInput({ title: `Renamed ${engine}` }));
      const renamed = await t.staff
        .req('put', `/api/admin/posts/${post.body.id}`)
        .send(postInput({ title: `Renamed ${engine}`, slug: `renamed-again-${engine}` }));
      expect(renamed.status).toBe(200);
      const blogRow = (await list()).find((r) => r.origin === 'blog' && r.from === `/blog/${post.body.slug}`);
      expect(blogRow).toMatchObject({ to: `/blog/renamed-again-${engine}`, status: 301 });
      expect((await t.staff.req('delete', `/api/admin/redirects/${blogRow!.id}`)).status).toBe(404);
    });

    it('CSV: an export imported again adds nothing; a bad line is reported by its number and nothing is written', async () => {
      const csv = (await t.staff.req('get', '/api/admin/redirects/export.csv')).text;
      expect(csv.split('\r\n')[0]).toBe('"from","to","status"');
      expect(csv).toContain('"/a-old","/b-old","301"');
      const again = await t.staff.req('post', '/api/admin/redirects/import').send({ csv });
      expect(again.status).toBe(200);
      expect(again.body.added).toBe(0);

      const before = (await list()).length;
      const bad = 'from,to,status\n/new-one,/about,301\n/admin/x,/about,301\n/two,/three\n/four,/about,307\n';
      const refused = await t.staff.req('post', '/api/admin/redirects/import').send({ csv: bad });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.fields.csv.split('\n')).toEqual([
        'Line 3: /admin/x: /admin belongs to the site itself; a redirect cannot take over its addresses.',
        'Line 4: Each line needs three values: from, to and status (301 or 302).',
        'Line 5: Choose 301 (moved for good) or 302 (moved for now).',
      ]);
      expect((await list()).length).toBe(before);
      expect((await visitor(t.app, '/new-one')).status).toBe(404);

      const good = await t.staff
        .req('post', '/api/admin/redirects/import')
        .send({ csv: 'from,to,status\r\n"/new-one",/about,301\r\n/new-two,https://example.org/,302\r\n' });
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({ added: 2, message: 'Imported 2 redirects.' });
      expect((await visitor(t.app, '/new-two')).headers.location).toBe('https://example.org/');
      expect(
        (await t.staff.req('post', '/api/admin/redirects/import').send({ csv: 'to,from\n/a,/b\n' })).body.error.details.fields.csv,
      ).toBe('The file’s first line must be the header from,to,status (as Export CSV writes it).');
    });
  });
}
