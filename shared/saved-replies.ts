/**
 * Saved replies' placeholders and how they are filled (docs/product.md#lead-work): the one home of the rule, used
 * by the schema that refuses unknown ones and by the Reply form that fills them.
 */
export const SAVED_REPLY_PLACEHOLDERS = ['name', 'company', 'service', 'sender'] as const;
export type SavedReplyPlaceholder = (typeof SAVED_REPLY_PLACEHOLDERS)[number];

export const SAVED_REPLY_NAME_MAX = 100;

export interface SavedReply {
  id: string;
  name: string;
  body: string;
}

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders in a text that are not one of ours, each once, as written ("{nmae}"). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(SAVED_REPLY_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].filter((m) => !known.has(m[1]!)).map((m) => m[0]))];
}

/** The text with each placeholder replaced by this lead's value (an empty value leaves nothing). */
export function fillSavedReply(text: string, values: Record<SavedReplyPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) =>
    (SAVED_REPLY_PLACEHOLDERS as readonly string[]).includes(key) ? values[key as SavedReplyPlaceholder] : whole,
  );
}
