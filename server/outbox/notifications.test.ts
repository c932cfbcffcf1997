import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { QUOTE_COLUMN_FIELDS, fieldValues } from '../../shared/lead-fields.ts';
import type { NewLead } from '../../shared/leads.ts';
import { getService } from '../../shared/services.ts';
import { type EmailMessage, leadNotifications } from './notifications.ts';

const lead: NewLead = {
  type: 'quote',
  lead: {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    status: 'new',
    spamReason: null,
    clientIp: null,
    createdAt: '2026-11-27T01:00:00.000Z',
    submittedAt: null,
    // Built from the catalogue, as the lead service does: a field added there needs nothing here.
    ...fieldValues(QUOTE_COLUMN_FIELDS, {
      service: 'web-hosting',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      startDate: '2027-01-04',
      completionDate: '2027-02-01',
      description: 'Move our site.',
    }),
    details: {},
  },
};
const settings = {
  siteUrl: 'https://www.example.com.au',
  staffEmail: 'staff@example.com',
  timeZone: 'Australia/Sydney',
  hasWebhook: false,
  acknowledge: true,
  company: DEFAULT_SITE_SETTINGS,
};
const emails = (serviceNames?: Record<string, string>) =>
  Object.fromEntries(leadNotifications(lead, { ...settings, serviceNames }).map((m) => [m.kind, m.payload as EmailMessage]));

describe('the lead e-mails name the service as staff last published it', () => {
  it('a renamed service: the staff e-mail’s subject and Service line, and the acknowledgement', () => {
    const { 'staff-email': staff, 'customer-email': ack } = emails({ 'web-hosting': 'Managed Hosting' });
    expect(staff!.subject).toContain('Managed Hosting');
    expect(staff!.text).toMatch(/^Service: Managed Hosting$/m);
    expect(ack!.text).toContain('Managed Hosting');
    expect(`${staff!.text}${ack!.text}`).not.toContain(getService('web-hosting')!.name);
  });

  it('without names, the catalogue’s', () => {
    expect(emails()['staff-email']!.text).toMatch(new RegExp(`^Service: ${getService('web-hosting')!.name}$`, 'm'));
  });
});
