import type { Db } from '../database.ts';
import type { UserRow, UsersTable } from '../types.ts';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, row: UsersTable): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Pick<UsersTable, 'name' | 'password_hash' | 'totp_secret' | 'totp_last_step' | 'recovery_codes' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
