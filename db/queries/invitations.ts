import type { Db } from '../database.ts';
import { type AssignableRole, DEFAULT_ROLE, isRole } from '../../shared/roles.ts';
import type { InvitationState, InvitationView, PendingInvitation } from '../../shared/staff.ts';

/** A stored invitation's role; anything unexpected falls back to the default a new account gets. */
function invitedRole(value: string): AssignableRole {
  return isRole(value) && value !== 'owner' ? value : DEFAULT_ROLE;
}

export interface NewInvitation {
  id: string;
  email: string;
  name: string;
  /** SHA-256 (hex) of the one-time token, which finds the invitation; the token is kept only sealed. */
  tokenHash: string;
  tokenSealed: string;
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
      token_sealed: invitation.tokenSealed,
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
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
}

/** Spends the invitation (its sealed token goes): of two requests with one link, only one gets it back. */
export async function takeLiveInvitation(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<(InvitationView & { id: string; role: AssignableRole }) | undefined> {
  const row = await db
    .updateTable('staff_invitations')
    .set({ accepted_at: now, token_sealed: null })
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .where('accepted_at', 'is', null)
    .returning(['id', 'name', 'email', 'role'])
    .executeTakeFirst();
  return row && { ...row, role: invitedRole(row.role) };
}

/**
 * Invitations of the last `keptSince` on (open, accepted or expired), newest first, with who sent them and where
 * each stands: its e-mail in the outbox (queued, sent, failed) until it is accepted or expires.
 */
export async function listInvitations(db: Db, now: string, keptSince: string): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom('staff_invitations')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by')
    .leftJoin('outbox', (join) =>
      join
        .onRef('outbox.lead_id', '=', 'staff_invitations.id')
        .on('outbox.lead_type', '=', 'staff')
        .on('outbox.kind', '=', 'staff-invitation'),
    )
    .select([
      'staff_invitations.id',
      'staff_invitations.name',
      'staff_invitations.email',
      'staff_invitations.expires_at',
      'staff_invitations.role',
      'staff_invitations.accepted_at',
      'staff_invitations.token_sealed',
      'users.name as inviter',
      'outbox.status as mail',
    ])
    .where('staff_invitations.created_at', '>', keptSince)
    .orderBy('staff_invitations.created_at', 'desc')
    .execute();
  return rows.map((r) => {
    const state: InvitationState = r.accepted_at
      ? 'accepted'
      : r.expires_at <= now
        ? 'expired'
        : r.mail === 'delivered'
          ? 'sent'
          : r.mail === 'failed'
            ? 'failed'
            : 'queued';
    const open = state !== 'accepted' && state !== 'expired';
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      invitedBy: r.inviter,
      expiresAt: r.expires_at,
      role: invitedRole(r.role),
      state,
      linkAvailable: open && r.token_sealed !== null,
    };
  });
}

/** An open invitation's sealed token and address, for "Copy link"; undefined once it is accepted, expired or replaced. */
export async function findSealedToken(db: Db, id: string, now: string): Promise<{ sealed: string; email: string } | undefined> {
  const row = await db
    .selectFrom('staff_invitations')
    .select(['token_sealed', 'email'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return row?.token_sealed ? { sealed: row.token_sealed, email: row.email } : undefined;
}

/** Forgets invitations created before `before`, whatever became of them. */
export async function deleteInvitationsCreatedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('staff_invitations').where('created_at', '<=', before).execute();
}
