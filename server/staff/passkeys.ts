import type * as WebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/database.ts';
import {
  type StoredPasskey,
  advancePasskeyCounter,
  deletePasskey,
  findPasskey,
  hasPasskey,
  insertPasskey,
  listUserPasskeys,
  renamePasskey,
  spendPasskeyChallenge,
} from '../../db/queries/passkeys.ts';
import { deleteUserSessions } from '../../db/queries/sessions.ts';
import { findUserById, updateUser } from '../../db/queries/users.ts';
import { DEFAULT_SITE_SETTINGS } from '../../shared/company.ts';
import { ADMIN_MESSAGES } from '../../shared/admin-texts.ts';
import type { PasskeyInfo } from '../../shared/passkeys.ts';
import { type Actor, recordAudit, withAudit } from '../audit/audit-log.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import { type Attempt, passkeyBuckets, reserveAttempt } from './throttle.ts';
import { type StaffService, type StaffSettings, type StaffUser, recheckPassword } from './users.ts';

/** A challenge must be answered within this time (the browser's own prompt gives up after a minute). */
export const CHALLENGE_MS = 5 * 60_000;

let library: Promise<{ server: typeof WebAuthn; algorithms: number[] }> | undefined;
/**
 * The WebAuthn library, loaded with the first passkey ceremony: a site whose staff use none never holds it in
 * memory (docs/decisions/020-cache-hit-path.md). With it, the signature algorithms accepted: what authenticators use
 * today. The library would add post-quantum ML-DSA where the runtime has it, which Node 24 marks experimental and
 * warns about on stderr at every check.
 */
const webauthn = () =>
  (library ??= Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]).then(([server, { COSEALG }]) => ({
    server,
    algorithms: [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256],
  })));

