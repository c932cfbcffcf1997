import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  deleteInvitationsCreatedBefore,
  findLiveInvitation,
  findSealedToken,
  listInvitations,
  replaceInvitation,
  takeLiveInvitation,
} from '../../db/queries/invitations.ts';
import { seal, unseal } from '../core/secret-box.ts';
import { insertOutboxMessages } from '../../db/queries/outbox.ts';
import { revokePreviewLinksMadeBy } from '../../db/queries/preview-links.ts';
import { unassignLeadsOf } from '../../db/queries/admin-leads.ts';
import { insertLeadNote } from '../../db/queries/lead-notes.ts';
import { deleteUserSessionByRef, deleteUserSessions, listUserSessions } from '../../db/queries/sessions.ts';
import {
  type StaffAccount,
  newStaffAccount,
  changeUserRole,
  deactivateUnlessLast,
  findUserByEmail,
  findUserById,
  insertUser,
  listStaffMembers,
  lockActiveUsers,
  reactivateUser,
} from '../../db/queries/users.ts';
import { ADMIN_MESSAGES, STAFF_MESSAGES } from '../../shared/admin-texts.ts';
import { type AssignableRole, ROLE_TEXT, type Role, can } from '../../shared/roles.ts';
import { INVITATION_DAYS, type InvitationView, type StaffOverview, type StaffPerson } from '../../shared/staff.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';
import { siteLink } from '../core/site-link.ts';
import { type EmailMessage, paragraphsHtml } from '../outbox/notifications.ts';
import { sealPayload } from '../outbox/sealed-payload.ts';
import { hashPassword } from './password.ts';
import type { SignInPolicyService } from './sign-in-policy.ts';

/** What the staff accounts' admin needs beyond the database: where links point, and the outbox's seal key. */
export interface InvitationSettings {
  siteUrl: string;
  sealKey: Buffer;
  /** The company's name as the site settings give it now: the e-mail is signed with it. */
  companyName: () => Promise<string>;
  /** Whether e-mail can be sent (SMTP_URL): without it an invitation's e-mail waits in the outbox. */
  mailConfigured: boolean;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long an invitation stays listed, whatever became of it. */
const INVITATIONS_KEPT_MS = 30 * 24 * 3600_000;

export async function staffOverview(db: Db, policy: Pick<SignInPolicyService, 'current'>, mailConfigured: boolean): Promise<StaffOverview> {
  const at = new Date();
  const now = at.toISOString();
  const keptSince = new Date(at.getTime() - INVITATIONS_KEPT_MS).toISOString();
  const [members, invitations, signInPolicy] = await Promise.all([
    listStaffMembers(db, now),
    listInvitations(db, now, keptSince),
    policy.current(),
  ]);
  return { members, invitations, signInPolicy, mailConfigured };
}

export async function staffPerson(db: Db, id: string, viewerCsrf: string | null = null): Promise<StaffPerson | null> {
  const now = new Date().toISOString();
  const member = (await listStaffMembers(db, now)).find((m) => m.id === id);
  if (!member) return null;
  return { ...member, sessionList: await listUserSessions(db, id, now, viewerCsrf) };
}

function invitationLink(siteUrl: string, token: string): string {
  return siteLink(siteUrl, `/admin/invitation?token=${token}`);
}

/** An open invitation's link, for "Copy link" (a colleague whose mail is slow); NOT_FOUND once it is not open. */
export async function openInvitationLink(db: Db, settings: InvitationSettings, actor: Actor, id: string): Promise<string> {
  const open = await findSealedToken(db, id, new Date().toISOString());
  if (!open) throw new AppError('NOT_FOUND', STAFF_MESSAGES.invitationClosed);
  // Whom it is for, as the invitation's own entry names them: the log says so after the invitation is gone.
  await recordAudit(db, actor, 'user.invitation_link', open.email);
  return invitationLink(settings.siteUrl, unseal(settings.sealKey, open.sealed));
}

function invitationEmail(to: string, name: string, inviter: string, link: string, company: string, role: AssignableRole): EmailMessage {
  const text = STAFF_MESSAGES.invitationText({ name, inviter, link, company, role: ROLE_TEXT.names[role], can: ROLE_TEXT.summaries[role] });
  return { to, subject: STAFF_MESSAGES.invitationSubject(company), text, html: paragraphsHtml(text, link) };
}

/**
 * Invites a person by e-mail: a one-time link to choose a password, working for INVITATION_DAYS. The token's hash
 * finds the invitation; the token itself is kept only sealed (for "Copy link", until it is used), and the e-mail
 * waits in the outbox sealed: no readable copy of the link sits in the database.
 * A new invitation to the same address replaces the last one. Returns its id and the message for the person inviting.
 */
export async function invitePerson(
  db: Db,
  settings: InvitationSettings,
  actor: Actor & { name: string },
  input: { email: string; name: string; role: AssignableRole },
): Promise<{ id: string; message: string }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (await findUserByEmail(db, email)) throw new AppError('ABORTED', ADMIN_MESSAGES.accountExists(email));
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const id = randomUUID();
  const link = invitationLink(settings.siteUrl, token);
  const message = invitationEmail(email, name, actor.name, link, await settings.companyName(), input.role);
  await withAudit(
    db,
    actor,
    'user.invited',
    async (trx) => {
      await deleteInvitationsCreatedBefore(trx, new Date(now.getTime() - INVITATIONS_KEPT_MS).toISOString());
      await replaceInvitation(trx, {
        id,
        email,
        name,
        tokenHash: tokenHash(token),
        tokenSealed: seal(settings.sealKey, token),
        invitedBy: actor.userId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000).toISOString(),
        role: input.role,
      });
      await insertOutboxMessages(trx, [
        {
          id: randomUUID(),
          kind: 'staff-invitation',
          leadType: 'staff',
          leadId: id,
          payload: sealPayload(settings.sealKey, message),
          createdAt: now.toISOString(),
        },
      ]);
    },
    () => `${email} (${ROLE_TEXT.names[input.role]})`,
  );
  return { id, message: settings.mailConfigured ? STAFF_MESSAGES.invited(email) : STAFF_MESSAGES.invitedQueued(email) };
}

