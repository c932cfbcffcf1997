import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** How the server seals a TOTP secret (server/core/secret-box.ts), handed in so migrations need no configuration. */
export interface TotpSealing {
  seal: (plain: string) => string;
  isSealed: (stored: string) => boolean;
}

/**
 * TOTP secrets are stored encrypted with a key from the environment (TOTP_ENCRYPTION_KEY), so a copy of the
 * database alone cannot mint codes. Secrets stored before are encrypted in place; without a key (a database
 * migrated by a tool that has no configuration) the migration refuses rather than switch anyone's 2FA off.
 */
export function encryptedTotpSecrets(sealing: TotpSealing | undefined): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      const rows = (await db.selectFrom('users').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).execute()) as Array<{
        id: string;
        totp_secret: string;
      }>;
      const plain = rows.filter((r) => !sealing?.isSealed(r.totp_secret));
      if (plain.length === 0) return;
      if (!sealing)
        throw new Error('TOTP secrets need encrypting: migrate with the server configuration (TOTP_ENCRYPTION_KEY or SESSION_SECRET).');
      for (const row of plain) {
        await db
          .updateTable('users')
          .set({ totp_secret: sealing.seal(row.totp_secret) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    // Nothing to undo in the schema; secrets stay encrypted (an older server would need --reset-password).
    async down(): Promise<void> {},
  };
}
