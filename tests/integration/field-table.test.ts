import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * One place to add a lead field (docs/architecture.md#add-a-lead-field): a copy of the tree gets a new quote field
 * in the catalogue (shared/lead-fields.ts) and the migration that adds its column, nothing else. `npm run check`
 * is then green in the copy (types, lint, layers, references, unit tests), and a test run inside it sends a quote
 * with the field and finds it where a person meets a lead: the form's rules, the admin's lead page, the CSV export
 * and the staff e-mail. Anything that lists fields by hand instead fails here.
 */
const ROOT = resolve(import.meta.dirname, '../..');
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

const PROBE_CONFIG_FILE = 'vitest.field-table-probe.config.ts';
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
  // The list's end: the new migration goes last, as the walk says.
  const end = '\n  };\n}\n';
  expect(list).toContain(end);
  writeFileSync(index, `import * as referral from './${MIGRATION}.ts';\n${list.replace(end, `\n    '${MIGRATION}': referral,${end}`)}`);
}

/**
 * The repository's files as git sees them (tracked and new, not ignored) copied into `copy`, made a repository of
 * its own (the references check asks git for the file list), with the packages linked in and the build shared.
 */
function copyTree(copy: string): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of files.split('\0').filter(Boolean)) cpSync(join(ROOT, file), join(copy, file), { force: true });
  // Each package linked on its own: the copy's tools keep their caches in a node_modules/.cache of its own.
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules')).filter((name) => name !== '.cache')) {
    symlinkSync(join(ROOT, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  // The pages' production build (made by this project's global set-up) draws whatever fields the server hands it.
  symlinkSync(join(ROOT, 'dist'), join(copy, 'dist'), 'dir');
  execFileSync('git', ['init', '--quiet'], { cwd: copy });
  execFileSync('git', ['add', '--all'], { cwd: copy });
}

/** Runs a command in the copy; fails with its output. */
function runIn(copy: string, command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, TEST_DATABASE_URL: '' }, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(`${command} ${args.join(' ')} failed in the copy:\n${stdout}\n${stderr}`, { cause: error });
  }
}

describe('a lead field added to the catalogue alone', () => {
  const copy = mkdtempSync(join(tmpdir(), 'field-table-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('leaves npm run check green and reaches the form rules, the admin lead page, the CSV and the staff e-mail', () => {
    copyTree(copy);
    plant(copy);
    runIn(copy, 'npm', ['run', '--silent', 'check']);

    writeFileSync(join(copy, 'tests/integration/field-table-probe.test.ts'), PROBE);
    writeFileSync(join(copy, PROBE_CONFIG_FILE), PROBE_CONFIG);
    const output = runIn(copy, process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', PROBE_CONFIG_FILE]);
    expect(output).toMatch(/1 passed/);
    // A cold typecheck, lint and unit run of the whole copy, then a test run: about a minute alone, 308 s on a
    // clean-clone run beside the browser tests with two busy-looping processes on two cores.
  }, 900_000);
});
