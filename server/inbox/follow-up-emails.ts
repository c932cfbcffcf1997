import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { listFollowUpsDue } from '../../db/queries/admin-leads.ts';
import { claimFollowUpEmail, listFollowUpEmailReaders } from '../../db/queries/follow-ups.ts';
import { LEAD_TYPES, type LeadSummary } from '../../shared/admin.ts';
import { formatCalendarDate } from '../../shared/dates.ts';
import { can, isRole } from '../../shared/roles.ts';
import { HOUR_MS, localDate, pastLocalHour } from '../../shared/zoned-time.ts';
import type { PeriodicJob } from '../core/periodic-job.ts';
import { siteLink } from '../core/site-link.ts';
import { type EmailMessage, escapeHtml } from '../outbox/notifications.ts';
import { type StaffEmailJobOptions, queueStaffEmailOnce, startStaffEmailJob } from '../outbox/staff-email-job.ts';

/** Sent from 7 am in the company's time zone: before the working day, after the night. */
const SEND_FROM_HOUR = 7;
/** The most leads one e-mail lists; the dashboard has the rest. */
const LISTED = 50;

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
 * (docs/product.md#lead-work), once per person and day whatever the number of instances. Someone with nothing due
 * gets nothing, and is looked at again at the next run that day.
 */
export async function queueFollowUpEmails(options: Omit<StaffEmailJobOptions, 'intervalMs'>, now: Date): Promise<number> {
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
    const claim = (trx: typeof db) => claimFollowUpEmail(trx, day, person.id);
    if (await queueStaffEmailOnce(db, claim, { kind: 'follow-up-email', personId: person.id, payload }, now)) queued += 1;
  }
  return queued;
}

export function startFollowUpEmails(options: StaffEmailJobOptions): PeriodicJob {
  return startStaffEmailJob(() => queueFollowUpEmails(options, new Date()), {
    logger: options.logger,
    intervalMs: options.intervalMs ?? HOUR_MS / 4,
    queuedLog: 'leads: follow-ups e-mails queued',
    failure: 'leads: could not queue the follow-ups e-mails; will try again',
  });
}
