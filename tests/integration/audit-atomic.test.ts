import { sql } from 'kysely';
import { TRUSTED_LANE } from '../../server/staff/hash-queue.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../server/audit/audit-log.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { createInboxService } from '../../server/inbox/inbox-service.ts';
import { createPrivacyService } from '../../server/privacy/privacy-service.ts';
import { STAFF, createStaff, insertQuote, staffService } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';
import { listAudit } from '../../db/queries/audit.ts';
import { findHeldData } from '../../db/queries/privacy.ts';

const actor: Actor = { userId: null, email: STAFF.email, ip: '203.0.113.7' };

/**
 * Each feature writes its audit entry in the transaction of the change it records: when the entry cannot be
 * written, the change is not kept either (and when the change fails, no entry claims it happened).
 */
describe('audit entries are written with their change, or neither is', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterEach(() => database.drop());

  /** From here on every audit insert fails, as a full disk or a broken table would make it. */
  async function breakAuditLog(): Promise<void> {
    await sql`create trigger audit_refused before insert on audit_log begin select raise(abort, 'audit log unavailable'); end`.execute(
      database.db,
    );
  }

  const auditCount = async () => (await listAudit(database.db, 1_000_000, null)).length;

  it('blog: a post whose entry fails is not created, updated or deleted', async () => {
    const blog = createBlogService({ db: database.db });
    const kept = await blog.createPost(postInput({ title: 'Kept' }), { actor });
    await breakAuditLog();
    await expect(blog.createPost(postInput({ title: 'Lost' }), { actor })).rejects.toThrow(/audit log unavailable/);
    await expect(blog.updatePost(kept.id, postInput({ title: 'Renamed' }), { actor })).rejects.toThrow(/audit log unavailable/);
    await expect(blog.deletePost(kept.id, { actor })).rejects.toThrow(/audit log unavailable/);
    const titles = (await blog.listAllPosts({ cursor: null })).posts.map((p) => p.title);
    expect(titles).toEqual(['Kept']);
  });

  it('inbox: a status change or an erasure whose entry fails leaves the lead as it was', async () => {
    const inbox = createInboxService({
      db: database.db,
      timeZone: 'Australia/Sydney',
      delivery: { siteUrl: 'https://www.example.com.au', staffEmail: 'staff@example.com', hasSmtp: false, hasWebhook: false },
      settings: { current: async () => DEFAULT_SITE_SETTINGS },
      repliesPerHour: 30,
    });
    const id = await insertQuote(database.db);
    await breakAuditLog();
    await expect(inbox.update(actor, 'quote', id, { status: 'contacted' })).rejects.toThrow(/audit log unavailable/);
    await expect(inbox.remove(actor, 'quote', id)).rejects.toThrow(/audit log unavailable/);
    expect((await inbox.get('quote', id))?.status).toBe('new');
  });

  it('privacy: an erasure whose entry fails erases nothing', async () => {
    await insertQuote(database.db, { email: 'ada@example.com' });
    await breakAuditLog();
    const privacy = createPrivacyService({ db: database.db, hashKey: 'test-key' });
    await expect(privacy.erase(actor, 'ada@example.com')).rejects.toThrow(/audit log unavailable/);
    expect((await findHeldData(database.db, 'ada@example.com', 'email#none')).quotes).toHaveLength(1);
  });

  it('staff: a password change whose entry fails keeps the old password', async () => {
    const staff = staffService(database.db);
    const user = await createStaff(database.db);
    await breakAuditLog();
    const change = { currentPassword: STAFF.password, newPassword: 'a brand new passphrase' };
    await expect(staff.changePassword(actor, user.id, 'current-session', change)).rejects.toThrow(/audit log unavailable/);
    expect(await staff.authenticate(STAFF.email, STAFF.password, TRUSTED_LANE)).not.toBeNull();
  });

  it('a change that fails writes no entry', async () => {
    const blog = createBlogService({ db: database.db });
    const before = await auditCount();
    await expect(blog.deletePost('no-such-post', { actor })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditCount()).toBe(before);
  });
});
