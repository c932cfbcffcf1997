import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { listFollowUpsDue } from '../../db/queries/admin-leads.ts';
import { claimFollowUpEmail, listFollowUpEmailReaders } from '../../db/queries/follow-ups.ts';
import { insertOutboxMessages } from '../../db/queries/outbox.ts';
import { LEAD_TYPES, type LeadSummary } from '../../shared/admin.ts';
import { formatCalendarDate } from '../../shared/dates.ts';
import { can, isRole } from '../../shared/roles.ts';
import { HOUR_MS, localDate, pastLocalHour } from '../../shared/zoned-time.ts';
import type { Logger } from '../core/logger.ts';
import { type PeriodicJob, startPeriodicJob } from '../core/periodic-job.ts';
import { siteLink } from '../core/site-link.ts';
import { type EmailMessage, escapeHtml } from '../outbox/notifications.ts';

/** Sent from 7 am in the company's time zone: before the working day, after the night. */
const SEND_FROM_HOUR = 7;
/** The most leads one e-mail lists; the dashboard has the rest. */
const LISTED = 50;

export interface FollowUpEmailOptions {
  db: Db;
  logger: Logger;
  timeZone: string;
  siteUrl: string;
  intervalMs?: number;
}

/** One person's e-mail: each lead due with its day, its note and a link to it. */
export function followUpEmail(name: string, to: string, day: string, due: readonly LeadSummary[], siteUrl: string): EmailMessage {
  const T = LEAD_WORK_MESSAGES.followUpEmail;
  const lines = due.map((lead) => ({
    lead,
    link: siteLink(siteUrl, `/admin/leads/${lead.type}/${lead.id}`),
    when: formatCalendarDate(lead.followUpOn!),
  }));
  const text = [T.intro(name), ...lines.map((l) => T.line(l.lead.name, l.when, l.lead.followUpNote, l.link)), T.stop].join('\n\n');
  const items = lines
    .map(
      (l) =>
        `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.lead.name)}</a>, ${escapeHtml(l.when)}${l.lead.followUpNote ? `: ${escapeHtml(l.lead.followUpNote)}` : ''}</li>`,
    )
    .join('');
  const html = `<p>${escapeHtml(T.intro(name))}</p><ul>${items}</ul><p>${escapeHtml(T.stop)}</p>`;
  return { to, subject: T.subject(due.length, formatCalendarDate(day)), text, html };
}

/**
 * Queues today's follow-ups e-mail for everyone who asked for it and has follow-ups due on leads assigned to them
 * (docs/product.md#lead-work), once per person and day whatever the number of instances: the claim and the e-mail
 * are one transaction. Someone with nothing due gets nothing, and is looked at again at the next run that day.
 */
export async function queueFollowUpEmails(options: Omit<FollowUpEmailOptions, 'intervalMs'>, now: Date): Promise<number> {
  const { db, timeZone, siteUrl } = options;
  const day = localDate(now, timeZone);
  if (!pastLocalHour(now, day, timeZone, SEND_FROM_HOUR)) return 0;
  const readers = (await listFollowUpEmailReaders(db)).filter((r) => isRole(r.role) && can(r.role, 'leads.view'));
  let queued = 0;
  for (const person of readers) {
    const due = (await Promise.all(LEAD_TYPES.map((type) => listFollowUpsDue(db, type, day, LISTED, person.id))))
      .flat()
      .sort((a, b) => (a.followUpOn! < b.followUpOn! ? -1 : a.followUpOn! > b.followUpOn! ? 1 : 0))
      .slice(0, LISTED);
    if (!due.length) continue;
    const payload = followUpEmail(person.name, person.email, day, due, siteUrl);
    await db.transaction().execute(async (trx) => {
      if (!(await claimFollowUpEmail(trx, day, person.id))) return;
      await insertOutboxMessages(trx, [
        { id: randomUUID(), kind: 'follow-up-email', leadType: 'staff', leadId: person.id, payload, createdAt: now.toISOString() },
      ]);
      queued += 1;
    });
  }
  return queued;
}

/** Every instance runs it; the claims keep it to one e-mail per person and day. */
export function startFollowUpEmails(options: FollowUpEmailOptions): PeriodicJob {
  const { logger } = options;
  const run = async () => {
    const queued = await queueFollowUpEmails(options, new Date());
    if (queued) logger.info({ queued }, 'leads: follow-ups e-mails queued');
  };
  return startPeriodicJob(run, {
    intervalMs: options.intervalMs ?? HOUR_MS / 4,
    logger,
    failure: 'leads: could not queue the follow-ups e-mails; will try again',
  });
}
