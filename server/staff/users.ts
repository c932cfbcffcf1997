import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import qrcode from 'qrcode-generator';
import type { Db } from '../../db/database.ts';
import { countUserSessions, deleteSession, deleteUserSessions, trimUserSessions } from '../../db/queries/sessions.ts';
import { clearAttempts } from '../../db/queries/sign-in-attempts.ts';
import { deleteUserPasskeys, hasPasskey, listUserPasskeys } from '../../db/queries/passkeys.ts';
import {
  type StaffAccount,
  newStaffAccount,
  type StaffAccountChanges,
  advanceTotpStep,
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  swapRecoveryCodes,
  updateUser,
} from '../../db/queries/users.ts';
import type { AccountInfo } from '../../shared/admin.ts';
import type { InvitationView, StaffOverview, StaffPerson } from '../../shared/staff.ts';
import { outboxSealKey } from '../outbox/sealed-payload.ts';
import {
  type StaffActor,
  acceptInvitation,
  openInvitationLink,
  changePersonRole,
  deactivatePerson,
  transferOwnership,
  endPersonSession,
  invitationFor,
  invitePerson,
  reactivatePerson,
  staffOverview,
  staffPerson,
} from './staff-accounts.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import type { SessionUser } from '../../shared/staff.ts';
import { type AssignableRole, DEFAULT_ROLE, type Role } from '../../shared/roles.ts';
import { type SignInPolicyService, createSignInPolicy } from './sign-in-policy.ts';
import { NewPasswordSchema } from '../../shared/schemas/admin-auth.ts';
import { type HashLane, TRUSTED_LANE } from './hash-queue.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.ts';
import { seal, totpEncryptionKey, unseal } from '../core/secret-box.ts';
import { type Attempt, reauthBuckets, reserveAttempt, signInBuckets } from './throttle.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from './totp.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';
import type { AuditAction } from '../../shared/admin.ts';
import type { Config } from '../core/config.ts';
import { AppError, invalidFields } from '../core/errors.ts';

/** A staff account as the rest of the server sees it (never the hash or the secrets). */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** An authenticator app or a passkey: either counts as two-factor sign-in (docs/product.md#passkeys). */
  hasTwoFactor: boolean;
  hasTotp: boolean;
  hasPasskey: boolean;
}

function toStaff(account: StaffAccount, passkey: boolean): StaffUser {
  const totp = account.totpSecret !== null;
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    hasTwoFactor: totp || passkey,
    hasTotp: totp,
    hasPasskey: passkey,
  };
}

/** The account as the server sees it, with whether it has a passkey (a second query, on its own index). */
async function staffOf(db: Db, account: StaffAccount): Promise<StaffUser> {
  return toStaff(account, await hasPasskey(db, account.id));
}

export function toSessionUser(user: StaffUser, requireTwoFactor: boolean): SessionUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role, mustSetUpTwoFactor: requireTwoFactor && !user.hasTwoFactor };
}

function checkNewPassword(password: string): void {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw new AppError('INVALID_ARGUMENT', parsed.error.issues[0]!.message);
}

/**
 * The staff feature: accounts, passwords, two-factor sign-in and sessions. Every change is one transaction with
 * its audit entry; password hashing (slow on purpose) runs before the transaction opens, never inside it.
 */
