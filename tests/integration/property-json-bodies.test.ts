import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_BODY_LIMIT, POST_BODY_LIMIT, SIGN_IN_BODY_LIMIT } from '../../server/http/admin-body.ts';
import { MAX_JSON_DEPTH } from '../../server/http/json-body.ts';
import { LEAD_BODY_LIMIT } from '../../server/leads/functions-routes.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { StaffClient, signedInStaffApp } from '../helpers/admin-client.ts';
import { asBytes } from '../helpers/raw-body.ts';
import { LEAD_TEST_ENV } from '../helpers/leads.ts';
import { PROPERTY_TIMEOUT_MS as TIMEOUT, runsFor } from '../helpers/property-payloads.ts';
import { useTestApp } from '../helpers/suite-app.ts';

// The security review's findings, as one property: a body declared in another charset slipped deep nesting past
// the byte-level depth check, and a wide array overflowed the stack of the NUL check (500). Whatever the encoding,
// nesting or width, a body is now refused (4xx) by the check that owns it or reaches the route; never a 5xx.

/**
 * How much the test process's resident memory may grow over all runs (the app runs in this process). Each body
 * and what it parses into must be freed once answered: CI's 10,000 runs send about 400 MB of bodies, so a cache,
 * listener or parser that kept them would exceed this, as would one body costing hundreds of megabytes. What it
 * allows: about 100 MB that any few thousand requests cost here (allocator arenas, compiled code: 5,000 `{}` bodies
 * grow RSS by that much, then it stays flat) and what the 2 MB bodies leave in the allocators. 10,000 runs grew it
 * by 170-240 MB, so 200 MB would be flaky.
 */
const MEMORY_BUDGET_MB = 350;

/** Nesting far past MAX_JSON_DEPTH, which the depth check must refuse before JSON.parse builds it. */
const MAX_NESTING = 3_000;
/** The NUL check's old `push(...array)` overflowed the stack from about this many elements. */
const STACK_BREAKING_WIDTH = 130_000;
/** Wide arrays reach the parser on the blog editor's routes only: the others take 64 KB at most. */
const MAX_WIDTH = 200_000;

/** A lead that does not exist: a valid update is answered 404, nothing is stored. */
const NO_SUCH_LEAD = '5f0c9d2e-7a41-4c36-9b8e-2d6f1a3c4e58';

interface Route {
  method: 'post' | 'put' | 'patch';
  path: string;
  /** Sent by the signed-in staff member (session, CSRF token), or by a browser with no session. */
  signedIn: boolean;
  limit: string;
}

/** Every route that parses a JSON body, with the size limit it declares. */
const ROUTES: Route[] = [
  { method: 'post', path: '/functions/submitContact', signedIn: false, limit: LEAD_BODY_LIMIT },
  { method: 'post', path: '/functions/submitQuote', signedIn: false, limit: LEAD_BODY_LIMIT },
  { method: 'post', path: '/admin/login', signedIn: false, limit: SIGN_IN_BODY_LIMIT },
  { method: 'post', path: '/admin/login/code', signedIn: false, limit: SIGN_IN_BODY_LIMIT },
  { method: 'post', path: '/admin/logout', signedIn: false, limit: SIGN_IN_BODY_LIMIT },
  { method: 'post', path: '/api/admin/invitation', signedIn: false, limit: SIGN_IN_BODY_LIMIT },
  { method: 'post', path: '/api/admin/posts', signedIn: true, limit: POST_BODY_LIMIT },
  { method: 'put', path: '/api/admin/posts/new/autosave', signedIn: true, limit: POST_BODY_LIMIT },
  { method: 'post', path: '/api/admin/account/password', signedIn: true, limit: ADMIN_BODY_LIMIT },
  { method: 'post', path: '/api/admin/privacy/erase', signedIn: true, limit: ADMIN_BODY_LIMIT },
  { method: 'patch', path: `/api/admin/leads/contact/${NO_SUCH_LEAD}`, signedIn: true, limit: ADMIN_BODY_LIMIT },
  { method: 'put', path: '/api/admin/settings', signedIn: true, limit: ADMIN_BODY_LIMIT },
  { method: 'post', path: '/api/admin/staff/invitations', signedIn: true, limit: ADMIN_BODY_LIMIT },
];

const UNITS = { kb: 1024, mb: 1024 * 1024 };

/** `'64kb'` as bytes, the way the body parser reads its `limit`. */
function limitBytes(limit: string): number {
  const [, amount, unit] = /^(\d+)(kb|mb)$/.exec(limit) ?? [];
  if (!amount || !unit) throw new Error(`unexpected body limit ${limit}`);
  return Number(amount) * UNITS[unit as keyof typeof UNITS];
}

