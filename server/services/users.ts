import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import qrcode from 'qrcode-generator';
import type { Db } from '../../db/database.ts';
import { countUserSessions, deleteUserSessions } from '../../db/queries/sessions.ts';
import { countUsers, findUserByEmail, findUserById, insertUser, updateUser } from '../../db/queries/users.ts';
import type { UserRow } from '../../db/types.ts';
import type { AccountInfo } from '../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-messages.ts';
import { COMPANY } from '../../shared/company.ts';
import type { SessionUser } from '../../shared/page-context.ts';
import { NewPasswordSchema } from '../../shared/schemas/admin-auth.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password.ts';
import { generateTotpSecret, matchTotp, otpauthUri } from '../auth/totp.ts';
import { AppError } from '../errors.ts';

/** A staff account as the rest of the server sees it (never the hash or the secrets). */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  hasTwoFactor: boolean;
}

function toStaff(row: UserRow): StaffUser {
  return { id: row.id, email: row.email, name: row.name, hasTwoFactor: row.totp_secret !== null };
}

export function toSessionUser(user: StaffUser, requireTwoFactor: boolean): SessionUser {
  return { id: user.id, email: user.email, name: user.name, mustSetUpTwoFactor: requireTwoFactor && !user.hasTwoFactor };
}

function checkNewPassword(password: string): void {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw new AppError('INVALID_ARGUMENT', parsed.error.issues[0]!.message);
}

export async function createStaffUser(db: Db, input: { email: string; name: string; password: string }): Promise<StaffUser> {
  checkNewPassword(input.password);
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new AppError('ABORTED', `An account for ${email} already exists.`);
  const now = new Date().toISOString();
  const row = {
    id: randomUUID(),
    email,
    name: input.name.trim(),
    password_hash: await hashPassword(input.password),
    totp_secret: null,
    totp_last_step: null,
    recovery_codes: null,
    created_at: now,
    updated_at: now,
  };
  await insertUser(db, row);
  return toStaff(row);
}

/** Break-glass: a new password, two-factor sign-in switched off and every session ended. */
export async function resetStaffPassword(db: Db, email: string, password: string): Promise<StaffUser> {
  checkNewPassword(password);
  const row = await findUserByEmail(db, email.trim());
  if (!row) throw new AppError('NOT_FOUND', `No account for ${email}.`);
  await updateUser(db, row.id, {
    password_hash: await hashPassword(password),
    totp_secret: null,
    totp_last_step: null,
    recovery_codes: null,
    updated_at: new Date().toISOString(),
  });
  await deleteUserSessions(db, row.id, null);
  return { ...toStaff(row), hasTwoFactor: false };
}

export function hasStaffAccounts(db: Db): Promise<boolean> {
  return countUsers(db).then((n) => n > 0);
}

/** The account for this email and password, or null; takes about as long whether or not the email exists. */
export async function authenticate(db: Db, email: string, password: string): Promise<StaffUser | null> {
  const row = await findUserByEmail(db, email.trim());
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(password, row.password_hash)) ? toStaff(row) : null;
}

export async function findStaffUser(db: Db, id: string): Promise<StaffUser | null> {
  const row = await findUserById(db, id);
  return row ? toStaff(row) : null;
}

/** Changes the password after checking the current one, and signs out every other session. */
export async function changePassword(
  db: Db,
  userId: string,
  currentSid: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const row = await findUserById(db, userId);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.passwordWrong, { details: { fieldErrors: { currentPassword: ADMIN_MESSAGES.passwordWrong } } });
  }
  checkNewPassword(input.newPassword);
  await updateUser(db, userId, { password_hash: await hashPassword(input.newPassword), updated_at: new Date().toISOString() });
  await deleteUserSessions(db, userId, currentSid);
}

export function endOtherSessions(db: Db, userId: string, currentSid: string): Promise<number> {
  return deleteUserSessions(db, userId, currentSid);
}

export async function getAccountInfo(db: Db, userId: string, requireTwoFactor: boolean): Promise<AccountInfo> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', ADMIN_MESSAGES.signInRequired);
  const liveSessions = await countUserSessions(db, userId, new Date().toISOString());
  return {
    email: row.email,
    name: row.name,
    hasTwoFactor: row.totp_secret !== null,
    recoveryCodesLeft: row.recovery_codes ? (JSON.parse(row.recovery_codes) as string[]).length : 0,
    // The session asking is one of them.
    otherSessions: Math.max(0, liveSessions - 1),
    twoFactorRequired: requireTwoFactor,
  };
}

export interface TotpSetup {
  secret: string;
  /** The QR code of the otpauth URI, as an SVG data URL for an <img>. */
  qrDataUrl: string;
}

export function startTotpSetup(email: string): TotpSetup {
  const secret = generateTotpSecret();
  const qr = qrcode(0, 'M');
  qr.addData(otpauthUri(secret, email, COMPANY.name));
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return { secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const RECOVERY_CODE_COUNT = 10;

function hashCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** Turns two-factor sign-in on once the app shows the right code; returns the one-time recovery codes. */
export async function enableTotp(db: Db, userId: string, secret: string, code: string): Promise<string[]> {
  const step = matchTotp(secret, code);
  if (step === null) {
    throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.totpInvalid, { details: { fieldErrors: { code: ADMIN_MESSAGES.totpInvalid } } });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  await updateUser(db, userId, {
    totp_secret: secret,
    totp_last_step: step,
    recovery_codes: JSON.stringify(codes.map(hashCode)),
    updated_at: new Date().toISOString(),
  });
  return codes;
}

export async function disableTotp(db: Db, userId: string, password: string): Promise<void> {
  const row = await findUserById(db, userId);
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.passwordWrong, { details: { fieldErrors: { password: ADMIN_MESSAGES.passwordWrong } } });
  }
  await updateUser(db, userId, { totp_secret: null, totp_last_step: null, recovery_codes: null, updated_at: new Date().toISOString() });
}

/**
 * Checks a sign-in's second factor: a current TOTP code not used before (a code is valid for up to 90 s, so
 * one seen over a shoulder could otherwise be replayed), or an unused recovery code (which is then spent).
 */
export async function verifySecondFactor(db: Db, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const row = await findUserById(db, userId);
  if (!row?.totp_secret) return null;
  const step = matchTotp(row.totp_secret, code);
  if (step !== null) {
    if (row.totp_last_step !== null && step <= row.totp_last_step) return null;
    await updateUser(db, userId, { totp_last_step: step, updated_at: new Date().toISOString() });
    return 'totp';
  }
  const hashes = row.recovery_codes ? (JSON.parse(row.recovery_codes) as string[]) : [];
  const given = Buffer.from(hashCode(code));
  const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h), given));
  if (index < 0) return null;
  hashes.splice(index, 1);
  await updateUser(db, userId, { recovery_codes: JSON.stringify(hashes), updated_at: new Date().toISOString() });
  return 'recovery';
}
