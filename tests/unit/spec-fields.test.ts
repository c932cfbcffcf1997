import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, QUOTE_DETAIL_FIELDS, QUOTE_SERVICE_FIELD } from '../../shared/lead-fields.ts';
import { ALL_QUOTE_FIELD_NAMES, QUOTE_FIELDS } from '../../shared/quote-fields.ts';
import { SERVICE_IDS } from '../../shared/services.ts';
import { PRODUCT_CONTACT_ENTITY, PRODUCT_QUOTE_ENTITY, PRODUCT_SERVICE_FIELDS } from '../helpers/product-spec.ts';

describe('the lead-field catalogue against the product spec (docs/product.md)', () => {
  it.each(SERVICE_IDS)('%s has exactly the fields and options of docs/product.md#quote-services', (service) => {
    const actual = Object.fromEntries(QUOTE_FIELDS[service].map((f) => [f.name, f.kind === 'select' ? [...f.options] : f.kind]));
    expect(actual).toEqual(PRODUCT_SERVICE_FIELDS[service]);
  });

  // The brief's fields must all be there with its texts; which others the form asks for is the catalogue's to say
  // (a field added there alone keeps this green: docs/architecture.md#add-a-lead-field).
  it('the quote form holds every field of the quote request in docs/product.md#entities', () => {
    const names = [QUOTE_SERVICE_FIELD, ...QUOTE_DETAIL_FIELDS].map((f): string => f.name).concat(ALL_QUOTE_FIELD_NAMES);
    expect(names).toEqual(expect.arrayContaining([...PRODUCT_QUOTE_ENTITY]));
  });

  it("the contact form holds the contact message's fields of docs/product.md#entities, with its required ones of docs/product.md#contact", () => {
    expect(CONTACT_FIELDS.map((f) => f.name)).toEqual([...PRODUCT_CONTACT_ENTITY]);
    expect(CONTACT_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(['name', 'email', 'message']);
    expect(CONTACT_FIELDS[0]!.label).toBe('Full Name');
  });

  it('step 2 requires what docs/product.md#quote-details requires and nothing else', () => {
    expect(QUOTE_DETAIL_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual([
      'name',
      'email',
      'startDate',
      'completionDate',
      'description',
    ]);
  });
});
