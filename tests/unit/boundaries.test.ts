import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers of docs/architecture.md#layers are held by dependency-cruiser (.dependency-cruiser.cjs). A copy of the
 * tree gets one planted breach of each rule; one cruise of the copy must name each breach with its rule, and
 * nothing else: a rule that stopped firing, or fired on the real code, fails here rather than going unseen.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = ['server', 'db', 'shared', 'pages', 'components', 'scripts'];

/** file in the copy → [its content, the rule that must refuse it]. */
const PLANTED: Record<string, [string, string]> = {
  'components/probe-node.tsx': ["import { readFileSync } from 'node:fs';", 'browser-no-node'],
  'pages/probe-server.tsx': ["import type { Config } from '../server/core/config.ts';", 'browser-no-server'],
  // Spelled as the compiled file: the TypeScript resolver still finds the .ts source.
  'components/probe-js.tsx': ["import type { Db } from '../db/database.js';", 'browser-no-server'],
  'shared/probe-package.ts': ["import { pino } from 'pino';", 'shared-only-shared'],
  'db/probe.ts': ["import type { Config } from '../server/core/config.ts';", 'db-is-lowest'],
  'server/probe-scripts.ts': ["import '../scripts/check-node.js';", 'no-importing-scripts'],
  'server/probe-migration.ts': ["import * as initial from '../db/migrations/2026-11-22-001-initial.ts';", 'migrations-only-from-runner'],
  'db/migrations/probe.ts': ["import { readTimeMinutes } from '../../shared/read-time.ts';", 'migrations-are-frozen'],
};
/** server/http imports server/core, so core importing http closes a loop between folders (not between files). */
const FOLDER_PROBE = ['server/core/probe-folder.ts', "import { jsonBody } from '../http/json-body.ts';"] as const;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: Array<{ name: string }>;
}

/** A folder cycle that runs through the planted step server/core → server/http. */
function throughFolderProbe(v: Violation): boolean {
  if (v.rule.name !== 'no-folder-cycles' || !v.cycle) return false;
  const loop = [v.from, ...v.cycle.map((step) => step.name)];
  return loop.some((folder, i) => folder === 'server/core' && loop[(i + 1) % loop.length] === 'server/http');
}

let copy: string;
let violations: Violation[];

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const folder of SOURCE) cpSync(join(ROOT, folder), join(copy, folder), { recursive: true });
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.json', 'package.json']) cpSync(join(ROOT, file), join(copy, file));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const [file, content] of [...Object.entries(PLANTED).map(([f, [c]]) => [f, c]), FOLDER_PROBE]) {
    writeFileSync(join(copy, file!), `${content}\nexport const probe = 1;\n`);
  }
  // shared/messages.ts imports shared/numbers.ts, so numbers importing messages closes a cycle of files.
  const numbers = join(copy, 'shared/numbers.ts');
  writeFileSync(
    numbers,
    `import { MESSAGES } from './messages.ts';\nexport const probeCycle = MESSAGES;\n${readFileSync(numbers, 'utf8')}`,
  );

  const cli = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  let output: string;
  try {
    output = execFileSync(process.execPath, [cli, ...SOURCE, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: copy,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    // Violations make the command exit non-zero; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  violations = (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the boundary tool refuses each planted breach', () => {
  it.each(Object.entries(PLANTED))('%s', (file, [, rule]) => {
    expect(violations.filter((v) => v.from === file).map((v) => v.rule.name)).toEqual([rule]);
  });

  it('a cycle of files', () => {
    const cycle = violations.filter((v) => v.rule.name === 'no-file-cycles');
    expect(cycle.map((v) => [v.from, v.to].sort())).toContainEqual(['shared/messages.ts', 'shared/numbers.ts']);
  });

  it('a cycle of folders', () => {
    expect(violations.filter(throughFolderProbe)).not.toEqual([]);
  });

  it('and nothing in the real code', () => {
    const planted = new Set([...Object.keys(PLANTED), 'shared/numbers.ts', 'shared/messages.ts']);
    expect(violations.filter((v) => !planted.has(v.from) && !throughFolderProbe(v))).toEqual([]);
  });
});