export async function invitationFor(db: Db, token: string): Promise<InvitationView | null> {
  return (await findLiveInvitation(db, tokenHash(token), new Date().toISOString())) ?? null;
}

/**
 * Spends the invitation and creates the account with the chosen password (already checked against the
 * password rules), in one transaction with its audit entry; the password is hashed before it opens.
 */
export async function acceptInvitation(db: Db, token: string, password: string, ip: string | null): Promise<string> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const invitation = await takeLiveInvitation(trx, tokenHash(token), now);
    if (!invitation) throw new AppError('NOT_FOUND', STAFF_MESSAGES.invitationInvalid);
    if (await findUserByEmail(trx, invitation.email)) throw new AppError('ABORTED', ADMIN_MESSAGES.accountExists(invitation.email));
    const account = newStaffAccount({ email: invitation.email, name: invitation.name, passwordHash, role: invitation.role }, now);
    await insertUser(trx, account);
    await recordAudit(trx, { userId: account.id, email: account.email, ip }, 'user.created', account.email);
    return account.id;
  });
}

/** The signed-in person acting on staff accounts: what they may touch depends on whether they are the Owner. */
export type StaffActor = Actor & { role: Role };

async function personOrThrow(db: Db, id: string): Promise<StaffAccount> {
  const account = await findUserById(db, id);
  if (!account) throw new AppError('NOT_FOUND', STAFF_MESSAGES.personNotFound);
  return account;
}

/** The account `actor` means to change; the Owner's own account is changed only with the Owner's powers. */
async function personActorMayChange(db: Db, actor: StaffActor, id: string): Promise<StaffAccount> {
  const account = await personOrThrow(db, id);
  if (account.role === 'owner' && !can(actor.role, 'ownership.transfer'))
    throw new AppError('PERMISSION_DENIED', ROLE_TEXT.onlyOwnerTouchesOwner);
  return account;
}

/**
 * Deactivates an account and ends its sessions and its share links at once, unless it is the Owner or the last
 * active account.
 */
