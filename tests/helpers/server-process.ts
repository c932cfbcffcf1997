import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server process (`node server/index.ts`, production build) on a port of its own; resolves once
 * /healthz answers 200 (or `readyPath`, e.g. /readyz to wait for the database and the warmed pages). `env` is the
 * whole configuration: nothing leaks in from the test's environment but PATH. With `logs`, each JSON log line the
 * server writes is parsed and pushed onto it. `args` replaces what follows `node` (flags and script), e.g.
 * `npm run serve`'s (serve-command.ts).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { logs?: Array<Record<string, unknown>>; args?: string[]; readyPath?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, options.args ?? ['server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env, PORT: String(port) },
    stdio: ['ignore', options.logs ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.logs) collectJsonLines(child, options.logs);
  await untilReady(child, port, options.readyPath);
  return child;
}

/** Waits (50 ms apart, 30 s at most) until `path` on the process's port answers 2xx; throws if it exits or never does. */
export async function untilReady(child: ChildProcess, port: number, path = '/healthz'): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/**
 * `node server/index.ts` in production with `env` alone (and PATH), everything it writes to stdout and stderr kept
 * line by line: for tests of what ops read in the log.
 */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; lines: () => string[] } {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, lines: () => output.split('\n').filter(Boolean) };
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
}

function collectJsonLines(child: ChildProcess, into: Array<Record<string, unknown>>): void {
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      try {
        into.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        into.push({ msg: line });
      }
    }
  });
}
