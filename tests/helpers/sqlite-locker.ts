import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { exited } from './server-process.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A second process holding the write lock, as a backup, a migration or an admin script would.
const LOCKER = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.exec('begin immediate');
console.log('locked');
process.stdin.once('data', () => { db.exec('rollback'); db.close(); process.exit(0); });
`;

export interface SqliteLock {
  release(): Promise<void>;
}

/** Another process takes the write lock on `file` (BEGIN IMMEDIATE) and keeps it until released. */
export async function lockSqliteFile(file: string): Promise<SqliteLock> {
  const child = spawn(process.execPath, ['-e', LOCKER, file], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  if (!line.toString().startsWith('locked')) throw new Error(`the locker said ${line.toString()}`);
  return {
    async release() {
      child.stdin.write('release\n');
      await exited(child);
    },
  };
}