export async function deactivatePerson(db: Db, actor: StaffActor, id: string): Promise<string> {
  const account = await personActorMayChange(db, actor, id);
  if (account.role === 'owner') throw new AppError('ABORTED', ROLE_TEXT.ownerCannotBeDeactivated);
  if (account.deactivatedAt) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
  await withAudit(
    db,
    actor,
    'user.deactivated',
    async (trx) => {
      const at = new Date().toISOString();
      await lockActiveUsers(trx);
      if (!(await deactivateUnlessLast(trx, id, at))) {
        // The Owner was checked above; a handover since then would leave the Owner's row unchanged too.
        throw new AppError('ABORTED', STAFF_MESSAGES.lastActiveAccount);
      }
      await deleteUserSessions(trx, id, null);
      // Turned off, not only unusable while deactivated: a reactivation does not bring them back (docs/product.md#share-links).
      await revokePreviewLinksMadeBy(trx, id, at);
      // Their leads go back to nobody, each with a line in its history; the dashboard names them (docs/product.md#lead-work).
      for (const lead of await unassignLeadsOf(trx, id)) {
        await insertLeadNote(trx, lead, actor, { assignment: { kind: 'released', assignee: account.name }, at });
      }
    },
    () => account.email,
  );
  return STAFF_MESSAGES.deactivated(account.name);
}

export async function reactivatePerson(db: Db, actor: StaffActor, id: string): Promise<string> {
  const account = await personActorMayChange(db, actor, id);
  await withAudit(
    db,
    actor,
    'user.reactivated',
    async (trx) => {
      if (!(await reactivateUser(trx, id, new Date().toISOString()))) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
    },
    () => account.email,
  );
  return STAFF_MESSAGES.reactivated(account.name);
}

/** Ends one of a person's sessions: that browser is signed out at its next request. */
export async function endPersonSession(db: Db, actor: StaffActor, id: string, ref: string): Promise<void> {
  const account = await personActorMayChange(db, actor, id);
  await withAudit(
    db,
    actor,
    'user.session_ended',
    async (trx) => {
      if (!(await deleteUserSessionByRef(trx, id, ref))) throw new AppError('NOT_FOUND', STAFF_MESSAGES.sessionGone);
    },
    () => account.email,
  );
}

/** `ann@example.com (Editor → Sales)`: the audit entry's target for a role change. */
function roleChange(email: string, from: Role, to: Role): string {
  return `${email} (${ROLE_TEXT.names[from]} → ${ROLE_TEXT.names[to]})`;
}

/**
 * Gives a person another role. Their open sessions see it on their next request (the session keeps only the
 * account id; passport.ts reads the account again). The Owner's role changes only by handing ownership over.
 */
export async function changePersonRole(db: Db, actor: StaffActor, id: string, role: AssignableRole): Promise<string> {
  const account = await personActorMayChange(db, actor, id);
  if (account.role === 'owner') throw new AppError('ABORTED', ROLE_TEXT.ownerFixed);
  if (account.role === role) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
  await withAudit(
    db,
    actor,
    'user.role_changed',
    async (trx) => {
      if (!(await changeUserRole(trx, id, account.role, role, new Date().toISOString()))) {
        throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
      }
    },
    () => roleChange(account.email, account.role, role),
  );
  return ROLE_TEXT.roleChanged(account.name, ROLE_TEXT.names[role]);
}

/** The Owner makes an active Administrator the Owner and becomes an Administrator, in one transaction. */
export async function transferOwnership(db: Db, actor: StaffActor, id: string): Promise<string> {
  const account = await personOrThrow(db, id);
  if (account.role !== 'administrator' || account.deactivatedAt) throw new AppError('ABORTED', ROLE_TEXT.transferNeedsAdministrator);
  const ownerId = actor.userId;
  if (!ownerId) throw new AppError('PERMISSION_DENIED', ROLE_TEXT.refusedAction);
  await withAudit(
    db,
    actor,
    'user.ownership_transferred',
    async (trx) => {
      const at = new Date().toISOString();
      // Both conditional: a second handover racing this one finds the roles already changed and stops.
      const handedOver =
        (await changeUserRole(trx, ownerId, 'owner', 'administrator', at)) && (await changeUserRole(trx, id, 'administrator', 'owner', at));
      if (!handedOver) throw new AppError('ABORTED', STAFF_MESSAGES.alreadyInState);
    },
    () => roleChange(account.email, 'administrator', 'owner'),
  );
  return ROLE_TEXT.transferred(account.name);
}
