import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../shared/services.ts';
import type { WordsEditorState } from '../../shared/site-words.ts';
import { auditEntries, insertContact, insertQuote, signedInStaffApp } from '../helpers/admin-client.ts';
import { queuedPayloads } from '../helpers/outbox-rows.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** docs/product.md#site-words: staff see a renamed service under its new name in the inbox, a lead's page and the CSV. */
describe.each(configuredEngines())('a renamed service, where staff see leads, on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const catalogue = SERVICES.find((s) => s.id === 'web-hosting')!.name;
  const renamed = `Managed Hosting (${engine})`;

  async function rename(): Promise<void> {
    const opened = (await t.staff.req('get', '/api/admin/pages/web-hosting')).body as WordsEditorState;
    const res = await t.staff
      .req('put', '/api/admin/pages/web-hosting')
      .send({ words: { ...opened.published, name: renamed }, version: opened.version, publish: true });
    expect(res.status).toBe(200);
  }

  it('the inbox filter and list, the lead page, its reply subject and the CSV name the service as published; the id stays', async () => {
    const quote = await insertQuote(t.database.db, { name: 'Renamed Rita', email: 'rita@renamed.test', service: 'web-hosting' });
    await insertContact(t.database.db, { name: 'Renamed Ray', email: 'ray@renamed.test', service: 'web-hosting' });
    const before = await t.staff.req('get', `/admin/leads/quote/${quote}`);
    expect(before.text).toContain(`<dd>${catalogue}</dd>`);
    await rename();

    const page = await t.staff.req('get', `/admin/leads/quote/${quote}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<dd>${renamed}</dd>`);
    expect(page.text).not.toContain(`<dd>${catalogue}</dd>`);
    expect(page.text).toContain(encodeURIComponent(renamed));

    const inbox = await t.staff.req('get', '/admin/leads?service=web-hosting');
    expect(inbox.status).toBe(200);
    expect(inbox.text).toMatch(new RegExp(`<option value="web-hosting"[^>]*>${renamed.replace(/[()]/g, '\\$&')}</option>`));
    expect(inbox.text).not.toContain(`>${catalogue}<`);

    const csv = await t.staff.req('post', '/admin/leads/export.csv').send({ q: 'renamed.test' });
    expect(csv.status).toBe(200);
    const rows = csv.text.split('\r\n').filter((row) => row.includes('renamed.test'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toContain(`"${renamed}"`);
      expect(row).not.toContain(catalogue);
    }

    // The audit log says which service an export was filtered by, by its published name.
    expect((await t.staff.req('post', '/admin/leads/export.csv').send({ service: 'web-hosting' })).status).toBe(200);
    const [exported] = await auditEntries(t.staff, { action: 'leads.exported' });
    const sentence = exported!.sentence.map((part) => (typeof part === 'string' ? part : part.label)).join('');
    expect(sentence).toContain(renamed);
    expect(sentence).not.toContain(catalogue);
  });

  it('a lead released from spam e-mails staff with the service’s published name', async () => {
    await rename();
    const id = await insertQuote(t.database.db, { name: 'Held Harry', status: 'spam', spamReason: 'too-fast', service: 'web-hosting' });
    expect((await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'new' })).status).toBe(200);
    const [staffEmail] = await queuedPayloads<{ subject: string }>(t.database.db, 'staff-email', id);
    expect(staffEmail?.subject).toContain(`New quote request: ${renamed} from Held Harry`);
  });
});
