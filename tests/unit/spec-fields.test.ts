import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, QUOTE_DETAIL_FIELDS, QUOTE_SERVICE_FIELD } from '../../shared/lead-fields.ts';
import { ALL_QUOTE_FIELD_NAMES, QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { SPEC_CONTACT_ENTITY, SPEC_QUOTE_ENTITY, SPEC_SERVICE_FIELDS } from '../helpers/spec.ts';

describe('the lead-field catalogue against SPEC.md', () => {
  it.each(SERVICE_IDS)('%s has exactly the fields and options of SPEC.md §5', (service) => {
    const actual = Object.fromEntries(QUOTE_FIELDS[service].map((f) => [f.name, f.kind === 'select' ? [...f.options] : f.kind]));
    expect(actual).toEqual(SPEC_SERVICE_FIELDS[service]);
  });

  it('the quote form holds every field of the quote entity in SPEC.md §3, and no other', () => {
    const names = [QUOTE_SERVICE_FIELD, ...QUOTE_DETAIL_FIELDS].map((f) => f.name).concat(ALL_QUOTE_FIELD_NAMES);
    expect(names.sort()).toEqual([...SPEC_QUOTE_ENTITY].sort());
  });

  it('the contact form holds the contact message\'s fields of SPEC.md §3, with its required ones of §5', () => {
    expect(CONTACT_FIELDS.map((f) => f.name)).toEqual([...SPEC_CONTACT_ENTITY]);
    expect(CONTACT_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(['name', 'email', 'message']);
    expect(CONTACT_FIELDS[0]!.label).toBe('Full Name');
  });

  it('step 2 requires what SPEC.md §5 requires and nothing else', () => {
    expect(QUOTE_DETAIL_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(['name', 'email', 'startDate', 'completionDate', 'description']);
  });
});
