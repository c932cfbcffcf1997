import fc from 'fast-check';
import { BUDGETS, COMPANY_SIZES, TIMELINES } from '../../shared/options.ts';
import { SERVICE_IDS } from '../../shared/services.ts';

/** Payloads per property when PROPERTY_RUNS is unset: a quick local run. CI sets 10,000 (.ci/run). */
const DEFAULT_RUNS = 300;

/**
 * How many payloads each property sends: PROPERTY_RUNS on SQLite; on PostgreSQL a tenth of it (a sample), but no
 * fewer than the local default. About 7% of generated lead payloads are valid: a sample of 30 stored none about
 * one run in six, failing `enoughAccepted` for want of payloads rather than for a fault.
 */
export function runsFor(engine: string): number {
  const raw = process.env.PROPERTY_RUNS;
  const runs = raw === undefined || raw === '' ? DEFAULT_RUNS : Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`PROPERTY_RUNS must be a whole number of at least 1, not "${raw}".`);
  return engine === 'postgres' ? Math.max(Math.min(runs, DEFAULT_RUNS), Math.ceil(runs / 10)) : runs;
}

/**
 * A property test's time limit: a net for a hang, not a speed check. It grows with the payloads sent: CI's 10,000
 * took 60-80 s a test on two quiet cores, and over 180 s with two test files and two CPU-bound processes beside it.
 */
export const PROPERTY_TIMEOUT_MS = Math.max(180_000, runsFor('sqlite') * 50);

/**
 * The fewest accepted payloads that show a property reached the database, not just the validation: 1% of those
 * sent. With about 7% valid, 300 runs fall below it by chance far less than once in a thousand runs.
 */
export function enoughAccepted(runs: number): number {
  return Math.ceil(runs / 100);
}

/** Values a form field should never be trusted to hold: wrong types, huge or odd text, near-miss dates and options. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  // Text with a NUL byte inside: SQLite stores it, PostgreSQL refuses it.
  fc.string({ minLength: 1, maxLength: 20 }).map((v) => `${v}\u0000${v}`),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '<script>alert(1)</script>', "'; DROP TABLE contacts; --", '__proto__', 'constructor'),
  // Around and beyond the length limits (100, 200, 254, 5,000, 10,000, 64 KB bodies).
  fc.integer({ min: 95, max: 70_000 }).map((n) => 'é'.repeat(n)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2, 12.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2027-02-30', '2027-13-01', '27-01-01', '2027-1-1', 'tomorrow', '9999-12-31', '0000-01-01'),
  fc.constantFrom(...SERVICE_IDS, ...COMPANY_SIZES, ...BUDGETS, ...TIMELINES, 'other', 'Other', 'web hosting'),
  fc.emailAddress(),
);

const extraKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'status', 'id', 'notes', 'createdAt'));

/**
 * A valid payload with a few fields mutated: dropped, replaced by a nasty value, or joined by unknown fields.
 * Most runs change one or two fields, so many payloads stay close to (or exactly) valid.
 */
export function nearValid(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const change = fc.oneof(
    fc.constant({ drop: true as const }),
    nastyValue.map((value) => ({ drop: false as const, value })),
  );
  return base.chain((valid) =>
    fc
      .tuple(
        fc.uniqueArray(fc.constantFrom(...Object.keys(valid)), { maxLength: 3 }),
        fc.array(change, { minLength: 3, maxLength: 3 }),
        fc.option(fc.dictionary(extraKey, nastyValue, { minKeys: 1, maxKeys: 2 }), { freq: 4 }),
      )
      .map(([keys, changes, extra]) => {
        // JSON.parse makes `__proto__` an own key, so build the payload the way the server will see it.
        const payload = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
        keys.forEach((key, i) => {
          const c = changes[i]!;
          if (c.drop) delete payload[key];
          else payload[key] = c.value;
        });
        for (const [key, value] of Object.entries(extra ?? {}))
          Object.defineProperty(payload, key, { value, enumerable: true, writable: true, configurable: true });
        return payload;
      }),
  );
}

/** Either a near-valid `data` (most runs) or any JSON value at all, wrapped the way the callable protocol expects or not. */
export function callableBody(data: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: nearValid(data).map((d) => ({ data: d })) },
    { weight: 1, arbitrary: fc.jsonValue().map((d) => ({ data: d })) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}
