import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-001-initial.ts';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the same list works from
 * source, from tests and from any bundle; add new files here with the next date prefix.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
};