export interface StaffService {
  /** A new account with `role` (default Administrator); the first account made is the Owner whatever is asked. */
  createAccount(actor: Actor, input: { email: string; name: string; password: string; role?: AssignableRole }): Promise<StaffUser>;
  /** Break-glass (command line): a new password, two-factor sign-in off (passkeys removed), every session ended. */
  resetPassword(actor: Actor, email: string, password: string): Promise<StaffUser>;
  hasAccounts(): Promise<boolean>;
  /** The account for this email and password, or null; takes about as long whether or not the email exists. */
  /** Checks a password in `lane`'s turn for hashing; throws HashQueueFullError when that lane may not wait. */
  authenticate(email: string, password: string, lane: HashLane): Promise<StaffUser | null>;
  findUser(id: string): Promise<StaffUser | null>;
  /** A sign-in's second factor; a recovery code used is spent and audited in one transaction. */
  verifySecondFactor(actor: Actor, userId: string, code: string): Promise<'totp' | 'recovery' | null>;
  accountInfo(userId: string): Promise<AccountInfo>;
  /**
   * Reserves a sign-in attempt against this account and address (or this known device) before the slow check;
   * throws RESOURCE_EXHAUSTED when one of them had too many (throttle.ts).
   */
  reserveSignIn(email: string, ip: string | undefined, knownDevice: string | null): Promise<Attempt>;
  /** Checks the current password (limited guesses), then sets the new one and signs out every other session. */
  changePassword(actor: Actor, userId: string, currentSid: string, input: { currentPassword: string; newPassword: string }): Promise<void>;
  endOtherSessions(actor: Actor, userId: string, currentSid: string): Promise<number>;
  /** Checks the password given again (limited guesses, as changing it): a `password` field error when wrong. */
  confirmPassword(userId: string, password: string): Promise<void>;
  startTotpSetup(email: string): TotpSetup;
  enableTotp(actor: Actor, userId: string, secret: string, code: string): Promise<string[]>;
  /** Checks the password (limited guesses), then turns two-factor sign-in off and signs out every other session. */
  disableTotp(actor: Actor, userId: string, currentSid: string, password: string): Promise<void>;
  /** Sign-in events that change nothing but the log (a failed sign-in). */
  recordEvent(actor: Actor, action: AuditAction, target?: string | null): Promise<void>;
  /**
   * A completed sign-in, once its new session is stored: the account's last sign-in time, its oldest sessions
   * beyond MAX_SESSIONS_PER_USER ended, and the audit entry (saying how many ended), in one transaction.
   */
  recordSignIn(actor: Actor & { userId: string }, action?: 'auth.sign_in' | 'auth.passkey_sign_in'): Promise<void>;
  /** Ends session `sid` and records the sign-out, in one transaction. */
  signOut(actor: Actor, sid: string): Promise<void>;

  // Staff accounts from the admin (docs/product.md#roles: people whose role has `staff.manage`).
  overview(): Promise<StaffOverview>;
  /** A person's account and sessions; `viewerCsrf` (the viewer's session's CSRF token) marks the viewer's own session. */
  person(id: string, viewerCsrf?: string | null): Promise<StaffPerson | null>;
  /** Sends a one-time link to choose a password (staff-accounts.ts). */
  /** Invites a person: the invitation's id, and the message to show, which says whether its e-mail can go now. */
  invite(
    actor: Actor & { name: string },
    input: { email: string; name: string; role: AssignableRole },
  ): Promise<{ id: string; message: string }>;
  /** Who an invitation link is for, or null when it does not work (used, replaced or expired). */
  invitation(token: string): Promise<InvitationView | null>;
  /** An open invitation's link, to hand over by another way than e-mail (audited). */
  invitationLink(actor: Actor, id: string): Promise<string>;
  /** Creates the invited person's account; answers its id. */
  acceptInvitation(token: string, password: string, ip: string | null): Promise<string>;
  /** Ends every session of the account at once; refused for the last active account. Returns the message to show. */
  deactivate(actor: StaffActor, id: string): Promise<string>;
  reactivate(actor: StaffActor, id: string): Promise<string>;
  endSession(actor: StaffActor, id: string, ref: string): Promise<void>;
  /** Gives a person another role (never Owner: see transferOwnership). Returns the message to show. */
  changeRole(actor: StaffActor, id: string, role: AssignableRole): Promise<string>;
  /** The Owner hands ownership to an active Administrator and becomes an Administrator, in one transaction. */
  transferOwnership(actor: StaffActor, id: string): Promise<string>;
  /** Who must use two-step sign-in (sign-in-policy.ts). */
  signInPolicy: SignInPolicyService;
  /** The person as sessions and pages see them, with whether they must set up two-step sign-in first. */
  sessionUser(user: StaffUser): Promise<SessionUser>;
}