/** The relying party is the site itself: its host name is the passkeys' scope, its origin the only one accepted. */
export function relyingParty(siteUrl: string): { id: string; origin: string } {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * Passkeys (WebAuthn, through SimpleWebAuthn): a person adds, renames and removes their own from the account
 * page, and signs in with one alone, since a passkey with user verification is two factors in itself
 * (docs/product.md#passkeys). Each change is one transaction with its audit entry.
 */
export interface PasskeyService {
  /** What the browser needs to make a passkey for `user`; the caller keeps `challenge` for `add`. */
  registrationOptions(user: { id: string; email: string; name: string }): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Checks the browser's answer to `challenge` and keeps the new passkey; returns the person's passkeys. */
  add(actor: Actor, userId: string, input: { name: string; response: RegistrationResponseJSON }, challenge: string): Promise<PasskeyInfo[]>;
  rename(actor: Actor, userId: string, id: string, name: string): Promise<PasskeyInfo[]>;
  /**
   * Removes a passkey. The last way of two-factor sign-in takes the password, is refused while the sign-in policy
   * requires two-factor sign-in of the person (sign-in-policy.ts), and signs out every other session, as turning
   * the authenticator app off does.
   */
  remove(
    actor: Actor,
    userId: string,
    currentSid: string,
    id: string,
    password: string | undefined,
  ): Promise<{ message: string; passkeys: PasskeyInfo[] }>;
  /** A sign-in's options: any passkey of the site (the browser offers those it holds), or `userId`'s. */
  signInOptions(userId: string | null): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** Reserves a passkey sign-in for this address before it is checked (throttle.ts): RESOURCE_EXHAUSTED when too many failed. */
  reserveSignIn(ip: string | undefined): Promise<Attempt>;
  /** The active person whose passkey answered `challenge`, or null (audited) for anything else. */
  signIn(actor: Actor, response: AuthenticationResponseJSON, challenge: { value: string; at: number }): Promise<StaffUser | null>;
}

export interface PasskeyServiceDeps {
  db: Db;
  settings: StaffSettings;
  staff: StaffService;
  /** The name browsers show beside a passkey (the site settings' company name). */
  companyName?: () => Promise<string>;
}

function info({ id, name, createdAt, lastUsedAt }: StoredPasskey): PasskeyInfo {
  return { id, name, createdAt, lastUsedAt };
}

/** The WebAuthn user handle: the account's id, which names no one (the specification asks for no personal data). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

export function createPasskeyService({
  db,
  settings,
  staff,
  companyName = async () => DEFAULT_SITE_SETTINGS.name,
}: PasskeyServiceDeps): PasskeyService {
  const rp = relyingParty(settings.SITE_URL);
  const list = async (userId: string) => (await listUserPasskeys(db, userId)).map(info);
  /** What every answer must have been made for: this challenge, on this site. */
  const expected = (challenge: string) => ({ expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id });

  async function verifyNew(response: RegistrationResponseJSON, challenge: string) {
    const { server, algorithms } = await webauthn();
    try {
      const result = await server.verifyRegistrationResponse({ response, ...expected(challenge), supportedAlgorithmIDs: algorithms });
      if (result.verified) return result.registrationInfo.credential;
    } catch {
      // A malformed or forged answer: refused below like one that does not verify.
    }
    throw new AppError('INVALID_ARGUMENT', ADMIN_MESSAGES.passkeyNotAdded);
  }

  /** Checks an assertion against its passkey: its new counter, or null for a wrong signature, origin or challenge, or a counter gone back. */
  async function verifyUse(passkey: StoredPasskey, response: AuthenticationResponseJSON, challenge: string): Promise<number | null> {
    const { server } = await webauthn();
    try {
      const result = await server.verifyAuthenticationResponse({
        response,
        ...expected(challenge),
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
      });
      return result.verified ? result.authenticationInfo.newCounter : null;
    } catch {
      return null;
    }
  }

  /** True when the person has neither an authenticator app nor a passkey (left). */
  async function isLastSecondFactor(trx: Db, userId: string): Promise<boolean> {
    const account = await findUserById(trx, userId);
    return !account?.totpSecret && !(await hasPasskey(trx, userId));
  }

  return {
    registrationOptions: async (user) => {
      const { server, algorithms } = await webauthn();
      return server.generateRegistrationOptions({
        rpName: await companyName(),
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: userHandle(user.id),
        attestationType: 'none',
        supportedAlgorithmIDs: algorithms,
        // The same authenticator is not added twice.
        excludeCredentials: (await listUserPasskeys(db, user.id)).map(({ id, transports }) => ({ id, transports })),
        // Discoverable (signs in without an e-mail) and verified (a fingerprint, face or PIN): two factors in one.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    async add(actor, userId, { name, response }, challenge) {
      const credential = await verifyNew(response, challenge);
      if (await findPasskey(db, credential.id)) throw new AppError('ABORTED', ADMIN_MESSAGES.passkeyAlreadyAdded);
      const passkey: StoredPasskey = {
        id: credential.id,
        userId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      };
      await withAudit(
        db,
        actor,
        'auth.passkey_added',
        (trx) => insertPasskey(trx, passkey),
        () => name,
      );
      return list(userId);
    },

    async rename(actor, userId, id, name) {
      await withAudit(
        db,
        actor,
        'auth.passkey_renamed',
        async (trx) => {
          if (!(await renamePasskey(trx, userId, id, name))) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.passkeyNotFound);
        },
        () => name,
      );
      return list(userId);
    },

    async remove(actor, userId, currentSid, id, password) {
      const passkeys = await listUserPasskeys(db, userId);
      if (!passkeys.some((p) => p.id === id)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.passkeyNotFound);
      const account = await findUserById(db, userId);
      const last = !account?.totpSecret && passkeys.length === 1;
      if (last) {
        if (account && (await staff.signInPolicy.twoStepRequired(account.role))) {
          throw new AppError('PERMISSION_DENIED', ADMIN_MESSAGES.twoFactorMandatory);
        }
        if (!password) throw invalidFields(ADMIN_MESSAGES.passkeyPasswordNeeded, { password: ADMIN_MESSAGES.passkeyPasswordNeeded });
        // Slow on purpose, so before the transaction.
        await recheckPassword(db, settings, userId, password, 'password');
      }
      const removed = await withAudit(
        db,
        actor,
        'auth.passkey_removed',
        async (trx) => {
          // A write to the account first: two removals of one person's passkeys take turns (PostgreSQL row lock).
          await updateUser(trx, userId, { updatedAt: new Date().toISOString() });
          const name = await deletePasskey(trx, userId, id);
          if (name === undefined) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.passkeyNotFound);
          const nowLast = await isLastSecondFactor(trx, userId);
          // Another removal got in first and made this one the last: it needs the password after all.
          if (nowLast && !last)
            throw invalidFields(ADMIN_MESSAGES.passkeyPasswordNeeded, { password: ADMIN_MESSAGES.passkeyPasswordNeeded });
          if (nowLast) await deleteUserSessions(trx, userId, currentSid);
          return { name, last: nowLast };
        },
        (r) => r.name,
      );
      const message = removed.last ? ADMIN_MESSAGES.passkeyRemovedLast(removed.name) : ADMIN_MESSAGES.passkeyRemoved(removed.name);
      return { message, passkeys: await list(userId) };
    },

    signInOptions: async (userId) =>
      (await webauthn()).server.generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: userId ? (await listUserPasskeys(db, userId)).map(({ id, transports }) => ({ id, transports })) : [],
        userVerification: 'required',
      }),

    reserveSignIn: (ip) => reserveAttempt(db, settings, passkeyBuckets(ip)),

    async signIn(actor, response, challenge) {
      const passkey = await findPasskey(db, response.id);
      const owner = passkey ? await findUserById(db, passkey.userId) : undefined;
      const refuse = async () => {
        await recordAudit(db, { ...actor, email: owner?.email ?? null }, 'auth.passkey_sign_in_failed', owner?.email ?? null);
        return null;
      };
      // Spent before anything is checked: an answer to it is accepted once, also from parallel requests.
      const fresh = await spendPasskeyChallenge(db, challenge.value, new Date(challenge.at + CHALLENGE_MS).toISOString());
      if (!fresh || !passkey || !owner || owner.deactivatedAt) return refuse();
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== Buffer.from(userHandle(owner.id)).toString('base64url')) return refuse();
      const counter = await verifyUse(passkey, response, challenge.value);
      if (counter === null) return refuse();
      // The counter moves only forward and only once per reading of it (verifyAuthenticationResponse refuses one gone back).
      if (!(await advancePasskeyCounter(db, passkey.id, passkey.counter, counter, new Date().toISOString()))) return refuse();
      return staff.findUser(owner.id);
    },
  };
}
