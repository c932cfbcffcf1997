import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { deleteExpiredInvitations, findLiveInvitation, listLiveInvitations, replaceInvitation, takeLiveInvitation } from '../../db/queries/invitations.ts';
import { insertOutboxMessages } from '../../db/queries/outbox.ts';
import { deleteUserSessionByRef, deleteUserSessions, listUserSessions } from '../../db/queries/sessions.ts';
import {
  type StaffAccount,
  newStaffAccount,
  deactivateUnlessLast,
  findUserByEmail,
  findUserById,
  insertUser,
  listStaffMembers,
  lockActiveUsers,
  reactivateUser,
} from '../../db/queries/users.ts';
import { ADMIN_MESSAGES, STAFF_MESSAGES } from '../../shared/messages.ts';
import { INVITATION_DAYS, type InvitationView, type StaffOverview, type StaffPerson } from '../../shared/staff.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import { type EmailMessage, escapeHtml } from '../outbox/notifications.ts';
import { sealPayload } from '../outbox/sealed-payload.ts';
import { hashPassword } from './password.ts';

/** What the staff accounts' admin needs beyond the database: where links point, and the outbox's seal key. */
export interface InvitationSettings {
  siteUrl: string;
  sealKey: Buffer;
  /** The company's name as the site settings give it now: the e-mail is signed with it. */
  companyName: () => Promise<string>;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function staffOverview(db: Db): Promise<StaffOverview> {
  const now = new Date().toISOString();
  const [members, invitations] = await Promise.all([listStaffMembers(db, now), listLiveInvitations(db, now)]);
  return { members, invitations };
}

export async function staffPerson(db: Db, id: string): Promise<StaffPerson | null> {
  const now = new Date().toISOString();
  const member = (await listStaffMembers(db, now)).find((m) => m.id === id);
  if (!member) return null;
  return { ...member, sessionList: await listUserSessions(db, id, now) };
}

function invitationEmail(to: string, name: string, inviter: string, link: string, company: string): EmailMessage {
  const text = STAFF_MESSAGES.invitationText(name, inviter, link, company);
  const html = text
    .split('\n\n')
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('');
  return { to, subject: STAFF_MESSAGES.invitationSubject(company), text, html };
}

/**
 * Invites a person by e-mail: a one-time link to choose a password, working for INVITATION_DAYS. Only the
 * token's hash is stored; the e-mail waits in the outbox sealed, so no copy of the link sits in the database.
 * A new invitation to the same address replaces the last one.
 */
export async function invitePerson(db: Db, settings: InvitationSettings, actor: Actor & { name: string }, input: { email: string; name: string }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (await findUserByEmail(db, email)) throw new AppError('ABORTED', ADMIN_MESSAGES.accountExists(email));
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const id = randomUUID();
  const link = new URL(`/admin/invitation?token=${token}`, settings.siteUrl).href;
  const message = invitationEmail(email, name, actor.name, link, await settings.companyName());
  await withAudit(db, actor, 'user.invited', async (trx) => {
    await deleteExpiredInvitations(trx, now.toISOString());
    await replaceInvitation(trx, {
      id,
      email,
      name,
      tokenHash: tokenHash(token),
      invitedBy: actor.userId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000).toISOString(),
    });
    await insertOutboxMessages(trx, [
      { id: randomUUID(), kind: 'staff-invitation', leadType: 'staff', leadId: id, payload: sealPayload(settings.sealKey, message), createdAt: now.toISOString() },
    ]);
  }, () => email);
}

export async function invitationFor(db: Db, token: string): Promise<InvitationView | null> {
  return (await findLiveInvitation(db, tokenHash(token), new Date().toISOString())) ?? null;
}

/**
 * Spends the invitation and creates the account with the chosen password (already checked against the
 * password rules), in one transaction with its audit entry; the password is hashed before it opens.
 */
export async function acceptInvitation(db: Db, token: string, password: string, ip: string | null): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const invitation = await takeLiveInvitation(trx, tokenHash(token), now);
    if (!invitation) throw new AppError('NOT_FOUND', STAFF_MESSAGES.invitationInvalid);
    if (await findUserByEmail(trx, invitation.email)) throw new AppError('ABORTED', ADMIN_MESSAGES.accountExists(invitation.email));
    const account = newStaffAccount({ email: invitation.email, name: invitation.name, passwordHash }, now);
    await insertUser(trx, account);
    await recordAudit(trx, { userId: account.id, email: account.email, ip }, 'user.created', account.email);
  });
}

async function personOrThrow(db: Db, id: string): Promise<StaffAccount> {
  const account = await findUserById(db, id);
  if (!account) throw new AppError('NOT_FOUND', STAFF_MESSAGES.personNotFound);
  return account;
}

/** Deactivates an account and ends its sessions at once, unless it is the last active account. */
export async function deactivatePerson(db: Db, actor: Actor, id: string): Promise<string> {
  const account = await personOrThrow(db, id);
  if (account.deactivatedAt) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
  await withAudit(db, actor, 'user.deactivated', async (trx) => {
    await lockActiveUsers(trx);
    if (!(await deactivateUnlessLast(trx, id, new Date().toISOString()))) {
      throw new AppError('ABORTED', STAFF_MESSAGES.lastActiveAccount);
    }
    await deleteUserSessions(trx, id, null);
  }, () => account.email);
  return STAFF_MESSAGES.deactivated(account.name);
}

export async function reactivatePerson(db: Db, actor: Actor, id: string): Promise<string> {
  const account = await personOrThrow(db, id);
  await withAudit(db, actor, 'user.reactivated', async (trx) => {
    if (!(await reactivateUser(trx, id, new Date().toISOString()))) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
  }, () => account.email);
  return STAFF_MESSAGES.reactivated(account.name);
}

/** Ends one of a person's sessions: that browser is signed out at its next request. */
export async function endPersonSession(db: Db, actor: Actor, id: string, ref: string): Promise<void> {
  const account = await personOrThrow(db, id);
  await withAudit(db, actor, 'user.session_ended', async (trx) => {
    if (!(await deleteUserSessionByRef(trx, id, ref))) throw new AppError('NOT_FOUND', STAFF_MESSAGES.sessionGone);
  }, () => account.email);
}