/** The settings the staff service reads (the TOTP key comes from the last two, secret-box.ts). */
export type StaffSettings = Pick<
  Config,
  | 'REQUIRE_2FA'
  | 'LOGIN_WINDOW_MINUTES'
  | 'LOGIN_MAX_FAILURES'
  | 'MAX_SESSIONS_PER_USER'
  | 'TOTP_ENCRYPTION_KEY'
  | 'SESSION_SECRET'
  | 'SITE_URL'
  | 'SMTP_URL'
>;

export interface StaffServiceDeps {
  db: Db;
  settings: StaffSettings;
  /**
   * The name the site settings hold now (invitations are signed with it); scripts and tests without the settings
   * service get the default company's.
   */
  companyName?: () => Promise<string>;
}

export function createStaffService({ db, settings, companyName = async () => DEFAULT_SITE_SETTINGS.name }: StaffServiceDeps): StaffService {
  const totpKey = totpEncryptionKey(settings);
  const signInPolicy = createSignInPolicy(db, settings.REQUIRE_2FA);
  const invitations = {
    siteUrl: settings.SITE_URL,
    sealKey: outboxSealKey(settings),
    companyName,
    mailConfigured: Boolean(settings.SMTP_URL),
  };
  return {
    createAccount: (actor, input) => createStaffUser(db, actor, input),
    resetPassword: (actor, email, password) => resetStaffPassword(db, actor, email, password),
    hasAccounts: async () => (await countUsers(db)) > 0,
    authenticate: (email, password, lane) => authenticate(db, email, password, lane),
    findUser: async (id) => {
      const account = await findUserById(db, id);
      return account && !account.deactivatedAt ? staffOf(db, account) : null;
    },
    verifySecondFactor: (actor, userId, code) => verifySecondFactor(db, totpKey, actor, userId, code),
    accountInfo: (userId) => getAccountInfo(db, settings, signInPolicy, userId),
    reserveSignIn: (email, ip, knownDevice) => reserveAttempt(db, settings, signInBuckets(email, ip, knownDevice)),
    changePassword: async (actor, userId, currentSid, input) => {
      const passwordHash = await checkedNewPassword(db, settings, userId, input);
      await withAudit(db, actor, 'auth.password_changed', async (trx) => {
        await updateUser(trx, userId, { passwordHash, updatedAt: new Date().toISOString() });
        await deleteUserSessions(trx, userId, currentSid);
      });
    },
    endOtherSessions: (actor, userId, currentSid) =>
      withAudit(db, actor, 'auth.sessions_ended', (trx) => deleteUserSessions(trx, userId, currentSid), String),
    confirmPassword: (userId, password) => recheckPassword(db, settings, userId, password, 'password'),
    startTotpSetup,
    enableTotp: (actor, userId, secret, code) => {
      const changes = totpChanges(totpKey, secret, code);
      return withAudit(db, actor, 'auth.2fa_enabled', async (trx) => {
        await updateUser(trx, userId, changes.account);
        return changes.recoveryCodes;
      });
    },
    disableTotp: async (actor, userId, currentSid, password) => {
      await recheckPassword(db, settings, userId, password, 'password');
      await withAudit(db, actor, 'auth.2fa_disabled', async (trx) => {
        await updateUser(trx, userId, {
          totpSecret: null,
          totpLastStep: null,
          recoveryCodeHashes: null,
          updatedAt: new Date().toISOString(),
        });
        await deleteUserSessions(trx, userId, currentSid);
      });
    },
    recordEvent: (actor, action, target = null) => recordAudit(db, actor, action, target),
    recordSignIn: async (actor, action = 'auth.sign_in') => {
      await withAudit(
        db,
        actor,
        action,
        async (trx) => {
          await updateUser(trx, actor.userId, { lastSignInAt: new Date().toISOString() });
          return trimUserSessions(trx, actor.userId, settings.MAX_SESSIONS_PER_USER);
        },
        (ended) => (ended > 0 ? ADMIN_MESSAGES.oldestSessionsEnded(ended) : null),
      );
    },
    signOut: (actor, sid) => withAudit(db, actor, 'auth.sign_out', (trx) => deleteSession(trx, sid)),
    overview: () => staffOverview(db, signInPolicy, invitations.mailConfigured),
    person: (id, viewerCsrf) => staffPerson(db, id, viewerCsrf),
    invite: (actor, input) => invitePerson(db, invitations, actor, input),
    invitation: (token) => invitationFor(db, token),
    invitationLink: (actor, id) => openInvitationLink(db, invitations, actor, id),
    acceptInvitation: (token, password, ip) => {
      checkNewPassword(password);
      return acceptInvitation(db, token, password, ip);
    },
    deactivate: (actor, id) => deactivatePerson(db, actor, id),
    reactivate: (actor, id) => reactivatePerson(db, actor, id),
    endSession: (actor, id, ref) => endPersonSession(db, actor, id, ref),
    changeRole: (actor, id, role) => changePersonRole(db, actor, id, role),
    transferOwnership: (actor, id) => transferOwnership(db, actor, id),
    signInPolicy,
    // Someone with a second factor need not set one up: the policy is read (a query) only for those without.
    sessionUser: async (user) => toSessionUser(user, !user.hasTwoFactor && (await signInPolicy.twoStepRequired(user.role))),
  };
}