type Encoding = 'utf8' | 'utf16le' | 'utf16be' | 'latin1';

/** How a client declaring the charset would encode its text; anything else is sent as UTF-8. */
const ENCODING_OF: Partial<Record<string, Encoding>> = {
  'utf-16le': 'utf16le',
  'utf-16': 'utf16le',
  'utf-16be': 'utf16be',
  latin1: 'latin1',
  'iso-8859-1': 'latin1',
};

function encode(text: string, encoding: Encoding): Buffer {
  return encoding === 'utf16be' ? Buffer.from(text, 'utf16le').swap16() : Buffer.from(text, encoding);
}

/** The charset's name as the server compares it: unquoted, any case. */
const charsetName = (charset: string) => charset.replaceAll('"', '').toLowerCase();

/** `null` most of the time, `value` one run in `oneIn`. */
function sometimes<T>(value: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
}

/** No charset parameter, the spellings of UTF-8 that are accepted, others that are not, or any token at all. */
const charsetArb: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: fc.constantFrom('utf-8', 'UTF-8', '"utf-8"') },
  { weight: 3, arbitrary: fc.constantFrom('utf-16le', 'utf-16be', 'utf-16', 'latin1', 'iso-8859-1', 'utf-32', 'utf8') },
  { weight: 1, arbitrary: fc.stringMatching(/^[\w-]{1,16}$/) },
);

/** Bytes in the encoding the charset names, or one run in ten in another (a client that lies about its body). */
const mismatchArb = sometimes(fc.constantFrom<Encoding>('utf8', 'utf16le', 'utf16be', 'latin1'), 10);

/**
 * Characters that trip byte scanners and escapers: Ģ (U+0122) is `22 01` in UTF-16LE, a quote byte to a scanner
 * reading UTF-8; brackets inside strings are not nesting; `"`, `\` and NUL are escaped; 😀 is a surrogate pair.
 */
const trickyText = fc.string({ unit: fc.constantFrom('Ģ', '"', '\\', '\u0000', '[', '{', ']', '}', 'é', '😀', 'a', ' '), maxLength: 8 });

/** JSON values of at most 8 bytes: MAX_WIDTH of them, commas included, fit the blog editor's 2 MB. */
const shortElement = fc.constantFrom('0', 'null', '""', '"Ģ"', '[]', '{}', '"\\u0000"');

interface Items {
  /** Elements of the innermost array; 0 puts the element itself there, no array. */
  width: number;
  element: string;
}

/** Mostly narrow arrays of any element; one in twenty as wide as broke the NUL check, of short elements. */
const itemsArb: fc.Arbitrary<Items> = fc.oneof(
  {
    weight: 19,
    arbitrary: fc.record({
      width: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 5 }) },
        { weight: 1, arbitrary: fc.integer({ min: 6, max: 5_000 }) },
      ),
      element: fc.oneof(
        shortElement,
        trickyText.map((s) => JSON.stringify(s)),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ width: fc.integer({ min: STACK_BREAKING_WIDTH, max: MAX_WIDTH }), element: shortElement }) },
);

interface Shape {
  depth: number;
  /** Which containers nest: arrays, objects (keyed by `key`), or the two by turns. */
  containers: 'array' | 'object' | 'alternating';
  key: string;
  items: Items;
  /** As the public functions expect: `{"data": …}`. */
  wrapped: boolean;
  /** Where the text is cut off (a percentage of its length), making it invalid JSON; null keeps it whole. */
  cutPercent: number | null;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  depth: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: MAX_JSON_DEPTH + 5 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: MAX_NESTING }) },
  ),
  containers: fc.constantFrom('array', 'object', 'alternating'),
  key: trickyText,
  items: itemsArb,
  wrapped: fc.boolean(),
  cutPercent: sometimes(fc.integer({ min: 1, max: 99 }), 5),
});

/** The shape's JSON text, built as strings: fast-check arrays of 200,000 elements would take seconds each. */
function jsonText(shape: Shape): string {
  const key = JSON.stringify(shape.key);
  let opens = '';
  let closes = '';
  for (let level = 0; level < shape.depth; level += 1) {
    const object = shape.containers === 'object' || (shape.containers === 'alternating' && level % 2 === 1);
    opens += object ? `{${key}:` : '[';
    closes = (object ? '}' : ']') + closes;
  }
  const { width, element } = shape.items;
  const inner = width === 0 ? element : `[${`${element},`.repeat(width - 1)}${element}]`;
  const value = `${opens}${inner}${closes}`;
  const text = shape.wrapped ? `{"data":${value}}` : value;
  return shape.cutPercent === null ? text : text.slice(0, Math.floor((text.length * shape.cutPercent) / 100));
}

