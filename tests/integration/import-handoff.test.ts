import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, createApp } from '../../server/app.ts';
import { createLogger } from '../../server/core/logger.ts';
import { IMPORT_MESSAGES, type ImportStatus } from '../../shared/import-messages.ts';
import { STAFF, type SignedInStaffApp, StaffClient, signedInStaffApp } from '../helpers/admin-client.ts';
import { dryRun } from '../helpers/import-client.ts';
import { configuredEngines, productionRenderer } from '../helpers/test-app.ts';
import { wxr } from '../helpers/wxr.ts';

const OLD_SITE = 'https://old.example.org';

/** An export of two posts; the second names no author, so it gets the byline of whoever chose "Import". */
const exportOf = (prefix: string) =>
  wxr(OLD_SITE, [
    {
      id: 1,
      title: `${prefix} one`,
      slug: `${prefix}-one`,
      link: `${OLD_SITE}/${prefix}-one/`,
      dateGmt: '2024-01-01 00:00:00',
      content: '<p>One.</p>',
    },
    {
      id: 2,
      title: `${prefix} two`,
      slug: `${prefix}-two`,
      link: `${OLD_SITE}/${prefix}-two/`,
      dateGmt: '2024-01-02 00:00:00',
      creator: '',
      content: '<p>Two.</p>',
    },
  ]);

/**
 * docs/product.md#import, "Where it runs": several instances behind a load balancer without sticky sessions, the dry
 * run received by one and "Import" by another. PostgreSQL only: on SQLite one instance uses the file.
 */
for (const engine of configuredEngines().filter((e) => e === 'postgres')) {
  describe(`an import handed over between two instances on ${engine}`, () => {
    let t: SignedInStaffApp;
    /** Instances beside the test app, on its database; `instances` are stopped at the end. */
    const instances: Site[] = [];
    const browserOn = (site: Site) => Object.assign(new StaffClient(site.listener), { cookie: t.staff.cookie, csrf: t.staff.csrf });
    const instance = async (env: Partial<SignedInStaffApp['config']> = {}) => {
      const site = createApp({
        config: { ...t.config, ...env },
        database: t.database,
        logger: createLogger(t.config),
        renderer: await productionRenderer(),
      });
      instances.push(site);
      return site;
    };
    const statusOn = async (staff: StaffClient, id: string) => (await staff.req('get', `/api/admin/imports/${id}`)).body as ImportStatus;

    beforeAll(async () => {
      t = await signedInStaffApp({ engine });
    }, 60_000);
    afterAll(async () => {
      await Promise.all(instances.flatMap((site) => [site.redirects.stop(), site.imports.stop()]));
      await t?.close();
    });

    it('the dry run on instance A, "Import" on instance B: A runs it as the person who chose Import, and both show it done', async () => {
      const [a, b] = [browserOn(await instance()), browserOn(await instance())];
      const plan = await dryRun(a, exportOf('handed'));
      const started = await b.req('post', `/api/admin/imports/${plan.id}/start`).send();
      expect(started.status, started.text).toBe(202);
      expect((started.body as ImportStatus).state).toBe('requested');
      // A second "Import" while it waits is refused as for one that runs.
      const again = await b.req('post', `/api/admin/imports/${plan.id}/start`).send();
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(IMPORT_MESSAGES.alreadyStarted);

      await expect.poll(async () => (await statusOn(b, plan.id)).state, { timeout: 15_000, interval: 200 }).toBe('done');
      expect(await statusOn(a, plan.id)).toMatchObject({ state: 'done', error: null });
      const posts = await t.database.db
        .selectFrom('blogs')
        .select(['slug', 'author'])
        .where('slug', 'in', ['handed-one', 'handed-two'])
        .orderBy('slug')
        .execute();
      expect(posts).toEqual([
        { slug: 'handed-one', author: 'Alex Admin' },
        { slug: 'handed-two', author: STAFF.name },
      ]);
      const audit = await t.database.db.selectFrom('audit_log').select(['actor', 'target']).where('action', '=', 'site.imported').execute();
      expect(audit).toEqual([{ actor: STAFF.email, target: `${plan.id} export.xml` }]);
    });

    it('the instance holding the dry run went away: "Import" on another fails after the wait, saying to choose the file again', async () => {
      const holder = await instance();
      const plan = await dryRun(browserOn(holder), exportOf('lost'));
      // A restart: its staged files are gone, and it looks for nothing more.
      await holder.imports.stop();
      const b = browserOn(await instance({ IMPORT_REQUEST_WAIT_MS: 300 }));
      const started = await b.req('post', `/api/admin/imports/${plan.id}/start`).send();
      expect(started.status, started.text).toBe(202);
      expect((started.body as ImportStatus).state).toBe('requested');

      await expect.poll(async () => (await statusOn(b, plan.id)).state, { timeout: 10_000, interval: 100 }).toBe('failed');
      expect(await statusOn(b, plan.id)).toMatchObject({ error: IMPORT_MESSAGES.notStarted });
      expect(await t.database.db.selectFrom('blogs').select('slug').where('slug', 'like', 'lost-%').execute()).toEqual([]);
      // The page's last report says so too.
      expect((await b.req('get', '/api/admin/imports/last')).body.last).toMatchObject({ id: plan.id, state: 'failed' });
    });
  });
}
