import { type Expression, type SqlBool, sql } from 'kysely';
import type { Cursor } from '../../shared/cursor.ts';

/*
 * Conditions several queries share, written once. Both engines compare row values, `(a, b) < (x, y)`, and use
 * the (column, id) indexes for it.
 */

/** Rows strictly past `key` in (column, id) order: older ones when the list is newest first. */
export function afterKey(column: string, key: Cursor, order: 'desc' | 'asc' = 'desc', idColumn = 'id'): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(idColumn)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${key.at}, ${key.id})`;
}

/**
 * Posts a visitor may read at `now` (ISO): published, and their publish time reached; later ones are scheduled.
 * The same rule for one post in memory is `postStatus` in shared/blog.ts; tests/integration/property-public-post.test.ts
 * holds the two to the same answer.
 */
export function isPublicAt(now: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('blogs.published')} = 1 and ${sql.ref('blogs.published_at')} <= ${now})`;
}

/** Posts published for a later time than `now` (ISO): scheduled, not yet public (the other side of `isPublicAt`). */
export function isScheduledAt(now: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('blogs.published')} = 1 and ${sql.ref('blogs.published_at')} > ${now})`;
}

/**
 * `value` contains `text` literally: `%`, `_` and `\` that a person typed are characters, not wildcards. The
 * escape character is named each time, since SQLite has no default one (PostgreSQL's is the same backslash).
 */
export function containsLiteral(value: Expression<unknown>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${value} like ${pattern} escape '\\'`;
}
