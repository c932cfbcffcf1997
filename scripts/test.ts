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

/** Runs vitest projects and adds their test counts (each test is one pass or failure). */
function vitest(label: string, projects: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
  const report = join(dir, 'report.json');
  const ok = run(label, 'npx', [
    'vitest', 'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ name: string; status: string; message?: string; assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }> }>;
    };
    // A file that failed without a failing test (it did not load, a hook threw) counts once.
    const brokenFiles = json.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
    for (const file of json.testResults) {
      const failing = file.assertionResults.filter((a) => a.status === 'failed');
      for (const test of failing) failures.push(`${relative('.', file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (file.status === 'failed' && failing.length === 0) failures.push(`${relative('.', file.name)}: ${firstLine(file.message)}`);
    }
    passed += json.numPassedTests;
    failed += json.numFailedTests + brokenFiles;
    if (!ok && json.numFailedTests + brokenFiles === 0) failed += 1;
  } else if (!ok) failed += 1;
  rmSync(dir, { recursive: true, force: true });
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
step('production build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
vitest('unit, integration and property tests', ['unit', 'integration', 'property']);
vitest('fault tests', ['faults']);
if (skipE2e) console.log('\n(browser tests skipped)');
else if (!chromiumPath()) {
  failed += 1;
  console.error(
    '\nBrowser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to its executable.',
  );
} else vitest('browser tests', ['e2e']);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
