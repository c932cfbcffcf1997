import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/database.ts';
import { createLeadStore } from '../../db/group-commit.ts';
import type { StoreLeadOptions } from '../../db/queries/leads.ts';
import { findLead, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import { listOutboxForLead } from '../../db/queries/outbox.ts';
import { CONTACT_FIELDS, type LeadField, QUOTE_COLUMN_FIELDS } from '../../shared/lead-fields.ts';
import { CaptchaReplayError, type NewContact, type NewLead, type NewQuote } from '../../shared/leads.ts';
import { type TestDatabase, configuredEngines, createTestDatabase } from '../helpers/test-app.ts';

function contact(name: string): NewLead {
  const createdAt = new Date().toISOString();
  return {
    type: 'contact',
    lead: {
      id: randomUUID(),
      name,
      email: 'ada@example.com',
      company: null,
      service: null,
      message: 'Hello',
      status: 'new',
      spamReason: null,
      clientIp: null,
      createdAt,
      submittedAt: createdAt,
    },
  };
}

function options(lead: NewLead, captchaKey: string): StoreLeadOptions {
  const { id, createdAt } = lead.lead;
  return {
    singleUse: { key: captchaKey, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    outbox: [{ id: randomUUID(), kind: 'staff-email', leadType: 'contact', leadId: id, payload: { to: 'staff@example.com' }, createdAt }],
  };
}

describe.each(configuredEngines())('lead store (group commit) on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const storedNames = async () => (await listLeadSummaries(database.db, 'contact', { limit: 10_000 })).map((l) => l.name).sort();
  const outboxFor = async (id: string) => listOutboxForLead(database.db, 'contact', id);

  it('leads sent at the same moment are each committed with their outbox rows before their caller hears back', async () => {
    const store = createLeadStore(database.db);
    // A connection of its own sees only committed rows: what a second instance, or a crash right after, would see.
    const observer = openDb(database.url, { poolSize: 1 });
    try {
      const seenOnResolve = await Promise.all(
        ['Batch A', 'Batch B', 'Batch C'].map(contact).map(async (lead) => {
          await store.store(lead, options(lead, `key-${lead.lead.id}`));
          const [stored, outbox] = await Promise.all([
            findLead(observer.db, 'contact', lead.lead.id),
            listOutboxForLead(observer.db, 'contact', lead.lead.id),
          ]);
          return { name: stored?.lead.name, outbox: outbox.length };
        }),
      );
      expect(seenOnResolve).toEqual([
        { name: 'Batch A', outbox: 1 },
        { name: 'Batch B', outbox: 1 },
        { name: 'Batch C', outbox: 1 },
      ]);
    } finally {
      await observer.db.destroy();
    }
  });

  it('a replayed captcha in a batch fails alone: the others are stored, the replay leaves nothing', async () => {
    const store = createLeadStore(database.db);
    const [first, replay, other] = ['Replay 1', 'Replay 2', 'Replay 3'].map(contact) as [NewLead, NewLead, NewLead];
    const results = await Promise.allSettled([
      store.store(first, options(first, 'shared-key')),
      store.store(replay, options(replay, 'shared-key')),
      store.store(other, options(other, 'other-key')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(CaptchaReplayError);
    const names = await storedNames();
    expect(names).toEqual(expect.arrayContaining(['Replay 1', 'Replay 3']));
    expect(names).not.toContain('Replay 2');
    expect(await outboxFor(replay.lead.id)).toEqual([]);
    expect(await outboxFor(other.lead.id)).toHaveLength(1);
  });

  it('a lead the database refuses fails alone, its captcha key is not kept (storage check), and the caller hears of it', async () => {
    const store = createLeadStore(database.db);
    const good = contact('Refusal 1');
    const duplicate = { ...contact('Refusal 2'), lead: { ...contact('Refusal 2').lead, id: good.lead.id } } as NewLead;
    const results = await Promise.allSettled([
      store.store(good, options(good, 'k-good')),
      store.store(duplicate, options(duplicate, 'k-dup')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await storedNames()).not.toContain('Refusal 2');
    expect(await database.db.selectFrom('captcha_solutions').select('key').where('key', '=', 'k-dup').execute()).toEqual([]);
  });

  it('more leads than one batch holds are all written, none lost', async () => {
    const store = createLeadStore(database.db);
    const leads = Array.from({ length: 250 }, (_, i) => contact(`Many ${String(i).padStart(3, '0')}`));
    await Promise.all(leads.map((lead) => store.store(lead, options(lead, `many-${lead.lead.id}`))));
    const stored = (await listLeadSummaries(database.db, 'contact', { limit: 10_000 })).filter((l) => l.name.startsWith('Many '));
    expect(stored).toHaveLength(250);
  });
  it('every field the lead-field catalogue gives a column is stored in that column (storage check)', async () => {
    // Each field gets a value of its own (short: the date columns hold ten characters on PostgreSQL), so a field
    // written to another field's column shows.
    const value = (field: LeadField, fields: readonly LeadField[]) => `v${fields.indexOf(field)}`;
    const marked = (fields: readonly LeadField[]) => Object.fromEntries(fields.map((f) => [f.name, value(f, fields)]));
    const createdAt = new Date().toISOString();
    const base = { id: randomUUID(), status: 'new', spamReason: null, clientIp: null, createdAt, submittedAt: createdAt };
    // The catalogue's values replace the placeholders; a field it lacks would leave its placeholder and fail below.
    const leads: NewLead[] = [
      { type: 'contact', lead: { ...base, company: null, service: null, message: '', ...marked(CONTACT_FIELDS) } as NewContact },
      {
        type: 'quote',
        lead: {
          ...base,
          id: randomUUID(),
          service: '',
          company: null,
          phone: null,
          companySize: null,
          budget: null,
          timeline: null,
          startDate: '',
          completionDate: '',
          description: '',
          details: {},
          ...marked(QUOTE_COLUMN_FIELDS),
        } as NewQuote,
      },
    ];
    const store = createLeadStore(database.db);
    for (const lead of leads) {
      await store.store(lead, options(lead, `columns-${lead.lead.id}`));
      const table = lead.type === 'contact' ? 'contacts' : 'quotes';
      const row: Record<string, unknown> = await database.db
        .selectFrom(table)
        .selectAll()
        .where('id', '=', lead.lead.id)
        .executeTakeFirstOrThrow();
      const fields = lead.type === 'contact' ? CONTACT_FIELDS : QUOTE_COLUMN_FIELDS;
      for (const field of fields) {
        expect(field.column, field.name).toBeDefined();
        expect(row[field.column!], `${field.name} in ${table}.${field.column}`).toBe(value(field, fields));
      }
    }
  });
});
