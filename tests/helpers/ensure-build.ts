import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Integration and browser tests run against the production build; `npm test` rebuilds, this covers direct runs. */
export default function ensureBuild(): void {
  if (existsSync('dist/server/entry.mjs')) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
