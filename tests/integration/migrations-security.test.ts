import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest, openDb } from '../../db/database.ts';
import { totpSealing } from '../../server/core/secret-box.ts';
import { generateTotpSecret, totpCode } from '../../server/staff/totp.ts';
import { loadConfig } from '../../server/core/config.ts';
import { hashPassword } from '../../server/staff/password.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { ADMIN_TEST_ENV, STAFF, StaffClient } from '../helpers/admin-client.ts';

/** express-session's signed cookie value (the `cookie-signature` format). */
function signedSid(sid: string, secret: string): string {
  return `s:${sid}.${createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '')}`;
}

// A database from before migrations 051-052: plaintext session ids and TOTP secrets. After upgrading, nobody
// is signed out or loses two-factor sign-in, and nothing readable is left in the tables.
describe('upgrading a database with plaintext session ids and TOTP secrets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-upgrade-'));
  const url = `file:${join(dir, 'site.db')}`;
  const env = { ...ADMIN_TEST_ENV, SESSION_SECRET: randomBytes(32).toString('hex') };
  const secret = generateTotpSecret();
  const oldSid = randomBytes(24).toString('base64url');
  let t: TestApp;

  beforeAll(async () => {
    const handle = openDb(url);
    const before = await createMigrator(handle).migrateTo('2026-11-22-031-totp-last-step');
    expect(before.error).toBeUndefined();
    const now = new Date().toISOString();
    await handle.db
      .insertInto('users')
      .values({
        id: 'u1',
        email: STAFF.email,
        name: STAFF.name,
        password_hash: await hashPassword(STAFF.password),
        totp_secret: secret,
        totp_last_step: null,
        recovery_codes: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const data = {
      cookie: { path: '/', httpOnly: true, secure: true, sameSite: 'lax', expires: new Date(Date.now() + 3600_000).toISOString() },
      passport: { user: 'u1' },
      csrfToken: 'x',
    };
    await handle.db
      .insertInto('sessions')
      .values({
        sid: oldSid,
        user_id: 'u1',
        data: JSON.stringify(data),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        created_at: now,
      })
      .execute();
    // Without the server's configuration the TOTP migration refuses rather than switch anyone's 2FA off.
    await expect(migrateToLatest(handle)).rejects.toThrow(/TOTP_ENCRYPTION_KEY/);
    await migrateToLatest(handle, { totp: totpSealing(loadConfig(env)) });
    await handle.db.destroy();
    t = await createTestApp({ databaseUrl: url, env });
  });
  afterAll(async () => {
    await t?.database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the session signed in before the upgrade still works, and its id is stored only as a hash', async () => {
    const client = new StaffClient(t.app);
    client.cookie = `__Host-sid=${encodeURIComponent(signedSid(oldSid, env.SESSION_SECRET))}`;
    expect((await client.req('get', '/api/admin/account')).status).toBe(200);
    const rows = await t.database.db.selectFrom('sessions').select('sid').execute();
    expect(rows.map((r) => r.sid)).not.toContain(oldSid);
  });

  it('the TOTP secret is encrypted in place and the authenticator app still signs in', async () => {
    const row = await t.database.db.selectFrom('users').select('totp_secret').executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);
    const client = new StaffClient(t.app);
    expect((await client.signIn()).body).toEqual({ twoFactorRequired: true, step: 'code', passkey: false });
    expect((await client.req('post', '/admin/login/code').send({ code: totpCode(secret) })).status).toBe(200);
  });
});
