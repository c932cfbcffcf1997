import type { Db } from '../database.ts';
import { type AssignableRole, DEFAULT_ROLE, isRole } from '../../shared/roles.ts';
import type { InvitationView, PendingInvitation } from '../../shared/staff.ts';

/** A stored invitation's role; anything unexpected falls back to the default a new account gets. */
function invitedRole(value: string): AssignableRole {
  return isRole(value) && value !== 'owner' ? value : DEFAULT_ROLE;
}

export interface NewInvitation {
  id: string;
  email: string;
  name: string;
  /** SHA-256 (hex) of the one-time token; the token itself is never stored. */
  tokenHash: string;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  role: AssignableRole;
}

/** One invitation per address: a new one replaces the last (whose link then stops working). */
export async function replaceInvitation(db: Db, invitation: NewInvitation): Promise<void> {
  await db.deleteFrom('staff_invitations').where('email', '=', invitation.email).execute();
  await db
    .insertInto('staff_invitations')
    .values({
      id: invitation.id,
      email: invitation.email,
      name: invitation.name,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      role: invitation.role,
    })
    .execute();
}

export async function findLiveInvitation(db: Db, tokenHash: string, now: string): Promise<InvitationView | undefined> {
  return db
    .selectFrom('staff_invitations')
    .select(['name', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends the invitation: of two requests with one link, only one gets it back. */
export async function takeLiveInvitation(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<(InvitationView & { id: string; role: AssignableRole }) | undefined> {
  const row = await db
    .deleteFrom('staff_invitations')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning(['id', 'name', 'email', 'role'])
    .executeTakeFirst();
  return row && { ...row, role: invitedRole(row.role) };
}

/** Invitations still open, newest first, with who sent them. */
export async function listLiveInvitations(db: Db, now: string): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom('staff_invitations')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by')
    .select(['staff_invitations.id', 'staff_invitations.name', 'staff_invitations.email', 'staff_invitations.expires_at', 'staff_invitations.role', 'users.name as inviter'])
    .where('staff_invitations.expires_at', '>', now)
    .orderBy('staff_invitations.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, invitedBy: r.inviter, expiresAt: r.expires_at, role: invitedRole(r.role) }));
}

export async function deleteExpiredInvitations(db: Db, now: string): Promise<void> {
  await db.deleteFrom('staff_invitations').where('expires_at', '<=', now).execute();
}
