import { z } from 'zod';
import { ADMIN_MESSAGES } from '../admin-texts.ts';
import { PASSKEY_NAME_MAX } from '../passkeys.ts';

/** docs/product.md#passkeys: what the account page and the sign-in page send about passkeys. */

export const PasskeyNameSchema = z
  .string(ADMIN_MESSAGES.passkeyNameRequired)
  .trim()
  .min(1, ADMIN_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX, ADMIN_MESSAGES.passkeyNameTooLong);

/** base64url, as WebAuthn's JSON carries every binary field; bounded so a body cannot grow a field without end. */
const base64url = z
  .string()
  .max(16_000)
  .regex(/^[A-Za-z0-9_-]*$/);

/** The JSON of a credential a browser made or used (its own checks are the WebAuthn library's). */
const credential = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A new passkey from the account page: the browser's registration response and the name the person gave it. */
export const PasskeyRegistrationSchema = z.object({
  name: PasskeyNameSchema,
  response: z.object({
    ...credential,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url.optional(),
    }),
  }),
});

export const PasskeyRenameSchema = z.object({ name: PasskeyNameSchema });

/** Removing a passkey; the password is needed only for the last way of two-factor sign-in. */
export const PasskeyRemoveSchema = z.object({ password: z.string().max(1024).optional() });

/** A passkey sign-in: the browser's assertion and where to go after it. */
export const PasskeySignInSchema = z.object({
  next: z.string().max(2000).optional(),
  response: z.object({
    ...credential,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  }),
});