/**
 * The deepest `[`/`{` nesting outside strings, read from the text the server parses. Characters, not bytes: in
 * UTF-8 the two agree (every byte of a non-ASCII character is 0x80 or above), which is why only UTF-8 is accepted.
 */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth -= 1;
  }
  return deepest;
}

/** The check that must refuse a body, in the order the routes run them, and what it answers. */
const REFUSALS = {
  charset: { status: 415, message: API_MESSAGES.bodyEncoding },
  size: { status: 413, message: API_MESSAGES.bodyTooLarge },
  depth: { status: 400, message: API_MESSAGES.bodyTooDeep },
  json: { status: 400, message: API_MESSAGES.bodyNotJson },
  nul: { status: 400, message: API_MESSAGES.textHasNul },
};
/** `parsed`: no body check refuses it, so the route's own validation answers (4xx, or 2xx where it is valid). */
type Outcome = keyof typeof REFUSALS | 'parsed';

function expectedOutcome(route: Route, charset: string | null, bytes: Buffer): Outcome {
  if (charset !== null && charsetName(charset) !== 'utf-8') return 'charset';
  if (bytes.length > limitBytes(route.limit)) return 'size';
  const text = bytes.toString('utf8');
  if (nesting(text) > MAX_JSON_DEPTH) return 'depth';
  // The parser reads an empty body as `{}`.
  if (text === '') return 'parsed';
  let hasNul = false;
  try {
    const value: unknown = JSON.parse(text, (key, v: unknown) => {
      if (key.includes('\u0000') || (typeof v === 'string' && v.includes('\u0000'))) hasNul = true;
      return v;
    });
    // Strict JSON bodies: an object or an array, never a bare string or number.
    if (typeof value !== 'object' || value === null) return 'json';
  } catch {
    return 'json';
  }
  return hasNul ? 'nul' : 'parsed';
}

const rssMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
};

describe('generated JSON bodies of any encoding, nesting and width', () => {
  const t = useTestApp(() => signedInStaffApp({ env: LEAD_TEST_ENV }));
  const runs = runsFor('sqlite');

  it(
    `${runs} bodies sent to every JSON route are refused by the check that owns them or answered by the route, never 5xx, RSS within +${MEMORY_BUDGET_MB} MB`,
    async () => {
      // A browser with no session, sending Origin and X-Forwarded-Proto as the sign-in page's script does.
      const visitor = new StaffClient(t.app);
      const outcomes = new Map<Outcome, number>();
      let wideWalked = 0;
      let sentBytes = 0;
      const before = rssMb();

      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROUTES), charsetArb, mismatchArb, shapeArb, async (route, charset, mismatch, shape) => {
          const encoding = mismatch ?? (charset === null ? undefined : ENCODING_OF[charsetName(charset)]) ?? 'utf8';
          const bytes = encode(jsonText(shape), encoding);
          const outcome = expectedOutcome(route, charset, bytes);
          sentBytes += bytes.length;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          // Parsed, so the NUL check went through it: pushing these elements is what overflowed its stack.
          if ((outcome === 'parsed' || outcome === 'nul') && shape.items.width >= STACK_BREAKING_WIDTH) wideWalked += 1;

          const type = charset === null ? 'application/json' : `application/json; charset=${charset}`;
          const res = await (route.signedIn ? t.staff : visitor)
            .req(route.method, route.path)
            .set('Content-Type', type)
            .serialize(asBytes)
            .send(bytes);
          const what = `${route.method} ${route.path} (${type}, ${encoding}, ${bytes.length} bytes): ${res.status} ${res.text.slice(0, 200)}`;
          if (outcome === 'parsed') {
            expect(res.status, what).toBeGreaterThanOrEqual(200);
            expect(res.status, what).toBeLessThan(500);
          } else {
            expect({ status: res.status, message: (res.body as { error?: { message?: string } }).error?.message }, what).toEqual(
              REFUSALS[outcome],
            );
          }
        }),
        { numRuns: runs },
      );

      const after = rssMb();
      console.log(
        `JSON bodies by outcome: ${JSON.stringify(Object.fromEntries(outcomes))}; ${wideWalked} arrays of ${STACK_BREAKING_WIDTH}+ elements walked; ` +
          `${Math.round(sentBytes / 1024 / 1024)} MB sent; RSS ${before} MB before, ${after} MB after (budget +${MEMORY_BUDGET_MB} MB)`,
      );
      // Every check must have been reached, or the property proved less than its name says.
      expect([...outcomes.keys()].sort()).toEqual([...Object.keys(REFUSALS), 'parsed'].sort());
      expect(after - before).toBeLessThan(MEMORY_BUDGET_MB);
    },
    TIMEOUT,
  );
});