async function createStaffUser(
  db: Db,
  actor: Actor,
  input: { email: string; name: string; password: string; role?: AssignableRole },
): Promise<StaffUser> {
  checkNewPassword(input.password);
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new AppError('ABORTED', ADMIN_MESSAGES.accountExists(email));
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(input.password);
  const account = await db.transaction().execute(async (trx) => {
    // Counted inside the transaction that inserts, so two first accounts made at once cannot both be Owner on SQLite.
    const role: Role = (await countUsers(trx)) === 0 ? 'owner' : (input.role ?? DEFAULT_ROLE);
    const created = newStaffAccount({ email, name: input.name.trim(), passwordHash, role }, now);
    await insertUser(trx, created);
    await recordAudit(trx, actor, 'user.created', email);
    return created;
  });
  return toStaff(account, false);
}

async function resetStaffPassword(db: Db, actor: Actor, email: string, password: string): Promise<StaffUser> {
  checkNewPassword(password);
  const row = await findUserByEmail(db, email.trim());
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.noAccount(email));
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, row.id, {
      passwordHash,
      totpSecret: null,
      totpLastStep: null,
      recoveryCodeHashes: null,
      updatedAt: new Date().toISOString(),
    });
    await deleteUserSessions(trx, row.id, null);
    await deleteUserPasskeys(trx, row.id);
    await clearAttempts(trx, signInBuckets(row.email, undefined, null)[0]!);
    await recordAudit(trx, actor, 'user.password_reset', row.email);
  });
  return toStaff({ ...row, totpSecret: null }, false);
}

async function authenticate(db: Db, email: string, password: string, lane: HashLane): Promise<StaffUser | null> {
  const row = await findUserByEmail(db, email.trim());
  if (!row) {
    await burnPasswordCheck(password, lane);
    return null;
  }
  // A deactivated account's password is still checked, so the answer takes as long and says no more.
  return (await verifyPassword(password, row.passwordHash, lane)) && !row.deactivatedAt ? staffOf(db, row) : null;
}

/**
 * Throws the form's error (under `field`) unless `password` is this account's password. Guesses are limited like
 * sign-ins, so a session left open does not let anyone try passwords without end.
 */
