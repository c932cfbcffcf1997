import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { IMPORT_MESSAGES } from '../../shared/import-messages.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { makeImage } from '../helpers/images.ts';
import { dryRun, oldSite, runImport } from '../helpers/import-client.ts';
import { signedInStaffApp } from '../helpers/admin-client.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { wxr } from '../helpers/wxr.ts';

describe.each(configuredEngines())('an import that fails part-way on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  let site: Awaited<ReturnType<typeof oldSite>>;
  /** Set by a test: runs while the import waits for its image, after its plan was made. */
  let meanwhile: () => Promise<void> = async () => {};

  beforeAll(async () => {
    site = await oldSite(new Map([['/wp-content/uploads/a.png', await makeImage(400, 300)]]), () => meanwhile());
  });
  afterAll(() => site.close());

  it('keeps nothing of it, says where it stopped, and imports whole once run again', async () => {
    const file = wxr(site.url, [
      { id: 1, title: 'Photo', type: 'attachment', status: 'inherit', attachmentUrl: `${site.url}/wp-content/uploads/a.png` },
      {
        id: 2,
        title: 'First',
        slug: 'first',
        link: `${site.url}/first/`,
        dateGmt: '2024-01-01 00:00:00',
        thumbnailId: 1,
        content: '<p>One.</p>',
      },
      { id: 3, title: 'Second', slug: 'second', link: `${site.url}/second/`, dateGmt: '2024-01-02 00:00:00', content: '<p>Two.</p>' },
    ]);
    const blog = createBlogService({ db: t.database.db });
    // While the import fetches its image, someone publishes a post at the address the import chose for "Second":
    // the import's write then fails on the database's unique address.
    let clash: string | null = null;
    meanwhile = async () => {
      if (!clash) clash = (await blog.createPost(postInput({ title: 'Someone else', slug: 'second', published: true }))).id;
    };
    const plan = await dryRun(t.staff, file);
    const failed = await runImport(t.staff, plan.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(new RegExp(`^Stopped at ${IMPORT_MESSAGES.where.writing}: `));
    const slugs = (await t.database.db.selectFrom('blogs').select('slug').execute()).map((r) => r.slug);
    expect(slugs).not.toContain('first');
    expect(await t.database.db.selectFrom('redirects').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('imported_items').select('source_id').execute()).toEqual([]);
    expect((await t.staff.req('get', '/api/admin/imports/last')).body.last).toMatchObject({ id: plan.id, state: 'failed' });

    meanwhile = async () => {};
    await blog.deletePost(clash!);
    const again = await runImport(t.staff, (await dryRun(t.staff, file)).id);
    expect(again.state).toBe('done');
    expect((await t.database.db.selectFrom('blogs').select('slug').where('slug', 'in', ['first', 'second']).execute()).length).toBe(2);
  });

  it('an import cut off by a restart blocks no other: it is marked stopped, and the next one runs', async () => {
    const file = wxr(site.url, [{ id: 9, title: 'After restart', slug: 'after-restart', content: '<p>Fine.</p>' }]);
    const cut = await dryRun(t.staff, file);
    const long = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable('imports').set({ state: 'running', updated_at: long }).where('id', '=', cut.id).execute();
    const busy = await dryRun(t.staff, file);
    const report = await runImport(t.staff, busy.id);
    expect(report.state).toBe('done');
    const stopped = (await t.staff.req('get', `/api/admin/imports/${cut.id}`)).body;
    expect(stopped).toMatchObject({ state: 'failed', error: IMPORT_MESSAGES.interrupted });

    // One still running recently does block.
    const fresh = await dryRun(t.staff, wxr(site.url, [{ id: 10, title: 'Later', slug: 'later', content: '<p>Later.</p>' }]));
    const other = await dryRun(t.staff, wxr(site.url, [{ id: 11, title: 'Other', slug: 'other', content: '<p>Other.</p>' }]));
    await t.database.db
      .updateTable('imports')
      .set({ state: 'running', updated_at: new Date().toISOString() })
      .where('id', '=', fresh.id)
      .execute();
    const refused = await t.staff.req('post', `/api/admin/imports/${other.id}/start`).send();
    expect([refused.status, refused.body.error.message]).toEqual([409, IMPORT_MESSAGES.busy]);
    await t.database.db.updateTable('imports').set({ state: 'failed' }).where('id', '=', fresh.id).execute();
  });
});
