import { createHmac, timingSafeEqual } from 'node:crypto';
import { DeliveryRefused } from './delivery-refused.ts';

export const SIGNATURE_HEADER = 'X-Webhook-Signature';
export const TIMESTAMP_HEADER = 'X-Webhook-Timestamp';

/**
 * `sha256=` + hex HMAC-SHA256 over `${timestamp}.${body}`: the receiver recomputes it with the shared secret
 * and refuses old timestamps, so a captured request cannot be replayed later.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver runs; used by the tests and documented for integrators. */
export function verifyWebhookSignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * POSTs the JSON body, signed; any answer but 2xx is a failed attempt, and a 4xx (but 408 and 429, which ask to
 * try later) refuses this message. `signal` aborts the request on a timeout or at shutdown.
 */
export async function postWebhook(url: string, secret: string, payload: unknown, signal?: AbortSignal): Promise<void> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'northbridge-it-webhook/1',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    },
    body,
    ...(signal ? { signal } : {}),
  });
  await res.body?.cancel();
  if (res.ok) return;
  const message = `webhook answered HTTP ${res.status}`;
  const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
  throw refused ? new DeliveryRefused(message) : new Error(message);
}
