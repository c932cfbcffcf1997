import { describe, expect, it } from 'vitest';
import { ALL_QUOTE_FIELD_NAMES, QUOTE_FIELDS, fieldLabel, formatLeadDetails, quoteFieldsFor } from './quote-fields.ts';
import { SERVICE_IDS } from './services.ts';

/** SPEC.md §5, transcribed: each service's fields and, for lists, their exact options. */
const SPEC: Record<string, Record<string, string[] | 'number' | 'text'>> = {
  'network-security': { networkType: ['Wired', 'Wireless', 'Hybrid'], securityLevel: ['Basic', 'Enterprise', 'Government'], serverCount: 'number', userCount: 'number' },
  datacenter: { serverCount: 'number', storageSize: 'number', rackSpace: 'number', redundancy: ['Basic', 'High', 'Mission Critical'] },
  'network-support': { userCount: 'number', deviceCount: 'number', supportHours: ['Business Hours', '24/7', 'On-call'] },
  'rollouts-migrations': { deviceCount: 'number', migrationType: ['Hardware Upgrade', 'Software Migration', 'Cloud Migration', 'Office Relocation'], dataSize: 'number', downtimeWindow: 'text' },
  'it-imacd': { serviceType: ['Installation', 'Move', 'Addition', 'Change', 'Disposal'], deviceCount: 'number', locations: 'number', complexity: ['Simple', 'Moderate', 'Complex'] },
  'hardware-break-fix': { deviceType: ['Desktop', 'Laptop', 'Server', 'Network Equipment', 'Printer'], issueType: ['Hardware Failure', 'Software Issue', 'Performance', 'Other'], urgency: ['Standard', 'High', 'Emergency'], warranty: ['Yes', 'No', 'Unknown'] },
  'global-ict-support': { supportHours: ['9-5 Business Hours', '24/7 Support', 'On-call Support'], userCount: 'number', locationCount: 'number', responseTime: ['4 Hours', '2 Hours', '1 Hour', '30 Minutes'] },
  'web-design': { websiteType: ['Corporate', 'E-commerce', 'Portfolio', 'Web Application', 'Other'], pageCount: 'number', features: ['Basic CMS', 'E-commerce', 'User Accounts', 'Payment Processing', 'Custom Database'], designStyle: ['Modern', 'Corporate', 'Creative', 'Minimal', 'Custom'] },
  'domain-management': { domainCount: 'number', domainAction: ['New Registration', 'Transfer', 'Renewal', 'Bulk Management'], tldTypes: ['.com.au', '.com', '.net', '.org', 'Multiple'], privacy: ['Yes', 'No'] },
  'web-hosting': { hostingType: ['Shared', 'VPS', 'Dedicated', 'Cloud', 'WordPress Managed'], storage: 'number', bandwidth: 'number', ssl: ['Yes', 'No'] },
};

describe('QUOTE_FIELDS', () => {
  it.each(SERVICE_IDS)('%s has exactly the fields and options of SPEC.md', (service) => {
    const actual = Object.fromEntries(
      QUOTE_FIELDS[service].map((f) => [f.name, f.kind === 'select' ? [...f.options] : f.kind]),
    );
    expect(actual).toEqual(SPEC[service]);
  });

  it('bounds every number to whole values from 1 upwards', () => {
    for (const field of SERVICE_IDS.flatMap((s) => QUOTE_FIELDS[s])) {
      if (field.kind !== 'number') continue;
      expect(field.min).toBe(1);
      expect(Number.isSafeInteger(field.max)).toBe(true);
    }
  });

  it('lists every field name of the quote entity in SPEC.md §3', () => {
    expect(ALL_QUOTE_FIELD_NAMES).toHaveLength(33);
  });

  it('an unknown service has no fields', () => {
    expect(quoteFieldsFor('nope')).toEqual([]);
  });
});

describe('readable labels', () => {
  it('adds the unit to a label', () => {
    expect(fieldLabel(QUOTE_FIELDS.datacenter[1]!)).toBe('Storage size (TB)');
    expect(fieldLabel(QUOTE_FIELDS.datacenter[3]!)).toBe('Redundancy');
  });

  it('formats details in form order with units, keeping unknown keys', () => {
    expect(formatLeadDetails('datacenter', { redundancy: 'High', serverCount: 12000, storageSize: 40, legacy: 'x' })).toEqual([
      { name: 'serverCount', label: 'Number of servers', value: '12,000' },
      { name: 'storageSize', label: 'Storage size (TB)', value: '40 TB' },
      { name: 'redundancy', label: 'Redundancy', value: 'High' },
      { name: 'legacy', label: 'legacy', value: 'x' },
    ]);
  });
});
