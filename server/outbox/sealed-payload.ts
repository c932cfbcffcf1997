import { createHmac } from 'node:crypto';
import type { Config } from '../core/config.ts';
import { seal, totpEncryptionKey, unseal } from '../core/secret-box.ts';
import { DeliveryRefused } from './delivery-refused.ts';

/** A payload that holds a secret (an invitation's one-time link), stored encrypted until the worker sends it. */
interface SealedPayload {
  sealed: string;
}

/** The key sealed payloads use: derived from the key that protects TOTP secrets (one secret to configure). */
export function outboxSealKey(config: Pick<Config, 'TOTP_ENCRYPTION_KEY' | 'SESSION_SECRET'>): Buffer {
  return createHmac('sha256', totpEncryptionKey(config)).update('outbox-payloads').digest();
}

export function sealPayload(key: Buffer, payload: unknown): SealedPayload {
  return { sealed: seal(key, JSON.stringify(payload)) };
}

function isSealed(payload: unknown): payload is SealedPayload {
  return typeof payload === 'object' && payload !== null && typeof (payload as SealedPayload).sealed === 'string';
}

/** The payload as sent: opened if sealed. A worker without the key refuses the message rather than retry forever. */
export function openEmailPayload(payload: unknown, key: Buffer | undefined): unknown {
  if (!isSealed(payload)) return payload;
  if (!key) throw new DeliveryRefused('a sealed message needs the key (SESSION_SECRET or TOTP_ENCRYPTION_KEY)');
  try {
    return JSON.parse(unseal(key, payload.sealed)) as unknown;
  } catch (err) {
    throw new DeliveryRefused('a sealed message cannot be opened: the key changed since it was queued', { cause: err });
  }
}
