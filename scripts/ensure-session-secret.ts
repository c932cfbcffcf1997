/**
 * `npm start` serves the production build, which refuses to start without SESSION_SECRET. On a machine where
 * neither the environment nor `.env` has one, this writes a random one into `.env` (kept out of git), so the
 * first `npm start` works and sessions survive restarts. Deployments set their own (docs/operations.md).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const file = '.env';
const inFile = existsSync(file) && /^\s*SESSION_SECRET\s*=\s*\S/m.test(readFileSync(file, 'utf8'));
if (!process.env.SESSION_SECRET && !inFile) {
  const prefix = existsSync(file) && !readFileSync(file, 'utf8').endsWith('\n') ? '\n' : '';
  appendFileSync(file, `${prefix}SESSION_SECRET=${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  console.log('Wrote a random SESSION_SECRET to .env (the production server needs one).');
}
