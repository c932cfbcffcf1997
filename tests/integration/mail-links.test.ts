import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAnalyticsReader } from '../../server/analytics/analytics-report.ts';
import { queueWeeklySummaries } from '../../server/analytics/weekly-summary.ts';
import { queueFollowUpEmails } from '../../server/inbox/follow-up-emails.ts';
import { localDate, startOfDay } from '../../shared/zoned-time.ts';
import { SYSTEM_ACTOR } from '../../server/audit/audit-log.ts';
import { createLogger } from '../../server/core/logger.ts';
import type { BlogPost } from '../../shared/blog.ts';
import { STAFF, StaffClient, staffApp, staffService } from '../helpers/admin-client.ts';
import { postInput } from '../helpers/blog-posts.ts';
import { LEAD_TEST_ENV, goodContact, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { type Received, mailPart } from '../helpers/mail-catcher.ts';
import { mailFromOutbox } from '../helpers/outbox-once.ts';
import { useTestApp } from '../helpers/suite-app.ts';
import { configuredEngines } from '../helpers/test-app.ts';

/*
 * Security finding 8: every link in every e-mail the site sends starts with the configured SITE_URL (the review
 * request linked to http://localhost). The site's e-mails link to nothing outside it (the company's social links
 * are in no e-mail), so there is no exception to allow.
 */
const SITE = 'https://www.example-company.test';

/** Every kind of e-mail the outbox sends (db/queries/outbox.ts's OutboxKind, less the webhook). */
const EMAIL_KINDS = [
  'analytics-summary',
  'assignment-email',
  'customer-email',
  'follow-up-email',
  'lead-reply',
  'post-review',
  'staff-email',
  'staff-invitation',
];

/** Every http(s) address in a message's text and HTML parts. */
function linksIn(mail: Received): string[] {
  const parts = [mailPart(mail.raw, 'text/plain'), mailPart(mail.raw, 'text/html')];
  return parts.flatMap((part) => part?.match(/https?:\/\/[^\s"'<>]+/g) ?? []);
}

describe.each(configuredEngines())('links in e-mails on %s', (engine) => {
  const t = useTestApp(() => staffApp({ engine, env: { ...LEAD_TEST_ENV, MIN_FILL_MS: '0', SITE_URL: SITE } }));

  /** A browser signed in as `email`, on the site as configured (its Origin is SITE_URL's). */
  async function signedIn(email: string): Promise<StaffClient> {
    const browser = new StaffClient(t.app);
    browser.origin = SITE;
    expect((await browser.signIn(email)).status).toBe(200);
    return browser;
  }

  async function submitLead(kind: 'Contact' | 'Quote', data: Record<string, unknown>) {
    const token = await solveAltcha((await request(t.app).get('/api/captcha/challenge')).body as Challenge);
    const res = await request(t.app)
      .post(`/functions/submit${kind}`)
      .send({ data: { ...data, 'g-recaptcha-response': token } });
    expect(res.status).toBe(200);
  }

  it('every e-mail kind links only to addresses under SITE_URL', async () => {
    const owner = await signedIn(STAFF.email);
    // Leads: the staff notification and the visitor's acknowledgement, for each form.
    await submitLead('Contact', goodContact());
    await submitLead('Quote', goodQuote());
    // An invitation.
    const invited = await owner.req('post', '/api/admin/staff/invitations').send({ name: 'Nora New', email: 'nora@northbridge-it.com.au' });
    expect(invited.status).toBe(200);
    // A review request: an Author submits a draft, everyone who may publish is e-mailed.
    const arthur = { email: 'arthur@northbridge-it.com.au', name: 'Arthur', password: STAFF.password, role: 'author' } as const;
    await staffService(t.database.db).createAccount(SYSTEM_ACTOR, arthur);
    const author = await signedIn(arthur.email);
    const draft = (await author.req('post', '/api/admin/posts').send(postInput({ title: 'Draft for review', published: false })))
      .body as BlogPost;
    expect((await author.req('post', `/api/admin/posts/${draft.id}/submit`).send({})).status).toBe(200);
    // The weekly summary, queued as the server's job does (server/index.ts), in a week after 8 am on Monday.
    expect((await owner.req('put', '/api/admin/account/weekly-summary').send({ enabled: true })).status).toBe(200);
    const weekly = {
      db: t.database.db,
      logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      reader: createAnalyticsReader(t.database.db, t.config.TIME_ZONE, true),
      timeZone: t.config.TIME_ZONE,
      siteUrl: t.config.SITE_URL,
      companyName: async () => 'Northbridge IT',
    };
    expect(await queueWeeklySummaries(weekly, new Date('2026-03-11T12:00:00+11:00'))).toBe(1);

    // Working a lead (docs/product.md#lead-work): the Owner assigns it to Sales, who reply and have a follow-up due today.
    const sally = { email: 'sally@northbridge-it.com.au', name: 'Sally', password: STAFF.password, role: 'sales' } as const;
    const sales = await staffService(t.database.db).createAccount(SYSTEM_ACTOR, sally);
    const salesBrowser = await signedIn(sally.email);
    const [lead] = await t.database.db.selectFrom('quotes').select('id').execute();
    const today = localDate(new Date(), t.config.TIME_ZONE);
    expect((await owner.req('put', `/api/admin/leads/quote/${lead!.id}/assignee`).send({ assigneeId: sales.id })).status).toBe(200);
    expect(
      (
        await salesBrowser
          .req('post', `/api/admin/leads/quote/${lead!.id}/replies`)
          .send({ subject: 'Re: your quote request', body: 'Thanks!' })
      ).status,
    ).toBe(201);
    expect((await salesBrowser.req('put', `/api/admin/leads/quote/${lead!.id}/follow-up`).send({ on: today })).status).toBe(200);
    expect((await salesBrowser.req('put', '/api/admin/account/follow-up-email').send({ enabled: true })).status).toBe(200);
    const morning = new Date(startOfDay(today, t.config.TIME_ZONE).getTime() + 8 * 3_600_000);
    expect(
      await queueFollowUpEmails(
        { db: t.database.db, logger: weekly.logger, timeZone: t.config.TIME_ZONE, siteUrl: t.config.SITE_URL },
        morning,
      ),
    ).toBe(1);
    // Queued at that morning's time, which may be later than the clock: due now.
    await t.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();

    const kinds = await t.database.db.selectFrom('outbox').select('kind').distinct().orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(EMAIL_KINDS);
    const mails = await mailFromOutbox(t);
    expect(mails).toHaveLength(10);
    const links = mails.map((mail) => ({ to: mail.to, links: linksIn(mail) }));
    // The seven to staff link to the admin; the two acknowledgements and the reply link to nothing.
    expect(links.filter((mail) => mail.links.length > 0)).toHaveLength(7);
    for (const { to, links: found } of links) {
      expect({ to, elsewhere: found.filter((link) => !link.startsWith(`${SITE}/`)) }).toEqual({ to, elsewhere: [] });
    }
  });
});
