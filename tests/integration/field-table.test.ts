import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * One place to add a lead field (docs/architecture.md#add-a-lead-field): a copy of the tree gets a new quote field
 * in the catalogue (shared/lead-fields.ts) and the migration that adds its column, nothing else. A test run inside
 * the copy then sends a quote with it and finds it where a person meets a lead: the form's rules, the admin's lead
 * page, the CSV export and the staff e-mail. Any of them that lists fields by hand instead fails here.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const COPIED = ['server', 'db', 'shared', 'pages', 'components', 'scripts', 'tests/helpers'];
const MIGRATION = '2099-01-01-999-referral';

const FIELD = `  { name: 'referral', label: 'How did you hear about us?', kind: 'text', required: false, maxLength: 200, column: 'referral' },\n`;

const MIGRATION_FILE = `import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('referral', 'text').execute();
}
`;

const PROBE = `import type { Challenge } from 'altcha-lib';
import request from 'supertest';
import { expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { leadDetail, signedInStaffApp } from '../helpers/admin-client.ts';
import { LEAD_TEST_ENV, goodQuote, solveAltcha } from '../helpers/leads.ts';
import { mailHeader, mailPart } from '../helpers/mail-catcher.ts';
import { mailFromOutbox } from '../helpers/outbox-once.ts';
import { useTestApp } from '../helpers/suite-app.ts';

const LABEL = 'How did you hear about us?';
const t = useTestApp(() => signedInStaffApp({ engine: 'sqlite', env: LEAD_TEST_ENV }));

async function submit(referral: string) {
  const challenge = await request(t.app).get('/api/captcha/challenge');
  const token = await solveAltcha(challenge.body as Challenge);
  return request(t.app).post('/functions/submitQuote').send({ data: { ...goodQuote('datacenter', { referral }), 'g-recaptcha-response': token } });
}

it('the new field is checked, stored, shown, exported and mailed', async () => {
  const long = await submit('x'.repeat(201));
  expect(long.status).toBe(400);
  expect(long.body.error.details.fields).toEqual({ referral: FIELD_MESSAGES.tooLong(LABEL, 200) });

  const sent = await submit('A friend at the Rotary club');
  expect(sent.status).toBe(200);
  const id = sent.body.result.id as string;

  const detail = await leadDetail(t.staff, 'quote', id);
  expect(detail!.fields).toContainEqual({ name: 'referral', label: LABEL, value: 'A friend at the Rotary club' });

  const csv = await t.staff.req('post', '/admin/leads/export.csv').send({});
  const [header, row] = csv.text.replace(/^\\uFEFF/, '').trim().split('\\r\\n');
  expect(header).toContain('"' + LABEL + '"');
  expect(row).toContain('"A friend at the Rotary club"');

  const staffMail = (await mailFromOutbox(t)).find((m) => m.to.includes(t.config.STAFF_EMAIL) && mailHeader(m.raw, 'Subject')?.startsWith('New quote request'));
  expect(mailPart(staffMail!.raw, 'text/plain')).toContain(LABEL + ': A friend at the Rotary club');
});
`;

const PROBE_CONFIG = `import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['tests/integration/field-table-probe.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } });
`;

function plant(copy: string): void {
  const catalogue = join(copy, 'shared/lead-fields.ts');
  const before = readFileSync(catalogue, 'utf8');
  const anchor = "  {\n    name: 'description',";
  expect(before).toContain(anchor);
  writeFileSync(catalogue, before.replace(anchor, FIELD + anchor));

  writeFileSync(join(copy, `db/migrations/${MIGRATION}.ts`), MIGRATION_FILE);
  const index = join(copy, 'db/migrations/index.ts');
  const list = readFileSync(index, 'utf8');
  const last = "    '2026-11-25-110-idempotency-body-hash': idempotencyBodyHash,\n";
  expect(list).toContain(last);
  writeFileSync(index, `import * as referral from './${MIGRATION}.ts';\n${list.replace(last, `${last}    '${MIGRATION}': referral,\n`)}`);

  mkdirSync(join(copy, 'tests/integration'));
  writeFileSync(join(copy, 'tests/integration/field-table-probe.test.ts'), PROBE);
}

describe('a lead field added to the catalogue alone', () => {
  const copy = mkdtempSync(join(tmpdir(), 'field-table-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('reaches the form rules, the admin lead page, the CSV and the staff e-mail', () => {
    for (const folder of COPIED) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
    for (const file of ['tsconfig.json', 'package.json']) cpSync(join(ROOT, file), join(copy, file));
    // The pages' production build (made by this project's global set-up) draws whatever fields the server hands it.
    for (const folder of ['node_modules', 'dist', 'public']) symlinkSync(join(ROOT, folder), join(copy, folder), 'dir');
    writeFileSync(join(copy, 'vitest.config.ts'), PROBE_CONFIG);
    plant(copy);

    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    let output: string;
    try {
      output = execFileSync(process.execPath, [vitest, 'run'], {
        cwd: copy,
        encoding: 'utf8',
        env: { ...process.env, TEST_DATABASE_URL: '' },
        stdio: 'pipe',
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout: string; stderr: string };
      throw new Error(`the probe failed in the copy:\n${stdout}\n${stderr}`, { cause: error });
    }
    expect(output).toMatch(/1 passed/);
  }, 120_000);
});
