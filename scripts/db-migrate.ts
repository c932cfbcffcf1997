/** `npm run db:migrate`: brings the database in DATABASE_URL (or .env) to the latest schema. */
import { loadCliConfig, openMigratedDb } from './cli-env.ts';

const config = loadCliConfig();
const { handle, applied } = await openMigratedDb(config);
console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
await handle.db.destroy();
