import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, SqlBool, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import { type Role, isRole } from '../../shared/roles.ts';
import type { StaffMember } from '../../shared/staff.ts';
import type { Database, UserRow, UsersTable } from '../types.ts';

/** A staff account with its secrets, as the staff service reads it (nothing else sees the hash or the secrets). */
export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  totpSecret: string | null;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totpLastStep: number | null;
  /** Hashes of the unused recovery codes; null while two-factor sign-in is off. */
  recoveryCodeHashes: string[] | null;
  createdAt: string;
  updatedAt: string;
  /** Set while the account is deactivated: it cannot sign in. */
  deactivatedAt: string | null;
  lastSignInAt: string | null;
  role: Role;
}

/** A stored role; an unknown value (a hand-edited row) gets the least powerful role, never more. */
export function storedRole(value: string): Role {
  return isRole(value) ? value : 'author';
}

/** A new, active account without two-factor sign-in: the one shape every way of adding staff starts from. */
export function newStaffAccount(fields: Pick<StaffAccount, 'email' | 'name' | 'passwordHash' | 'role'>, now: string): StaffAccount {
  return {
    id: randomUUID(),
    ...fields,
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: null,
    createdAt: now,
    updatedAt: now,
    deactivatedAt: null,
    lastSignInAt: null,
  };
}

export type StaffAccountChanges = Partial<
  Pick<StaffAccount, 'name' | 'passwordHash' | 'totpSecret' | 'totpLastStep' | 'recoveryCodeHashes' | 'updatedAt' | 'lastSignInAt'>
>;

function toAccount(row: UserRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step,
    recoveryCodeHashes: row.recovery_codes === null ? null : (JSON.parse(row.recovery_codes) as string[]),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deactivatedAt: row.deactivated_at,
    lastSignInAt: row.last_sign_in_at,
    role: storedRole(row.role),
  };
}

function toColumns(changes: StaffAccountChanges): Updateable<UsersTable> {
  const { recoveryCodeHashes: codes } = changes;
  return {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
    ...(changes.totpSecret !== undefined && { totp_secret: changes.totpSecret }),
    ...(changes.totpLastStep !== undefined && { totp_last_step: changes.totpLastStep }),
    ...(codes !== undefined && { recovery_codes: codes === null ? null : JSON.stringify(codes) }),
    ...(changes.updatedAt !== undefined && { updated_at: changes.updatedAt }),
    ...(changes.lastSignInAt !== undefined && { last_sign_in_at: changes.lastSignInAt }),
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row && toAccount(row);
}

export async function findUserById(db: Db, id: string): Promise<StaffAccount | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

export async function insertUser(db: Db, account: StaffAccount): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: account.id,
      email: account.email,
      created_at: account.createdAt,
      deactivated_at: account.deactivatedAt,
      role: account.role,
      ...(toColumns(account) as Omit<
        UsersTable,
        'id' | 'email' | 'created_at' | 'deactivated_at' | 'role' | 'weekly_summary' | 'follow_up_email'
      >),
    })
    .execute();
}

export async function updateUser(db: Db, id: string, changes: StaffAccountChanges): Promise<void> {
  await db.updateTable('users').set(toColumns(changes)).where('id', '=', id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes account `id` only while `condition` still holds, in the same statement: of two requests racing for
 * one change, one wins. True when this one did.
 */
async function updateUserIf(
  db: Db,
  id: string,
  changes: Updateable<UsersTable>,
  condition: (eb: ExpressionBuilder<Database, 'users'>) => Expression<SqlBool>,
): Promise<boolean> {
  const result = await db.updateTable('users').set(changes).where('id', '=', id).where(condition).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accepts TOTP step `step` once: false when this or a later step was already used (by a parallel request too). */
export function advanceTotpStep(db: Db, id: string, step: number, updatedAt: string): Promise<boolean> {
  return updateUserIf(db, id, { totp_last_step: step, updated_at: updatedAt }, (eb) =>
    eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]),
  );
}

/** Replaces the recovery codes only if they are still `from`: of two requests spending one code, one wins. */
export function swapRecoveryCodes(db: Db, id: string, from: string[], to: string[], updatedAt: string): Promise<boolean> {
  return updateUserIf(db, id, { recovery_codes: JSON.stringify(to), updated_at: updatedAt }, (eb) =>
    eb('recovery_codes', '=', JSON.stringify(from)),
  );
}

/** Every account, active ones first, then by name, with how many live sessions each has. */
export async function listStaffMembers(db: Db, now: string): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'deactivated_at', 'last_sign_in_at', 'created_at', 'role'])
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .where('sessions.expires_at', '>', now)
        .as('sessions'),
    )
    .orderBy((eb) => eb.case().when('deactivated_at', 'is', null).then(0).else(1).end())
    .orderBy('name')
    .orderBy('email')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    active: r.deactivated_at === null,
    lastSignInAt: r.last_sign_in_at,
    sessions: Number(r.sessions ?? 0),
    createdAt: r.created_at,
    role: storedRole(r.role),
  }));
}

/**
 * Takes a row lock on every active account until the transaction ends (a no-op write). Two people deactivating
 * each other at once then take turns on PostgreSQL, and the second sees the first's change; SQLite has one writer.
 */
export async function lockActiveUsers(db: Db): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('deactivated_at', 'is', null)
    .execute();
}

/** Deactivates the account unless it is the Owner or the last active one; false when it was not changed. */
export function deactivateUnlessLast(db: Db, id: string, at: string): Promise<boolean> {
  return updateUserIf(db, id, { deactivated_at: at, updated_at: at }, (eb) =>
    eb.and([
      eb('deactivated_at', 'is', null),
      eb('role', '!=', 'owner'),
      eb.exists(eb.selectFrom('users as other').select('other.id').where('other.deactivated_at', 'is', null).where('other.id', '!=', id)),
    ]),
  );
}

export function reactivateUser(db: Db, id: string, at: string): Promise<boolean> {
  return updateUserIf(db, id, { deactivated_at: null, updated_at: at }, (eb) => eb('deactivated_at', 'is not', null));
}

export async function countActiveUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The active accounts whose role is one of `roles` (those who should hear of something), by name. */
export async function listActiveStaffWithRoles(
  db: Db,
  roles: readonly Role[],
): Promise<Array<{ id: string; email: string; name: string }>> {
  if (roles.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('role', 'in', roles)
    .where('deactivated_at', 'is', null)
    .orderBy('name')
    .execute();
}

/** Gives account `id` role `to` if it still has role `from` (of two changes racing, one wins); false otherwise. */
export function changeUserRole(db: Db, id: string, from: Role, to: Role, at: string): Promise<boolean> {
  return updateUserIf(db, id, { role: to, updated_at: at }, (eb) => eb('role', '=', from));
}
