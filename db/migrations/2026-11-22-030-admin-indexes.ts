import type { Kysely } from 'kysely';

/**
 * Indexes the admin needs: sign-in throttling counts recent failures per account and per IP from the audit
 * log, and the leads inbox filters quotes by service newest first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_action_target').on('audit_log').columns(['action', 'target', 'created_at']).execute();
  await db.schema.createIndex('audit_action_ip').on('audit_log').columns(['action', 'ip', 'created_at']).execute();
  await db.schema.createIndex('quotes_service_recent').on('quotes').columns(['service', 'created_at desc', 'id desc']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['quotes_service_recent', 'audit_action_ip', 'audit_action_target']) {
    await db.schema.dropIndex(name).execute();
  }
}
