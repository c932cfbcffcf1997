import { createHash } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../server/staff/totp.ts';
import { createBlogService } from '../../server/blog/blog-service.ts';
import { LEAD_TEST_ENV, goodContact, solveAltcha } from '../helpers/leads.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { STAFF, StaffClient, auditEntries, signedInStaffApp } from '../helpers/admin-client.ts';
import { MailCatcher, type Received, mailPart } from '../helpers/mail-catcher.ts';
import { deliverOutboxOnce } from '../helpers/outbox-once.ts';
import { useTestApp } from '../helpers/suite-app.ts';

// The smaller findings of the outside test (issue 15, findings 5-10), each tried the way an attacker would.
describe('security findings 5-10', () => {
  const logLines: string[] = [];
  const t = useTestApp(() =>
    signedInStaffApp({
      env: { ...LEAD_TEST_ENV, MIN_FILL_MS: '0', LOG_LEVEL: 'info', MAX_SESSIONS_PER_USER: '3', ACKNOWLEDGEMENTS_PER_DAY: '3' },
      logDestination: { write: (line: string) => void logLines.push(line) },
    }),
  );

  async function submitContact(data: Record<string, unknown>) {
    const challenge = await request(t.app).get('/api/captcha/challenge');
    const token = await solveAltcha(challenge.body as Challenge);
    return request(t.app)
      .post('/functions/submitContact')
      .send({ data: { ...data, 'g-recaptcha-response': token } });
  }

  // Finding 5: the acknowledgement went to any typed address, as often as asked, opening with 100 typed characters.
  it('acknowledgements to one typed address are limited per day and open with at most one plain word', async () => {
    const victim = 'victim@example.net';
    const name = 'https://evil.example/claim to win a prize, click here before it expires today';
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 ? victim.toUpperCase() : victim;
      expect((await submitContact(goodContact({ name, email }))).status).toBe(200);
    }
    // The e-mails as they arrive.
    const smtp = new MailCatcher();
    await smtp.start();
    const mails: Received[] = [];
    try {
      await deliverOutboxOnce(t, smtp.port);
      mails.push(...smtp.received.splice(0));
      await submitContact(goodContact({ name: 'Zoë Ng', email: 'zoe@example.net' }));
      await deliverOutboxOnce(t, smtp.port);
    } finally {
      await smtp.stop();
    }
    const isStaffMail = (m: Received) => m.to.includes(t.config.STAFF_EMAIL);
    const toVictim = mails.filter((m) => !isStaffMail(m) && m.to.map((a) => a.toLowerCase()).includes(victim));
    expect(toVictim).toHaveLength(3);
    expect(mails.filter(isStaffMail)).toHaveLength(5);
    expect(mails).toHaveLength(8);
    const text = mailPart(toVictim[0]!.raw, 'text/plain')!;
    expect(text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(text).not.toContain('evil.example');

    const acknowledgements = smtp.received.filter((m) => !isStaffMail(m));
    expect(acknowledgements.map((m) => mailPart(m.raw, 'text/plain')!.split(/\r?\n/)[0])).toContain('Hi Zoë,');
  });

  // Finding 6: a link on another site made a signed-in staff member's browser export (and audit) data.
  it('exports are not started by a GET from a link, only by a POST with the CSRF token', async () => {
    const audited = async () => (await auditEntries(t.staff)).filter((e) => ['privacy.exported', 'leads.exported'].includes(e.action));
    const link = await t.staff.req('get', '/api/admin/privacy/export?email=ada@example.com', { origin: null });
    expect(link.status).toBe(404);
    const csvLink = await t.staff.req('get', '/admin/leads/export.csv', { origin: null });
    expect(csvLink.headers['content-type']).not.toMatch(/text\/csv/);
    expect(await audited()).toEqual([]);
    const noToken = await t.staff.req('post', '/admin/leads/export.csv', { csrf: false }).type('form').send({ q: 'x' });
    expect(noToken.status).toBe(403);
    const form = await t.staff.req('post', '/admin/leads/export.csv', { csrf: false }).type('form').send({ _csrf: t.staff.csrf, q: 'x' });
    expect(form.status).toBe(200);
    expect(form.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await audited()).map((r) => r.action)).toEqual(['leads.exported']);
  });

  // Finding 7: 500s for a non-Latin-1 `next` and for Vite's dev-server paths.
  it('a next path with non-Latin-1 characters redirects percent-encoded, and Vite paths are 404s', async () => {
    const res = await t.staff.req('get', '/admin/login?next=%2F%E3%80%80%2Fx');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/%E3%80%80/x');
    for (const path of ['/@vite/client', '/__vite_ping', '/@fs/etc/passwd', '/@id/x']) {
      expect((await request(t.app).get(path)).status, path).toBe(404);
    }
  });

  // Finding 8: every request for a missing post logged an error with a stack.
  it('a missing blog post is a 404 and no error in the log', async () => {
    logLines.length = 0;
    expect((await request(t.app).get('/blog/no-such-post-here')).status).toBe(404);
    const levels = logLines.map((l) => (JSON.parse(l) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((l) => l >= 50)).toEqual([]);
  });

  // Finding 9: a control character in a title made the feed invalid XML for every reader.
  it('control characters in a title, author or tag never make the RSS feed or sitemap invalid', async () => {
    const blog = createBlogService({ db: t.database.db });
    await blog.createPost(
      postInput({
        title: 'Pasted\u000Bfrom Word\u0001',
        author: 'Ann\u0008',
        tags: 'a\u001Fb',
        publishedAt: new Date(Date.now() - 1000).toISOString(),
      }),
    );
    for (const path of ['/rss.xml', '/sitemap.xml']) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      expect(XMLValidator.validate(res.text), path).toBe(true);
    }
    expect((await request(t.app).get('/rss.xml')).text).toContain('<title>Pastedfrom Word</title>');
  });

  describe('finding 10', () => {
    it('a featured image path that a browser reads as another host is refused', async () => {
      for (const featuredImage of ['/\\evil.example/x.png', '/\t/evil.example/x.png']) {
        const res = await t.staff.req('post', '/api/admin/posts').send({ ...postInput({ featuredImage }), title: 'Image test' });
        expect(res.status, featuredImage).toBe(400);
        expect(res.body.error.details.fields).toHaveProperty('featuredImage');
      }
    });

    it('a signed-in person’s pageContext.json of a public page is no-store; a visitor’s is not', async () => {
      const mine = await t.staff.req('get', '/about/index.pageContext.json');
      expect(mine.status).toBe(200);
      expect(mine.text).toContain(STAFF.email);
      expect(mine.headers['cache-control']).toMatch(/no-store/);
      const theirs = await request(t.app).get('/about/index.pageContext.json');
      expect(theirs.text).not.toContain(STAFF.email);
    });

    it('/assets and /assets/ do not redirect to each other', async () => {
      for (const path of ['/assets', '/assets/']) {
        let url = path;
        for (let hop = 0; hop < 3; hop += 1) {
          const res = await request(t.app).get(url);
          if (res.status < 300 || res.status >= 400) break;
          url = res.headers.location!;
          expect(hop, `${path} keeps redirecting`).toBeLessThan(2);
        }
      }
    });

    it('Permissions-Policy does not list interest-cohort; HSTS only when SITE_URL is https', async () => {
      const res = await request(t.app).get('/');
      expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const local = await createTestApp({ env: { SITE_URL: 'http://localhost:3000' } });
      try {
        expect((await request(local.app).get('/')).headers['strict-transport-security']).toBeUndefined();
      } finally {
        await local.close();
      }
    });

    it('on https the session cookie is __Host-sid, and the database holds only a hash of its id', async () => {
      const fresh = new StaffClient(t.app);
      const res = await fresh.signIn();
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n')).toMatch(/^__Host-sid=.*; Path=\/; .*Secure/m);
      const sid = decodeURIComponent(fresh.cookie!.split('=')[1]!).slice(2).split('.')[0]!;
      const rows = await t.database.db.selectFrom('sessions').select('sid').execute();
      expect(rows.map((r) => r.sid)).not.toContain(sid);
      expect(rows.map((r) => r.sid)).toContain(createHash('sha256').update(sid).digest('hex'));
    });

    it('TOTP secrets are stored encrypted', async () => {
      const start = await t.staff.req('post', '/api/admin/account/totp/start').send({});
      expect((await t.staff.req('post', '/api/admin/account/totp/enable').send({ code: totpCode(start.body.secret) })).status).toBe(200);
      const row = await t.database.db.selectFrom('users').select('totp_secret').where('email', '=', STAFF.email).executeTakeFirstOrThrow();
      expect(row.totp_secret).not.toContain(start.body.secret);
      expect(row.totp_secret).toMatch(/^v1\./);
      await t.database.db.updateTable('users').set({ totp_secret: null, recovery_codes: null }).execute();
    });

    it('sessions per user are capped (oldest ended first) and the account page says so', async () => {
      const clients = [new StaffClient(t.app), new StaffClient(t.app), new StaffClient(t.app), new StaffClient(t.app)];
      for (const c of clients) {
        await c.signIn();
        await new Promise((r) => setTimeout(r, 5));
      }
      expect((await clients[0]!.req('get', '/api/admin/account')).status).toBe(401);
      const info = await clients[3]!.req('get', '/api/admin/account');
      expect(info.body, JSON.stringify(info.body)).toMatchObject({ otherSessions: 2, sessionLimit: 3 });
      const page = await clients[3]!.req('get', '/admin/account');
      expect(page.text).toContain('At most 3 sessions stay open at once');
      // The sign-in that went over the limit says so in its audit entry.
      const [entry] = await auditEntries(clients[3]!, { action: 'auth.sign_in' });
      expect(entry?.target).toMatch(/^\d+ oldest sessions? ended: over the limit of sessions open at once$/);
    });
  });
});
