/**
 * The whole suite, in the order a failure is cheapest to see: format, typecheck, lint, layers, references and the
 * production build side by side (none writes what another reads), then unit, integration and property tests
 * (PROPERTY_RUNS payloads per property) beside the fault tests (real database and Redis outages) and, after those,
 * the browser tests. Each test runs once. Ends with one line `N passed, N failed` (CI reads it).
 * Usage: npm test [-- --skip-e2e]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRunDatabase } from './run-database.ts';

const skipE2e = process.argv.includes('--skip-e2e');
let passed = 0;
let failed = 0;
/** The failing tests' names, repeated beside the closing line so a log's tail says what broke. */
const failures: string[] = [];

function count(label: string, ok: boolean): void {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
    console.error(`FAILED: ${label}`);
  }
}

/**
 * Runs a command; its output is printed whole, under `label`, once it ends, so commands run side by side never
 * interleave their lines. Resolves to whether it exited 0.
 */
function runLogged(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => {
      console.log(`\n=== ${label} ===\n${output.trimEnd()}`);
      resolve(code === 0);
    });
  });
}

/** Commands run side by side; each is one pass or failure. */
async function together(steps: Array<[label: string, command: string, args: string[]]>): Promise<void> {
  const results = await Promise.all(steps.map(([label, command, args]) => runLogged(label, command, args)));
  steps.forEach(([label], i) => count(label, results[i]!));
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}

/** Runs vitest with these arguments; its JSON report, or undefined when it wrote none (it could not start). */
async function runVitest(label: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ok: boolean; report?: VitestReport }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
  const file = join(dir, 'report.json');
  const ok = await runLogged(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VitestReport) : undefined;
  rmSync(dir, { recursive: true, force: true });
  return { ok, report };
}

/** The failing tests of a report, as lines; a file that failed without a failing test (it did not load, a hook threw) is one. */
function failingTests(report: VitestReport): string[] {
  return report.testResults.flatMap((result) => {
    const file = relative('.', result.name);
    const tests = result.assertionResults.filter((a) => a.status === 'failed');
    const failing = tests.map((t) => `${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (result.status === 'failed' && tests.length === 0) failing.push(`${file}: ${firstLine(result.message)}`);
    return failing;
  });
}

/**
 * Runs vitest projects once and adds their test counts (each test is one pass or failure). A failure is a failure:
 * nothing runs again, so a test that fails only sometimes is seen, and fixed. The PostgreSQL tests run in a
 * database of their own (run-database.ts), dropped at the end.
 */
async function vitest(label: string, projects: string[], options: string[] = []): Promise<void> {
  const database = process.env.TEST_DATABASE_URL ? await createRunDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const env = database ? { ...process.env, TEST_DATABASE_URL: database.url } : process.env;
  const { ok, report } = await runVitest(label, [...projects.flatMap((p) => ['--project', p]), ...options], env);
  await database?.drop();
  const failing = report ? failingTests(report) : [];
  passed += report?.numPassedTests ?? 0;
  failed += failing.length;
  failures.push(...failing);
  if (!ok && failing.length === 0) {
    failed += 1;
    failures.push(label);
  }
}

function firstLine(text: string | undefined): string {
  return (text ?? 'failed').split('\n', 1)[0]?.slice(0, 300) ?? 'failed';
}

function chromiumPath(): string | undefined {
  const candidate = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : undefined;
}

async function browserTests(): Promise<void> {
  if (skipE2e) console.log('\n(browser tests skipped)');
  else if (!chromiumPath()) {
    failed += 1;
    console.error(
      '\nBrowser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable.',
    );
  } else {
    // A browser test waits on its pages (networkidle, what a person would see) more than it computes: alone, two
    // files at a time used 79% of two cores (424 s, 667 s of processor); three took 352 s for the same processor time.
    await vitest('browser tests', ['e2e'], ['--maxWorkers=3']);
  }
}

await together([
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['boundaries', 'npm', ['run', '--silent', 'boundaries']],
  ['references', 'node', ['scripts/check-references.ts']],
  ['production build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
]);

// The fault tests mostly wait on the processes they start and stop (about 40% of the two cores alone), so they run
// beside the unit, integration and property tests, and the browser tests follow them in the same lane: they take
// up what the first stage leaves of the processor once the fault tests end. Each stage has a database of its own.
await Promise.all([
  vitest('unit, integration and property tests', ['unit', 'integration', 'property']),
  vitest('fault tests', ['faults']).then(browserTests),
]);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
