import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditLine, AuditPart } from '../../shared/admin.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import type { UploadedImage } from '../../shared/images.ts';
import { STAFF, auditEntries, insertQuote, signedInStaffApp } from '../helpers/admin-client.ts';
import { makeImage } from '../helpers/images.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/** A sentence as a reader sees it, its links in [brackets]. */
function words(sentence: AuditPart[]): string {
  return sentence.map((p) => (typeof p === 'string' ? p : `[${p.label}]`)).join('');
}

/** The newest entry of an action the test caused, as staff read the log (GET /api/admin/audit). */
async function newest(t: { staff: Parameters<typeof auditEntries>[0] }, action: string, about?: string): Promise<AuditLine> {
  const entries = (await auditEntries(t.staff, { action })).filter((e) => !about || e.target?.includes(about));
  if (!entries[0]) throw new Error(`no ${action} entry`);
  return entries[0];
}

describe.each(configuredEngines())('the audit log in words on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));

  it('an export says how many leads and which filter chose them, never the search’s words', async () => {
    const db = t.database.db;
    for (const day of ['02', '15', '29']) await insertQuote(db, { email: 'ada@example.com', createdAt: `2026-11-${day}T01:00:00.000Z` });
    await insertQuote(db, { email: 'ada@example.com', createdAt: '2026-11-10T01:00:00.000Z', status: 'contacted' });
    await insertQuote(db, { email: 'ada@example.com', createdAt: '2026-12-10T01:00:00.000Z' });
    const res = await t.staff
      .req('post', '/admin/leads/export.csv')
      .send({ status: 'new', from: '2026-11-01', to: '2026-11-30', q: 'ada@example.com' });
    expect(res.status).toBe(200);
    expect(res.text.match(/ada@example\.com/g)).toHaveLength(3);

    const entry = await newest(t, 'leads.exported');
    expect(entry.sentence).toEqual(['Exported 3 leads (status New, received 1–30 Nov 2026, matching a search)']);
    // The address searched for is a person's: the log keeps that there was a search, not what it was.
    expect(JSON.stringify(entry)).not.toContain('ada@example.com');

    await t.staff.req('post', '/admin/leads/export.csv').send({ type: 'quote' }).expect(200);
    expect((await newest(t, 'leads.exported')).sentence).toEqual([expect.stringMatching(/^Exported \d+ quote requests$/)]);
  });

  it('a settings change says each changed setting with its old and new value, and links the settings', async () => {
    const res = await t.staff
      .req('put', '/api/admin/settings')
      .send({ ...DEFAULT_SITE_SETTINGS, phone: '02 8005 0199', address: { ...DEFAULT_SITE_SETTINGS.address, locality: 'Chatswood' } });
    expect(res.status).toBe(200);
    const phone = res.body.settings.phone as string;
    expect((await newest(t, 'settings.updated')).sentence).toEqual([
      'Changed ',
      `the phone from ${DEFAULT_SITE_SETTINGS.phone} to ${phone} and the suburb from North Sydney to Chatswood`,
      ' in the ',
      { href: '/admin/settings', label: 'site settings' },
    ]);
  });

  it('a status change names the lead while it exists; once deleted, its entries say what it was, unlinked', async () => {
    const id = await insertQuote(t.database.db, { name: 'Lena Lead' });
    expect((await t.staff.req('patch', `/api/admin/leads/quote/${id}`).send({ status: 'contacted' })).status).toBe(200);
    const link = { href: `/admin/leads/quote/${id}`, label: 'Lena Lead’s quote request' };
    expect((await newest(t, 'lead.status', id)).sentence).toEqual(['Moved ', link, ' from New to Contacted']);
    const page = await t.staff.req('get', '/admin/audit?action=lead.status');
    expect(page.text).toContain(`Moved <a href="/admin/leads/quote/${id}">Lena Lead’s quote request</a> from New to Contacted`);

    expect((await t.staff.req('delete', `/api/admin/leads/quote/${id}`)).status).toBe(204);
    const moved = await newest(t, 'lead.status', id);
    expect(words(moved.sentence)).toBe('Moved a quote request from New to Contacted');
    expect(moved.sentence.every((part) => typeof part === 'string')).toBe(true);
    expect(words((await newest(t, 'lead.deleted', id)).sentence)).toBe('Deleted a quote request');
    expect((await t.staff.req('get', '/admin/audit?action=lead.status')).text).not.toContain(`href="/admin/leads/quote/${id}"`);

    const post = await t.staff.req('post', '/api/admin/posts').send({
      title: 'Gone Soon',
      excerpt: 'e',
      content: '<p>Body</p>',
      author: STAFF.name,
      featuredImage: '',
      tags: '',
      published: false,
    });
    expect(post.status).toBe(201);
    expect((await newest(t, 'post.created', post.body.id)).sentence).toEqual([
      'Created the post ',
      { href: `/admin/blog-editor/${post.body.id}`, label: 'Gone Soon' },
    ]);
    expect((await t.staff.req('delete', `/api/admin/posts/${post.body.id}`)).status).toBe(204);
    expect((await newest(t, 'post.created', post.body.id)).sentence).toEqual(['Created the post ', `“${post.body.slug}”`]);
  });

  it('an upload links the picture while it is stored', async () => {
    const res = await t.staff
      .req('post', `/api/admin/images?name=${encodeURIComponent('network diagram.png')}`)
      .set('Content-Type', 'image/png')
      .send(await makeImage(2000, 1000));
    expect(res.status).toBe(201);
    const image = res.body as UploadedImage;
    expect((await newest(t, 'image.uploaded', image.id)).sentence).toEqual([
      'Uploaded the image ',
      { href: image.src, label: 'network diagram.png' },
    ]);
    expect((await t.staff.req('get', image.src)).status).toBe(200);
  });

  it('entries written in older formats still read as sentences, or as their action and stored text', async () => {
    const at = '2020-01-01T00:00:00.000Z';
    const old = [
      ['settings.updated', 'phone, social', 'Changed the phone and social links in the [site settings]'],
      ['leads.exported', '{"status":"won","q":"someone@example.com"}', 'Exported leads (status Won, matching a search)'],
      ['user.invitation_link', randomUUID(), 'Copied an invitation link'],
      ['lead.status', 'quote:not-an-id new → contacted', 'Changed lead status: quote:not-an-id new → contacted'],
    ] as const;
    await t.database.db
      .insertInto('audit_log')
      .values(
        old.map(([action, target]) => ({ id: randomUUID(), user_id: null, actor: STAFF.email, action, target, ip: null, created_at: at })),
      )
      .execute();
    const entries = (await auditEntries(t.staff)).filter((e) => e.createdAt === at);
    for (const [action, target, sentence] of old)
      expect(words(entries.find((e) => e.action === action && e.target === target)!.sentence)).toBe(sentence);
  });

  it('the page gives each entry’s time in the company’s time zone, in words', async () => {
    await t.database.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        user_id: null,
        actor: 'system',
        action: 'auth.sign_out',
        target: null,
        ip: null,
        created_at: '2026-11-20T23:05:00.000Z',
      })
      .execute();
    const page = await t.staff.req('get', '/admin/audit?action=auth.sign_out');
    expect(page.status).toBe(200);
    // 23:05 UTC is 10:05 the next morning in Sydney (daylight saving).
    expect(page.text).toMatch(/<time datetime="2026-11-20T23:05:00.000Z">21 Nov 2026, 10:05 am<\/time>/i);
    expect(page.text).not.toMatch(/>\d{4}-\d{2}-\d{2}T/);
  });
});
