import { describe, expect, it } from 'vitest';
import { fieldLabel } from './lead-fields.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { QUOTE_FIELDS, formatLeadDetails, quoteFieldsFor } from './quote-fields.ts';
import { SERVICE_IDS } from './services.ts';

describe('QUOTE_FIELDS', () => {
  it('bounds every number to whole values from 1 upwards', () => {
    for (const field of SERVICE_IDS.flatMap((s) => QUOTE_FIELDS[s])) {
      if (field.kind !== 'number') continue;
      expect(field.min).toBe(1);
      expect(Number.isSafeInteger(field.max)).toBe(true);
    }
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

describe('messages built from a field label', () => {
  it('keep the catalogue spelling of every service field, lowering only an ordinary first letter', () => {
    expect(FIELD_MESSAGES.choose('SSL certificate')).toBe('Choose SSL certificate.');
    expect(FIELD_MESSAGES.option('SSL certificate')).toBe('Choose one of the listed options for SSL certificate.');
    expect(FIELD_MESSAGES.choose('Company size')).toBe('Choose company size.');
    for (const field of SERVICE_IDS.flatMap((id) => QUOTE_FIELDS[id])) {
      const rest = field.label.slice(1);
      expect(FIELD_MESSAGES.choose(field.label), field.label).toContain(rest);
      expect(FIELD_MESSAGES.option(field.label), field.label).toContain(rest);
    }
  });
});
