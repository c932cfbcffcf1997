import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { freePort, startServerProcess } from './server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface NodeCommand {
  /** Variables set on the command line (`NAME=value node …`). */
  env: Record<string, string>;
  /** What follows `node`: its flags, then the script. */
  args: string[];
}

/** How `npm run serve` starts the production server: the last command of the script, `NAME=value … node ARGS`. */
export function serveCommand(): NodeCommand {
  const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> };
  const words = scripts.serve!.split('&&').at(-1)!.trim().split(/\s+/);
  const at = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, at).map((word) => word.split('=', 2) as [string, string]));
  return { env, args: words.slice(at + 1) };
}

/** The server as `npm run serve` starts it, `env` added, on a port of its own; resolves once /readyz answers 200. */
export async function startServed(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const serve = serveCommand();
  const port = await freePort();
  const child = await startServerProcess(port, { ...serve.env, ...env }, { args: serve.args, readyPath: '/readyz' });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** How the image starts it: the Dockerfile's `ENV` variables named in `names`, and its `CMD` after `node`. */
export function imageCommand(names: string[]): NodeCommand {
  const dockerfile = readFileSync(`${root}/Dockerfile`, 'utf8');
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = new RegExp(`^\\s*(?:ENV\\s+)?${name}=(\\S+)`, 'm').exec(dockerfile)?.[1];
    if (value !== undefined) env[name] = value;
  }
  return { env, args: cmd.slice(1) };
}
