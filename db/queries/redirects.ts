import { randomUUID } from 'node:crypto';
import { REDIRECT_MESSAGES } from '../../shared/redirect-messages.ts';
import {
  type Redirect,
  type RedirectFacts,
  type RedirectOrigin,
  type RedirectStatus,
  normaliseRedirectPath,
  redirectRefusal,
} from '../../shared/redirects.ts';
import { isCustomPageKey } from '../../shared/site-words.ts';
import type { Db } from '../database.ts';
import { bumpContentVersion } from './blogs.ts';

/** The content area every redirect write bumps (migration 240): each instance reloads its table when it moves. */
export const REDIRECTS_AREA = 'redirects';

export interface NewRedirect {
  from: string;
  to: string;
  status: RedirectStatus;
  origin: Exclude<RedirectOrigin, 'blog'>;
}

/**
 * What `insertRedirects` did: how many it added, and each `from` it left alone with the reason in words, the
 * index of its row in the input, and whether it was only already there (the same target).
 */
export interface InsertedRedirects {
  added: number;
  skipped: { from: string; reason: string; row: number; alreadyThere: boolean }[];
}

/** A redirect as each instance holds it in memory to answer requests (server/http/redirect-table.ts). */
export interface RedirectRoute {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** The blog's old slugs (blog_redirects) as redirects: `/blog/old` → `/blog/current`, whatever the post's state. */
async function blogRedirects(db: Db): Promise<Array<{ from: string; to: string; createdAt: string; oldSlug: string }>> {
  const rows = await db
    .selectFrom('blog_redirects')
    .innerJoin('blogs', 'blogs.id', 'blog_redirects.blog_id')
    .select(['blog_redirects.old_slug', 'blog_redirects.created_at', 'blogs.slug'])
    .orderBy('blog_redirects.old_slug')
    .execute();
  return rows.map((r) => ({ from: `/blog/${r.old_slug}`, to: `/blog/${r.slug}`, createdAt: r.created_at, oldSlug: r.old_slug }));
}

/**
 * What a redirect is checked against (shared/redirects.ts, `redirectRefusal`), read in the caller's transaction:
 * every redirect but `exceptId` (the blog's old slugs too) and the addresses of posts published or scheduled and of
 * the pages staff made that are published.
 */
export async function readRedirectFacts(db: Db, exceptId?: string): Promise<{ redirects: Map<string, string>; livePaths: Set<string> }> {
  let own = db.selectFrom('redirects').select(['from_path', 'to_target']);
  if (exceptId) own = own.where('id', '!=', exceptId);
  const [rows, blog, posts, pages] = await Promise.all([
    own.execute(),
    blogRedirects(db),
    db.selectFrom('blogs').select('slug').where('published', '=', 1).execute(),
    db.selectFrom('site_words').select(['key', 'published']).where('published', 'is not', null).execute(),
  ]);
  const redirects = new Map<string, string>([
    ...rows.map((r) => [r.from_path, r.to_target] as const),
    ...blog.map((b) => [b.from, b.to] as const),
  ]);
  const livePaths = new Set(posts.map((p) => `/blog/${p.slug}`));
  for (const page of pages) {
    if (!isCustomPageKey(page.key)) continue;
    const address = (JSON.parse(page.published!) as { address?: unknown }).address;
    if (typeof address === 'string' && address) livePaths.add(`/${address}`);
  }
  return { redirects, livePaths };
}

/**
 * Adds redirects in the caller's transaction (an import's own, or the admin's), each checked as the admin checks
 * one (`redirectRefusal`) against the site and the rows before it. A `from` already redirected to the same target
 * is skipped quietly (an import run twice adds nothing); to another target it is a clash, skipped with its reason.
 * Bumps the redirects' version when it added any: every instance answers them within a second of the commit, and
 * this one at once after `RedirectTable.changed()`.
 */
export async function insertRedirects(
  db: Db,
  rows: NewRedirect[],
  options: { createdBy?: string | null; at?: string } = {},
): Promise<InsertedRedirects> {
  const facts: RedirectFacts & { redirects: Map<string, string> } = await readRedirectFacts(db);
  const at = options.at ?? new Date().toISOString();
  const skipped: InsertedRedirects['skipped'] = [];
  const values = [];
  for (const [index, row] of rows.entries()) {
    const from = normaliseRedirectPath(row.from.trim());
    const to = row.to.trim();
    const existing = facts.redirects.get(from);
    if (existing !== undefined) {
      const alreadyThere = existing === to;
      skipped.push({
        from,
        row: index,
        alreadyThere,
        reason: alreadyThere ? REDIRECT_MESSAGES.alreadyThere(from) : REDIRECT_MESSAGES.taken(from, existing),
      });
      continue;
    }
    const refusal = redirectRefusal(row.from, to, facts);
    if (refusal) {
      skipped.push({ from, row: index, alreadyThere: false, reason: refusal.message });
      continue;
    }
    facts.redirects.set(from, to);
    values.push({
      id: randomUUID(),
      from_path: from,
      to_target: to,
      status: row.status,
      origin: row.origin,
      created_at: at,
      created_by: options.createdBy ?? null,
    });
  }
  // Chunks keep each statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < values.length; i += 100)
    await db
      .insertInto('redirects')
      .values(values.slice(i, i + 100))
      .execute();
  if (values.length) await bumpContentVersion(db, REDIRECTS_AREA);
  return { added: values.length, skipped };
}

/** Every redirect for the manager: staff's and imports' newest first, then the blog's old slugs (read-only). */
export async function listRedirects(db: Db): Promise<Redirect[]> {
  const [rows, blog] = await Promise.all([
    db.selectFrom('redirects').selectAll().orderBy('created_at', 'desc').orderBy('from_path').execute(),
    blogRedirects(db),
  ]);
  return [
    ...rows.map((r) => ({
      id: r.id,
      from: r.from_path,
      to: r.to_target,
      status: r.status as RedirectStatus,
      origin: r.origin as RedirectOrigin,
      hits: r.hits,
      lastHitAt: r.last_hit_at,
      createdAt: r.created_at,
    })),
    ...blog.map((b) => ({
      id: `blog:${b.oldSlug}`,
      from: b.from,
      to: b.to,
      status: 301 as const,
      origin: 'blog' as const,
      hits: 0,
      lastHitAt: null,
      createdAt: b.createdAt,
    })),
  ];
}

export async function findRedirect(db: Db, id: string): Promise<Redirect | undefined> {
  return (await listRedirects(db)).find((r) => r.id === id && r.origin !== 'blog');
}

/** Changes a redirect (already checked) and bumps the version; false when it is gone. */
export async function updateRedirect(db: Db, id: string, change: { from: string; to: string; status: RedirectStatus }): Promise<boolean> {
  const result = await db
    .updateTable('redirects')
    .set({ from_path: normaliseRedirectPath(change.from.trim()), to_target: change.to.trim(), status: change.status })
    .where('id', '=', id)
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await bumpContentVersion(db, REDIRECTS_AREA);
  return changed;
}

/** Deletes a redirect and bumps the version; false when it was gone already. */
export async function deleteRedirectById(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted) await bumpContentVersion(db, REDIRECTS_AREA);
  return deleted;
}

/** The redirects each instance answers (the blog's old slugs are answered by the post's page). */
export async function loadRedirectRoutes(db: Db): Promise<RedirectRoute[]> {
  const rows = await db.selectFrom('redirects').select(['from_path', 'to_target', 'status']).execute();
  return rows.map((r) => ({ from: r.from_path, to: r.to_target, status: r.status as RedirectStatus }));
}

/**
 * Adds counted hits (one statement per redirect hit since the last flush). The last hit only moves forward, in the
 * statement itself: two instances flushing out of order never put an older time over a newer one. ISO-8601 times
 * of one form compare as text on both engines.
 */
export async function addRedirectHits(db: Db, hits: ReadonlyArray<{ from: string; hits: number; lastHitAt: string }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const h of hits) {
      await trx
        .updateTable('redirects')
        .set((eb) => ({
          hits: eb('hits', '+', h.hits),
          last_hit_at: eb
            .case()
            .when(eb.or([eb('last_hit_at', 'is', null), eb('last_hit_at', '<', h.lastHitAt)]))
            .then(h.lastHitAt)
            .else(eb.ref('last_hit_at'))
            .end(),
        }))
        .where('from_path', '=', h.from)
        .execute();
    }
  });
}
