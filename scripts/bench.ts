/**
 * Every benchmark of tests/bench/ against a fresh production build, then one table: each figure beside the
 * baseline measured in the same run on the same machine (a trivial query, /healthz, a static file of the same
 * size), as a ratio. PostgreSQL figures need BENCH_DATABASE_URL or TEST_DATABASE_URL.
 * Usage: npm run bench   (sizes: BENCH_POSTS, BENCH_QUOTES, BENCH_SECONDS)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figure, formatValue } from '../tests/bench/report.ts';

const BENCHES = [
  'tests/bench/submit-quote.ts',
  'tests/bench/blog.ts',
  'tests/bench/admin.ts',
  'tests/bench/pages.ts',
  'tests/bench/cache-hits.ts',
  'tests/bench/words-hits.ts',
  'tests/bench/redirect-hits.ts',
  'tests/bench/import-latency.ts',
  'tests/bench/soak.ts',
  'tests/bench/analytics-flood-bench.ts',
  'tests/bench/sqlite-driver.ts',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const report = join(dir, 'figures.jsonl');
try {
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  for (const bench of BENCHES) run(process.execPath, [bench], { ...process.env, BENCH_REPORT: report });
  const lines = existsSync(report)
    ? readFileSync(report, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Figure | { note: string })
    : [];
  const figures = lines.filter((line): line is Figure => !('note' in line));
  const notes = lines.filter((line): line is { note: string } => 'note' in line).map((line) => line.note);
  const rows = figures.map((f) => [
    f.bench,
    f.engine,
    f.figure,
    formatValue(f.value, f.unit),
    f.baseline,
    formatValue(f.baselineValue, f.unit),
    (f.value / f.baselineValue).toFixed(2),
  ]);
  const header = ['bench', 'engine', 'figure', 'value', 'baseline (same run)', 'baseline', 'ratio'];
  console.log(`\nAll figures, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`);
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  for (const note of notes) console.log(`\nNote: ${note}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
