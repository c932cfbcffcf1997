import { z } from 'zod';
import { trimmedText as text } from './admin-fields.ts';
import { PAGES_MESSAGES } from '../pages-texts.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { ADDRESS_PATTERN, type FieldSpec, RESERVED_ADDRESSES, type WordsKey, fieldsOf } from '../site-words.ts';

/*
 * One schema per page's (or service's) words, made from its form's description in shared/site-words.ts: the
 * admin's save and the stored document are checked by the same rules. Words are plain text, stored as typed and
 * escaped wherever they are shown (markup shows as characters).
 */

function list<T extends z.ZodType>(item: T, spec: { item: string; maxItems: number }) {
  return z.array(item).min(1, PAGES_MESSAGES.atLeastOne(spec.item)).max(spec.maxItems, PAGES_MESSAGES.tooMany(spec.item, spec.maxItems));
}

function fieldSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'line':
    case 'text':
      return text(spec.label, spec.max);
    case 'lines':
    case 'paragraphs':
      return list(text(spec.item, spec.max), spec);
    case 'pairs':
      return list(z.strictObject({ title: text(spec.titleLabel, spec.titleMax), text: text(spec.textLabel, spec.textMax) }), spec);
    case 'links':
      return list(
        z.strictObject({
          title: text(spec.titleLabel, spec.titleMax),
          // A path of this site ("/careers", "/services?service=web-hosting") or an https address elsewhere.
          text: text(spec.textLabel, spec.textMax).refine(
            (href) => (href.startsWith('/') && !href.startsWith('//')) || (URL.canParse(href) && new URL(href).protocol === 'https:'),
            PAGES_MESSAGES.linkAddress,
          ),
        }),
        spec,
      );
    case 'address':
      return text(spec.label, spec.max)
        .regex(ADDRESS_PATTERN, PAGES_MESSAGES.addressFormat)
        .refine((address) => !RESERVED_ADDRESSES.has(address), { error: (iss) => PAGES_MESSAGES.addressReserved(String(iss.input)) });
    // The HTML is sanitised by the server after these checks, as a post's is.
    case 'rich':
      return text(spec.label, spec.max);
    case 'image':
      return z
        .string({ error: PAGES_MESSAGES.imageAddress })
        .trim()
        .max(spec.max, FIELD_MESSAGES.tooLong(spec.label, spec.max))
        .refine((address) => address === '' || /^\/media\/[\w./-]+$/.test(address), PAGES_MESSAGES.imageAddress);
    case 'flag':
      return z.boolean({ error: FIELD_MESSAGES.invalid });
  }
}

const schemas = new Map<WordsKey, z.ZodType<Record<string, unknown>>>();

/** The rules of one key's words (every field required, each within its limit; no other field). */
export function wordsSchema(key: WordsKey): z.ZodType<Record<string, unknown>> {
  let schema = schemas.get(key);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(Object.entries(fieldsOf(key)).map(([name, spec]) => [name, fieldSchema(spec)])));
    schemas.set(key, schema);
  }
  return schema;
}
