import type { Migration } from 'kysely/migration';
import * as initial from './2026-11-22-001-initial.ts';
import * as blogSearch from './2026-11-22-020-blog-search.ts';
import * as contentVersions from './2026-11-22-021-content-versions.ts';
import * as adminIndexes from './2026-11-22-030-admin-indexes.ts';
import * as totpLastStep from './2026-11-22-031-totp-last-step.ts';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the same list works from
 * source, from tests and from any bundle; add new files here with the next date prefix.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-020-blog-search': blogSearch,
  '2026-11-22-021-content-versions': contentVersions,
  '2026-11-22-030-admin-indexes': adminIndexes,
  '2026-11-22-031-totp-last-step': totpLastStep,
};
