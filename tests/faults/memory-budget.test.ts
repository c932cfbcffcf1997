import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY_BUDGET, judgeMemory, measureMemory } from '../bench/memory-budget.ts';
import { BENCH_LEAD_ENV } from '../bench/report.ts';
import { serveCommand } from '../helpers/serve-command.ts';
import { exited, freePort, startServerProcess } from '../helpers/server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/*
 * A 512 MB box (issue #26): the production server, started exactly as `npm run serve` starts it (its bundle, V8
 * flags and allocator settings), on a fresh SQLite file with the demo posts, through a minute of mixed load from
 * 50 connections: page views, searches (each new one rendered and stored), missing pages and quote submissions.
 * Its resident memory, read from the kernel, must stay within the budget of docs/decisions/020-cache-hit-path.md:
 * idle after start and at the peak of the load (that it does not grow under steady load is the leak check of
 * tests/bench/memory-flags.ts). RSS is memory, not time: the figures are asserted, and printed for the log.
 */
describe('resident memory of the production server within its budget', () => {
  let child: ChildProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'memory-budget-'));
  afterAll(async () => {
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(`idle ≤ ${MEMORY_BUDGET.idleMb} MB, ≤ ${MEMORY_BUDGET.peakMb} MB under a minute of mixed load, no errors`, async () => {
    // `npm run serve` runs the bundle `npm run build` makes; the test suite's build step makes the pages only.
    execFileSync(process.execPath, ['scripts/bundle-server.ts'], { cwd: root, stdio: 'ignore' });
    const { env, args } = serveCommand();
    const port = await freePort();
    const serverEnv = {
      ...env,
      ...BENCH_LEAD_ENV,
      // A line per request, as production logs by default.
      LOG_LEVEL: 'info',
      DATABASE_URL: `file:${join(dir, 'site.db')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_CONTENT: 'true',
    };
    const server = await startServerProcess(port, serverEnv, { args, readyPath: '/readyz' });
    child = server;
    const base = `http://127.0.0.1:${port}`;
    // Idle: the pages every visit touches are rendered at start; give them and the first checkpoint time to finish.
    await new Promise((resolve) => setTimeout(resolve, 5000));

    const figures = await measureMemory(base, server.pid!, { seconds: 60, connections: 50 });
    const { lines, breaches } = judgeMemory(figures);
    console.log(
      `memory budget (npm run serve: ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')} node ${args.join(' ')})\n  ${lines.join('\n  ')}`,
    );
    expect(figures.load.pages).toBeGreaterThan(0);
    expect(figures.load.submissions).toBeGreaterThan(0);
    expect(breaches).toEqual([]);
  }, 300_000);
});
