import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { exited, freePort, startServerProcess } from './server-process.ts';

export interface SuiteServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
}

/**
 * Registers a suite's real server process: started before its tests on a free port, with a fresh SESSION_SECRET
 * and `env()` (read when the hook runs, so it may name what earlier hooks started), and stopped with SIGTERM in an
 * afterAll, which runs before the afterAll hooks registered ahead of this call (so those may remove what it used).
 * The object returned is filled in by the first hook: tests and later hooks read it.
 */
export function useServerProcess(env: () => Record<string, string>, options: { logs?: Array<Record<string, unknown>> } = {}): SuiteServer {
  const server = {} as Partial<SuiteServer>;
  beforeAll(async () => {
    const port = await freePort();
    server.base = `http://127.0.0.1:${port}`;
    server.child = await startServerProcess(port, { SESSION_SECRET: randomBytes(32).toString('hex'), ...env() }, options);
  });
  afterAll(async () => {
    server.child?.kill('SIGTERM');
    if (server.child) await exited(server.child);
  });
  return server as SuiteServer;
}
