import type { Db } from '../database.ts';
import type { PasskeyInfo } from '../../shared/passkeys.ts';
import type { PasskeysTable } from '../types.ts';
import { insertNewKeys } from './single-use-keys.ts';

/** A passkey with what verifying its signatures needs (only the staff service's passkey module sees the key). */
export interface StoredPasskey extends PasskeyInfo {
  userId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

function toPasskey(row: PasskeysTable): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function insertPasskey(db: Db, passkey: StoredPasskey): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: passkey.lastUsedAt,
    })
    .execute();
}

export async function findPasskey(db: Db, id: string): Promise<StoredPasskey | undefined> {
  const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPasskey(row);
}

/** A person's passkeys, oldest first, with their keys (to verify one, or to tell a browser which to offer). */
export async function listUserPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  const rows = await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPasskey);
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

export async function countUserPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Renames one of the person's passkeys; false when they have no passkey with that id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one of the person's passkeys and answers its name; undefined when they have no passkey with that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
  return row?.name;
}

export async function deleteUserPasskeys(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/**
 * Records a use: the new counter and the time, only while the stored counter is still `from`. Of two sign-ins
 * racing with one passkey, one wins (the other's counter would no longer be ahead). True when this one did.
 */
export async function advancePasskeyCounter(db: Db, id: string, from: number, to: number, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: to, last_used_at: usedAt })
    .where('id', '=', id)
    .where('counter', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Spends a sign-in challenge: true the first time, false for any later use, across parallel requests and
 * instances. Used challenges share the table of used one-time keys (captcha solutions), kept until `expiresAt`.
 */
export async function spendPasskeyChallenge(db: Db, challenge: string, expiresAt: string): Promise<boolean> {
  return (await insertNewKeys(db, 'captcha_solutions', [{ key: `passkey:${challenge}`, expires_at: expiresAt }])) === 1;
}
