import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Integration and browser tests run against the production build; `npm test` rebuilds, this covers direct runs. */
export default function ensureBuild(): void {
  if (existsSync('dist/server/entry.mjs')) return;
  // Vike's plugin stands aside when it sees Vitest's variables (the build then looks for an index.html), so the
  // build runs without them; nor with Vitest's NODE_ENV=test, which makes a development build (React's jsxDEV).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
}
