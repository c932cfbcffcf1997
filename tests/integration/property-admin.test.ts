import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../shared/admin.ts';
import { LeadNoteSchema, LeadUpdateSchema } from '../../shared/schemas/admin-leads.ts';
import { BlogPostInputSchema } from '../../shared/schemas/blog-post.ts';
import { configuredEngines } from '../helpers/test-app.ts';
import { adminPosts, inboxLeads, insertContact, insertQuote, leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';
import { PROPERTY_TIMEOUT_MS as TIMEOUT, callableBody, enoughAccepted, nastyValue, runsFor } from '../helpers/property-payloads.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const VALID_POST = fc.record({
  title: fc.constantFrom('Backups That Actually Restore', 'Patch Tuesday, Explained', 'Zero Trust for Small Offices'),
  excerpt: fc.constant('Most backups are never tested. Here is how to know yours will work.'),
  author: fc.constant('Sam Staff'),
  // The last one is all script: text the schema accepts but the sanitiser removes entirely.
  content: fc.constantFrom(
    '<h2>Test restores</h2><p>Restore one file every month.</p>',
    '<p>Plain text.</p><script>alert(1)</script>',
    '<script>alert(1)</script>',
  ),
  tags: fc.constantFrom('Backup, Security', '', ' , ,Cloud'),
  featuredImage: fc.constantFrom('', 'https://images.example.com/backup.jpg', '/images/blog/backup.svg'),
  featuredImageAlt: fc.constantFrom('A backup drive on a desk', '', ' '),
  featuredImageDecorative: fc.boolean(),
  published: fc.boolean(),
  publishedAt: fc.constantFrom('', '2026-11-01T09:00', '2030-01-01T00:00:00.000Z'),
});

const VALID_LEAD_UPDATE = fc.record({ status: fc.constantFrom(...LEAD_STATUSES) });
const VALID_NOTE = fc.record({ body: fc.string({ minLength: 1, maxLength: 200 }) });

/** An admin body: near-valid or any JSON, never wrapped (the admin API takes the object itself). */
function adminBody(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return callableBody(valid).map((body) =>
    body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body,
  );
}

/**
 * Each answer to a lead update or note carries the lead's whole history, so a run that sent every payload to one
 * lead would grow quadratic (10,000 notes: each answer up to a megabyte). Spread over this many leads of each type.
 */
const LEADS_PER_TYPE = 25;

describe.each(configuredEngines())('generated payloads to the admin JSON API on %s', (engine) => {
  const t = useTestApp(() => signedInStaffApp({ engine }));
  const ids: { leads: Array<['contact' | 'quote', string]>; post: string } = { leads: [], post: '' };
  const runs = runsFor(engine);
  const quotes = () => ids.leads.filter(([type]) => type === 'quote').map(([, id]) => id);

  beforeAll(async () => {
    for (let i = 0; i < LEADS_PER_TYPE; i += 1) {
      ids.leads.push(['contact', await insertContact(t.database.db)], ['quote', await insertQuote(t.database.db)]);
    }
    const post = await t.staff.req('post', '/api/admin/posts').send({
      title: 'Seed post',
      excerpt: 'Seed.',
      author: 'Sam Staff',
      content: '<p>Seed.</p>',
      tags: '',
      featuredImage: '',
      published: true,
    });
    ids.post = post.body.id as string;
  });

  /** Sends JSON as the editor's fetch does; a body that is not JSON at all now and then. */
  async function send(method: 'post' | 'put' | 'patch', path: string, body: unknown, raw: boolean) {
    const res = await t.staff
      .req(method, path)
      .set('Content-Type', 'application/json')
      .send(raw ? String(body) : JSON.stringify(body));
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
    return res;
  }

  const raw = fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

  it(
    `staff sending ${runs} generated lead updates never get a 5xx, and every lead keeps a valid status`,
    async () => {
      const target = fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...ids.leads) },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constantFrom('contact', 'quote', 'blog', '..', '%00'),
            fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
          ),
        },
      );
      let updated = 0;
      await fc.assert(
        fc.asyncProperty(target, adminBody(VALID_LEAD_UPDATE), raw, async ([type, id], body, isRaw) => {
          const res = await send('patch', `/api/admin/leads/${type}/${id}`, isRaw ? JSON.stringify(body).slice(1) : body, isRaw);
          if (res.status === 200) updated += 1;
        }),
        { numRuns: runs },
      );
      expect(updated).toBeGreaterThanOrEqual(enoughAccepted(runs));
      const rows = (await inboxLeads(t.staff)).map(({ status }) => ({ status }));
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        expect(LeadUpdateSchema.safeParse(row).success, JSON.stringify(row).slice(0, 300)).toBe(true);
      }
    },
    TIMEOUT,
  );

  it(
    `staff sending ${runs} generated notes never get a 5xx, and every stored note is one the schema accepts`,
    async () => {
      let added = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...quotes()), adminBody(VALID_NOTE), raw, async (id, body, isRaw) => {
          const res = await send('post', `/api/admin/leads/quote/${id}/notes`, isRaw ? JSON.stringify(body).slice(1) : body, isRaw);
          if (res.status === 201) added += 1;
        }),
        { numRuns: runs },
      );
      expect(added).toBeGreaterThanOrEqual(enoughAccepted(runs));
      // The history also holds the status changes the test above made; these are the notes.
      const details = await Promise.all(quotes().map((id) => leadDetail(t.staff, 'quote', id)));
      const notes = details.flatMap((lead) => lead!.notes.filter((n) => !n.change).map(({ body }) => ({ body })));
      expect(notes).toHaveLength(added);
      for (const note of notes) expect(LeadNoteSchema.safeParse(note).data, JSON.stringify(note).slice(0, 300)).toEqual(note);
    },
    TIMEOUT,
  );

  it(
    `staff sending ${runs} generated blog posts (creates and edits) never get a 5xx, and every stored post passes BlogPostInputSchema`,
    async () => {
      const target = fc.oneof(
        { weight: 3, arbitrary: fc.constant(['post', '/api/admin/posts'] as const) },
        { weight: 2, arbitrary: fc.constant(['put', `/api/admin/posts/${ids.post}`] as const) },
        {
          weight: 1,
          arbitrary: nastyValue.map((v) => ['put', `/api/admin/posts/${encodeURIComponent(JSON.stringify(v).slice(0, 60))}`] as const),
        },
      );
      let saved = 0;
      await fc.assert(
        fc.asyncProperty(target, adminBody(VALID_POST), raw, async ([method, path], body, isRaw) => {
          const res = await send(method, path, isRaw ? JSON.stringify(body).slice(1) : body, isRaw);
          if (res.status === 200 || res.status === 201) saved += 1;
        }),
        { numRuns: runs },
      );
      expect(saved).toBeGreaterThanOrEqual(enoughAccepted(runs));
      const rows = await adminPosts(t.staff);
      for (const row of rows) {
        const input = {
          title: row.title,
          excerpt: row.excerpt,
          author: row.author,
          content: row.content,
          featuredImage: row.featuredImage ?? '',
          featuredImageAlt: row.featuredImageAlt ?? '',
          featuredImageDecorative: row.featuredImageAlt === '',
          tags: row.tags.join(','),
          published: row.published,
          publishedAt: row.publishedAt,
        };
        expect(BlogPostInputSchema.safeParse(input).success, JSON.stringify(row).slice(0, 300)).toBe(true);
        expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    },
    TIMEOUT,
  );
});
