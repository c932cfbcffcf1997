import { randomUUID } from 'node:crypto';
import type { NewLead } from '../../shared/leads.ts';
import type { NewOutboxMessage } from '../../db/queries/outbox.ts';
import type { SiteSettings } from '../../shared/company.ts';
import { type ServiceNames, serviceName } from '../../shared/lead-fields.ts';
import { LEAD_EMAIL_TEXT } from '../../shared/messages.ts';
import { leadLines } from '../../shared/quote-fields.ts';
import { formatDateTime } from '../../shared/zoned-time.ts';
import { siteLink } from '../core/site-link.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Threading (RFC 5322 §3.6.4): a reply's own Message-ID, and the earlier replies it follows. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
}

export interface WebhookMessage {
  event: 'lead.created';
  type: NewLead['type'];
  id: string;
  adminUrl: string;
  lead: Record<string, unknown>;
}

export interface NotificationSettings {
  siteUrl: string;
  staffEmail: string;
  /** The company's time zone: the staff e-mail says when the lead came in as staff read times in the admin. */
  timeZone: string;
  /** Webhook rows are written only when a webhook is configured at submission time. */
  hasWebhook: boolean;
  /** False when the visitor's address had its acknowledgements for the day (acknowledgement-quota.ts). */
  acknowledge: boolean;
  /** When the rows are queued, if not with the lead (a lead released from spam sends them later). */
  queuedAt?: string;
  /** The site settings in force: the acknowledgement is signed with the company's name, phone and e-mail. */
  company: SiteSettings;
  /** Each service's name as staff last published it (docs/product.md#site-words); the catalogue's where absent. */
  serviceNames?: ServiceNames;
}

/** A plain-text e-mail's paragraphs as HTML, the paragraph that is exactly `link` made a link. */
export function paragraphsHtml(text: string, link: string): string {
  return text
    .split('\n\n')
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('');
}

/** Text someone typed as e-mail HTML: its paragraphs and line breaks kept, nothing in it interpreted. */
export function typedTextHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${multiline(p)}</p>`)
    .join('');
}

/** The page in the admin where staff work this lead. */
export function adminLeadUrl(siteUrl: string, type: NewLead['type'], id: string): string {
  return siteLink(siteUrl, `/admin/leads/${type}/${id}`);
}

/** Every notification a new lead owes, as outbox rows: staff e-mail, the visitor's acknowledgement, webhook. */
export function leadNotifications(lead: NewLead, settings: NotificationSettings): NewOutboxMessage[] {
  const { id } = lead.lead;
  const base = { leadType: lead.type, leadId: id, createdAt: settings.queuedAt ?? lead.lead.createdAt };
  const adminUrl = adminLeadUrl(settings.siteUrl, lead.type, id);
  const messages: NewOutboxMessage[] = [
    {
      ...base,
      id: randomUUID(),
      kind: 'staff-email',
      payload: staffEmail(lead, settings.staffEmail, adminUrl, settings.timeZone, settings.serviceNames),
    },
  ];
  if (settings.acknowledge)
    messages.push({
      ...base,
      id: randomUUID(),
      kind: 'customer-email',
      payload: acknowledgement(lead, settings.company, settings.serviceNames),
    });
  if (settings.hasWebhook) {
    const payload: WebhookMessage = { event: 'lead.created', type: lead.type, id, adminUrl, lead: leadFields(lead) };
    messages.push({ ...base, id: randomUUID(), kind: 'webhook', payload });
  }
  return messages;
}

function leadFields(lead: NewLead): Record<string, unknown> {
  const { clientIp: _ip, status: _status, spamReason: _reason, ...fields } = lead.lead;
  return fields;
}

function staffEmail(lead: NewLead, to: string, adminUrl: string, timeZone: string, names?: ServiceNames): EmailMessage {
  const subject = LEAD_EMAIL_TEXT.staffSubject(lead.type, lead.lead.name, serviceName(lead.lead.service, names));
  const lines = leadLines(lead, names);
  const text = [
    subject,
    '',
    ...lines.map(({ label, value }) => `${label}: ${value}`),
    '',
    `${LEAD_EMAIL_TEXT.openInAdmin} ${adminUrl}`,
    `${LEAD_EMAIL_TEXT.received} ${formatDateTime(lead.lead.createdAt, timeZone)}`,
  ].join('\n');
  const rows = lines
    .map(({ label, value }) => `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${multiline(value)}</td></tr>`)
    .join('');
  const html = `<h1>${escapeHtml(subject)}</h1><table cellpadding="4">${rows}</table><p><a href="${escapeHtml(adminUrl)}">${LEAD_EMAIL_TEXT.openLink}</a></p>`;
  return { to, subject, text, html, replyTo: lead.lead.email };
}

/**
 * `Hi Ada,` for a plain first name, else `Hello,`: the acknowledgement goes to whatever address was typed, so
 * its first line carries no more than one short word of the sender's text (never a sentence or a link).
 */
export function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return LEAD_EMAIL_TEXT.greeting(/^[\p{L}][\p{L}'’-]{0,19}$/u.test(first) ? first : null);
}

function acknowledgement(lead: NewLead, company: SiteSettings, names?: ServiceNames): EmailMessage {
  const paragraphs = [
    greeting(lead.lead.name),
    LEAD_EMAIL_TEXT.thanks(lead.type, serviceName(lead.lead.service, names), company),
    LEAD_EMAIL_TEXT.urgent(company),
    `${company.name}\n${company.email}`,
  ];
  return {
    to: lead.lead.email,
    subject: LEAD_EMAIL_TEXT.ackSubject(lead.type),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${multiline(p)}</p>`).join(''),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Visitors' text goes into e-mail HTML escaped: stored as typed, never interpreted. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function multiline(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}
