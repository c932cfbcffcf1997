import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DbHandle, migrateToLatest, openDb } from '../db/database.ts';
import { totpSealing } from '../server/core/secret-box.ts';
import { ConfigError, type Config, loadConfig } from '../server/core/config.ts';

/** Command-line tools read `.env` and the environment like the server does, and stop on bad configuration. */
export function loadCliConfig(): Config {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`);
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** The configured database, migrated to the latest schema. */
export async function openMigratedDb(config: Config): Promise<{ handle: DbHandle; applied: string[] }> {
  const handle = openDb(config.DATABASE_URL);
  const applied = await migrateToLatest(handle, { totp: totpSealing(config) });
  return { handle, applied };
}