export async function recheckPassword(db: Db, settings: StaffSettings, userId: string, password: string, field: string): Promise<void> {
  const attempt = await reserveAttempt(db, settings, reauthBuckets(userId));
  const row = await findUserById(db, userId);
  if (!row || !(await verifyPassword(password, row.passwordHash, TRUSTED_LANE))) {
    throw invalidFields(ADMIN_MESSAGES.passwordWrong, { [field]: ADMIN_MESSAGES.passwordWrong });
  }
  await attempt.succeeded();
}

/** The hash of the new password, once the current one is right and the new one acceptable. */
async function checkedNewPassword(
  db: Db,
  settings: StaffSettings,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  await recheckPassword(db, settings, userId, input.currentPassword, 'currentPassword');
  checkNewPassword(input.newPassword);
  return hashPassword(input.newPassword);
}

async function getAccountInfo(db: Db, settings: StaffSettings, policy: SignInPolicyService, userId: string): Promise<AccountInfo> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
  const [liveSessions, passkeys] = await Promise.all([
    countUserSessions(db, userId, new Date().toISOString()),
    listUserPasskeys(db, userId),
  ]);
  return {
    email: row.email,
    name: row.name,
    hasTwoFactor: row.totpSecret !== null,
    recoveryCodesLeft: row.recoveryCodeHashes?.length ?? 0,
    // The session asking is one of them.
    otherSessions: Math.max(0, liveSessions - 1),
    twoFactorRequired: await policy.twoStepRequired(row.role),
    sessionLimit: settings.MAX_SESSIONS_PER_USER,
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
  };
}

export interface TotpSetup {
  secret: string;
  /** The QR code of the otpauth URI, as an SVG data URL for an <img>. */
  qrDataUrl: string;
}

function startTotpSetup(email: string): TotpSetup {
  const secret = generateTotpSecret();
  const qr = qrcode(0, 'M');
  qr.addData(otpauthUri(secret, email, DEFAULT_SITE_SETTINGS.name));
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return { secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const RECOVERY_CODE_COUNT = 10;

function hashCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/**
 * What turning two-factor sign-in on stores, once the app shows the right code (the secret encrypted with `key`,
 * secret-box.ts); and the one-time recovery codes.
 */
function totpChanges(key: Buffer, secret: string, code: string): { account: StaffAccountChanges; recoveryCodes: string[] } {
  const step = matchTotp(secret, code);
  if (step === null) {
    throw invalidFields(ADMIN_MESSAGES.totpInvalid, { code: ADMIN_MESSAGES.totpInvalid });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return {
    account: {
      totpSecret: seal(key, secret),
      totpLastStep: step,
      recoveryCodeHashes: codes.map(hashCode),
      updatedAt: new Date().toISOString(),
    },
    recoveryCodes: codes,
  };
}

/**
 * Checks a sign-in's second factor: a current TOTP code not used before (a code is valid for up to 90 s, so
 * one seen over a shoulder could otherwise be replayed), or an unused recovery code (which is then spent).
 */
async function verifySecondFactor(db: Db, key: Buffer, actor: Actor, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const row = await findUserById(db, userId);
  if (!row?.totpSecret) return null;
  const now = new Date().toISOString();
  // Each use is a conditional write, so of two parallel requests with one code only one gets through.
  const step = matchTotp(unseal(key, row.totpSecret), code);
  if (step !== null) return (await advanceTotpStep(db, userId, step, now)) ? 'totp' : null;
  const hashes = row.recoveryCodeHashes ?? [];
  const given = Buffer.from(hashCode(code));
  const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h), given));
  if (index < 0) return null;
  const left = hashes.filter((_, i) => i !== index);
  return db.transaction().execute(async (trx) => {
    if (!(await swapRecoveryCodes(trx, userId, hashes, left, now))) return null;
    await recordAudit(trx, actor, 'auth.recovery_code_used');
    return 'recovery' as const;
  });
}
