import {
  CONTACT_FIELDS,
  type LeadField,
  type LeadLine,
  type NumberLeadField,
  QUOTE_COLUMN_FIELDS,
  type SelectLeadField,
  type ServiceNames,
  type TextLeadField,
  fieldLines,
  serviceName,
} from './lead-fields.ts';
import type { StoredLead } from './leads.ts';
import { SERVICE_IDS, type ServiceId } from './services.ts';

/**
 * Step 3 of the quote wizard: each service's own fields (docs/product.md#quote-services), all required, in the
 * lead-field catalogue's terms (lead-fields.ts). The schema, the wizard, the notification e-mails and the admin
 * lead page all read these definitions, so a label or option changes once.
 */

/** Step 3 has lists, numbers and short text. */
export type QuoteField = SelectLeadField | NumberLeadField | (TextLeadField & { kind: 'text' });

const count = (name: string, label: string, max: number, unit?: string): NumberLeadField => ({
  name,
  label,
  kind: 'number',
  required: true,
  min: 1,
  max,
  ...(unit ? { unit } : {}),
});
const select = (name: string, label: string, options: readonly string[]): SelectLeadField => ({
  name,
  label,
  kind: 'select',
  required: true,
  options,
});

const YES_NO = ['Yes', 'No'] as const;

export const QUOTE_FIELDS: Readonly<Record<ServiceId, readonly QuoteField[]>> = {
  'network-security': [
    select('networkType', 'Network type', ['Wired', 'Wireless', 'Hybrid']),
    select('securityLevel', 'Security level', ['Basic', 'Enterprise', 'Government']),
    count('serverCount', 'Number of servers', 100_000),
    count('userCount', 'Number of users', 1_000_000),
  ],
  datacenter: [
    count('serverCount', 'Number of servers', 100_000),
    count('storageSize', 'Storage size', 1_000_000, 'TB'),
    count('rackSpace', 'Rack space', 100_000, 'U'),
    select('redundancy', 'Redundancy', ['Basic', 'High', 'Mission Critical']),
  ],
  'network-support': [
    count('userCount', 'Number of users', 1_000_000),
    count('deviceCount', 'Number of devices', 1_000_000),
    select('supportHours', 'Support hours', ['Business Hours', '24/7', 'On-call']),
  ],
  'rollouts-migrations': [
    count('deviceCount', 'Number of devices', 1_000_000),
    select('migrationType', 'Migration type', ['Hardware Upgrade', 'Software Migration', 'Cloud Migration', 'Office Relocation']),
    count('dataSize', 'Data size', 100_000_000, 'GB'),
    {
      name: 'downtimeWindow',
      label: 'Downtime window',
      kind: 'text',
      required: true,
      maxLength: 200,
      hint: 'When can systems be offline, for example "weekends" or "after 6 pm".',
    },
  ],
  'it-imacd': [
    select('serviceType', 'Service type', ['Installation', 'Move', 'Addition', 'Change', 'Disposal']),
    count('deviceCount', 'Number of devices', 1_000_000),
    count('locations', 'Number of locations', 10_000),
    select('complexity', 'Complexity', ['Simple', 'Moderate', 'Complex']),
  ],
  'hardware-break-fix': [
    select('deviceType', 'Device type', ['Desktop', 'Laptop', 'Server', 'Network Equipment', 'Printer']),
    select('issueType', 'Issue type', ['Hardware Failure', 'Software Issue', 'Performance', 'Other']),
    select('urgency', 'Urgency', ['Standard', 'High', 'Emergency']),
    select('warranty', 'Under warranty', ['Yes', 'No', 'Unknown']),
  ],
  'global-ict-support': [
    select('supportHours', 'Support hours', ['9-5 Business Hours', '24/7 Support', 'On-call Support']),
    count('userCount', 'Number of users', 1_000_000),
    count('locationCount', 'Number of locations', 10_000),
    select('responseTime', 'Response time', ['4 Hours', '2 Hours', '1 Hour', '30 Minutes']),
  ],
  'web-design': [
    select('websiteType', 'Website type', ['Corporate', 'E-commerce', 'Portfolio', 'Web Application', 'Other']),
    count('pageCount', 'Number of pages', 100_000),
    select('features', 'Main feature', ['Basic CMS', 'E-commerce', 'User Accounts', 'Payment Processing', 'Custom Database']),
    select('designStyle', 'Design style', ['Modern', 'Corporate', 'Creative', 'Minimal', 'Custom']),
  ],
  'domain-management': [
    count('domainCount', 'Number of domains', 100_000),
    select('domainAction', 'Domain action', ['New Registration', 'Transfer', 'Renewal', 'Bulk Management']),
    select('tldTypes', 'Domain extensions', ['.com.au', '.com', '.net', '.org', 'Multiple']),
    select('privacy', 'Privacy protection', YES_NO),
  ],
  'web-hosting': [
    select('hostingType', 'Hosting type', ['Shared', 'VPS', 'Dedicated', 'Cloud', 'WordPress Managed']),
    count('storage', 'Storage', 1_000_000, 'GB'),
    count('bandwidth', 'Monthly bandwidth', 100_000_000, 'GB'),
    select('ssl', 'SSL certificate', YES_NO),
  ],
};

/** Every service-specific field name used by any service (docs/product.md#entities lists them on the quote request). */
export const ALL_QUOTE_FIELD_NAMES: readonly string[] = [...new Set(SERVICE_IDS.flatMap((id) => QUOTE_FIELDS[id].map((f) => f.name)))];

export function quoteFieldsFor(service: string): readonly QuoteField[] {
  // Own keys only: '__proto__' or 'constructor' name no service.
  return Object.hasOwn(QUOTE_FIELDS, service) ? (QUOTE_FIELDS as Record<string, readonly QuoteField[]>)[service]! : [];
}

/**
 * A quote's service-specific answers as readable lines, in the order of the form. Values stored for a field
 * the service no longer has are kept (under their raw name) so nothing a visitor typed is hidden.
 */
export function formatLeadDetails(service: string, details: Record<string, unknown>): LeadLine[] {
  const known: readonly LeadField[] = quoteFieldsFor(service);
  const lines = fieldLines(known, (f) => details[f.name]);
  for (const [name, value] of Object.entries(details)) {
    if (value === undefined || value === null || known.some((f) => f.name === name)) continue;
    lines.push({ name, label: name, value: String(value) });
  }
  return lines;
}

/** A lead's lines with its service (`id`) under its name in force. */
export function withServiceNamed(lines: readonly LeadLine[], id: string | null | undefined, names?: ServiceNames): LeadLine[] {
  return lines.map((line) => (line.name === 'service' ? { ...line, value: serviceName(id, names) } : line));
}

/**
 * Every field a person sent, with the catalogue's labels, in form order: the e-mails and the admin's lead page. The
 * service is named as it is called now (`names`, its published name), as staff know it.
 */
export function leadLines(lead: StoredLead, names?: ServiceNames): LeadLine[] {
  const named = (lines: LeadLine[]) => withServiceNamed(lines, lead.lead.service, names);
  if (lead.type === 'contact') {
    const contact: Record<string, unknown> = { ...lead.lead };
    return named(fieldLines(CONTACT_FIELDS, (f) => contact[f.name]));
  }
  const quote: Record<string, unknown> = { ...lead.lead };
  return [...named(fieldLines(QUOTE_COLUMN_FIELDS, (f) => quote[f.name])), ...formatLeadDetails(lead.lead.service, lead.lead.details)];
}
