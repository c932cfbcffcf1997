/**
 * The whole suite, in the order a failure is cheapest to see: typecheck, lint, production build, unit,
 * integration and property tests (PROPERTY_RUNS payloads per property), fault tests (real database and Redis
 * outages), browser tests. Ends with one line `N passed, N failed` (CI reads it).
 * Usage: npm test [-- --skip-e2e]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const skipE2e = process.argv.includes('--skip-e2e');
let passed = 0;
let failed = 0;
/** The failing tests' names, repeated beside the closing line so a log's tail says what broke. */
const failures: string[] = [];
/** Tests that failed and then passed when their file ran again. */
const flaky: string[] = [];

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
}

function step(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
    console.error(`FAILED: ${label}`);
  }
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
function runVitest(label: string, args: string[]): { ok: boolean; report?: VitestReport } {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
  const file = join(dir, 'report.json');
  const ok = run(label, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as VitestReport) : undefined;
  rmSync(dir, { recursive: true, force: true });
  return { ok, report };
}

interface FailingTest {
  file: string;
  /** The test's file and full name (or the file alone when it failed outside a test). */
  id: string;
  line: string;
}

/** The failing tests of a report; a file that failed without a failing test (it did not load, a hook threw) is one. */
function failingTests(report: VitestReport): FailingTest[] {
  return report.testResults.flatMap((result) => {
    const file = relative('.', result.name);
    const tests = result.assertionResults.filter((a) => a.status === 'failed');
    const failing = tests.map((t) => ({ file, id: `${file} > ${t.fullName}`, line: `${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}` }));
    if (result.status === 'failed' && tests.length === 0) failing.push({ file, id: file, line: `${file}: ${firstLine(result.message)}` });
    return failing;
  });
}

const passingTests = (report: VitestReport, files: Set<string>) =>
  report.testResults
    .filter((r) => files.has(relative('.', r.name)))
    .reduce((n, r) => n + r.assertionResults.filter((a) => a.status === 'passed').length, 0);

/**
 * Runs vitest projects and adds their test counts (each test is one pass or failure). With `rerunFailedFiles`, the
 * files that failed run once more and their second result counts; the tests that passed only then are named as
 * flaky beside the closing line, so timing-bound tests on a loaded machine are seen, not hidden.
 */
function vitest(label: string, projects: string[], { rerunFailedFiles = false } = {}): void {
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const { report, ...first } = runVitest(label, projectArgs);
  let ok = first.ok;
  if (!report) {
    if (!ok) {
      failed += 1;
      failures.push(label);
    }
    return;
  }
  let failing = failingTests(report);
  passed += report.numPassedTests;
  if (rerunFailedFiles && failing.length > 0) {
    const files = new Set(failing.map((f) => f.file));
    const again = runVitest(`${label}: the failing files once more`, [...projectArgs, ...files]);
    if (again.report) {
      const stillFailing = failingTests(again.report);
      const stillIds = new Set(stillFailing.map((f) => f.id));
      flaky.push(...failing.filter((f) => !stillIds.has(f.id)).map((f) => f.line));
      passed += passingTests(again.report, files) - passingTests(report, files);
      ok = again.ok;
      failing = stillFailing;
    }
  }
  failed += failing.length;
  failures.push(...failing.map((f) => f.line));
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

step('typecheck', 'npx', ['tsc', '--noEmit']);
step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
step('boundaries', 'npm', ['run', '--silent', 'boundaries']);
step('references', 'node', ['scripts/check-references.ts']);
step('production build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
vitest('unit, integration and property tests', ['unit', 'integration', 'property']);
vitest('fault tests', ['faults'], { rerunFailedFiles: true });
if (skipE2e) console.log('\n(browser tests skipped)');
else if (!chromiumPath()) {
  failed += 1;
  console.error(
    '\nBrowser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable.',
  );
} else vitest('browser tests', ['e2e'], { rerunFailedFiles: true });

if (flaky.length > 0) console.log(`\nFlaky (failed, then passed when their file ran again):\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
