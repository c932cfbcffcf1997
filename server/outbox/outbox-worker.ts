import { randomUUID } from 'node:crypto';
import type { Db, DbEngine, DbHandle } from '../../db/database.ts';
import { deleteExpiredCaptchaSolutions } from '../../db/queries/captcha.ts';
import { deleteExpiredIdempotencyKeys } from '../../db/queries/idempotency.ts';
import {
  type OutboxKind,
  type OutboxMessage,
  claimNextMessage,
  markAttemptFailed,
  markDelivered,
  releaseClaims,
  renewClaim,
} from '../../db/queries/outbox.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { DeliveryRefused } from './delivery-refused.ts';
import type { EmailMessage } from './notifications.ts';
import { type Mailer, createMailer } from './mail.ts';
import { openEmailPayload, outboxSealKey } from './sealed-payload.ts';
import { postWebhook } from './webhook.ts';

export interface OutboxWorkerOptions {
  db: Db;
  engine: DbEngine;
  logger: Logger;
  /** Without a mailer, e-mail rows wait (pending) until one is configured. */
  mailer?: Mailer | undefined;
  webhook?: { url: string; secret: string } | undefined;
  /** Opens sealed e-mail payloads (an invitation's one-time link is never stored in the clear); sealed-payload.ts. */
  sealKey?: Buffer | undefined;
  pollMs: number;
  /** Refusals (SMTP 5xx, HTTP 4xx) of one message before it is marked failed; outages never fail a message. */
  maxAttempts: number;
  /** Deliveries in flight at once, per channel (e-mail, webhook). */
  concurrency?: number;
  /** First retry delay; doubled after each failed attempt, up to retryMaxMs. */
  baseDelayMs?: number;
  /** Longest wait between attempts, for a message and for a channel that is down: delivery follows recovery within it. */
  retryMaxMs?: number;
  /** How long a claim lasts unless renewed; its holder renews it every third of that while it works. */
  leaseMs?: number;
  /** Longest one delivery may take before it is aborted; shorter than the lease. */
  sendTimeoutMs?: number;
  /** How long stop() lets deliveries in flight finish before it aborts them and releases their claims. */
  stopGraceMs?: number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops claiming, lets deliveries in flight finish for a moment, then aborts the rest and releases their claims. */
  stop(): Promise<void>;
  /** One pass over every channel: delivers what is due; returns how many rows were attempted. */
  runOnce(): Promise<number>;
  /** For readiness: started, not stopping, and every loop has come round recently (none is stuck or dead). */
  isAlive(): boolean;
}

/** Each channel drains on its own, so a hanging SMTP server never holds up the webhook, nor the other way round. */
interface Channel {
  name: 'email' | 'webhook';
  kinds: readonly OutboxKind[];
  deliver(message: OutboxMessage, signal: AbortSignal): Promise<void>;
  /** Outage failures in a row; while above 0 the channel is probed by one delivery at a time. */
  failures: number;
  pausedUntil: number;
}

/**
 * Delivers the outbox: at least once, in the background, with capped exponential back-off. Each claim covers
 * one row, carries this worker's token and is renewed while the delivery runs, so it never lapses under a slow
 * receiver; each delivery is aborted after `sendTimeoutMs`. A row the receiver keeps refusing is marked
 * `failed` with its last error and attempt count, never deleted, so staff can retry it.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, engine, logger, mailer, webhook, sealKey, maxAttempts, pollMs } = options;
  const concurrency = options.concurrency ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 20_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const stopGraceMs = options.stopGraceMs ?? 3_000;
  if (sendTimeoutMs >= leaseMs) throw new Error('the send timeout must be shorter than the lease');
  // A loop that has not come round in this long is stuck: one poll, one back-off and one delivery, with margin.
  const staleAfterMs = pollMs + retryMaxMs + sendTimeoutMs + 10_000;
  const token = randomUUID();
  const shutdown = new AbortController();
  const backoff = (n: number) => Math.min(retryMaxMs, baseDelayMs * 2 ** (n - 1));
  let started = false;
  let stopRequested = false;
  const heartbeats = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  const passes = new Set<Promise<unknown>>();

  const channels: Channel[] = [];
  if (mailer) {
    const kinds = [
      'staff-email',
      'customer-email',
      'staff-invitation',
      'post-review',
      'analytics-summary',
      'assignment-email',
      'lead-reply',
      'follow-up-email',
    ] as const;
    const deliver = (m: OutboxMessage, signal: AbortSignal) => mailer.send(openEmailPayload(m.payload, sealKey) as EmailMessage, signal);
    channels.push({ name: 'email', kinds, deliver, failures: 0, pausedUntil: 0 });
  }
  if (webhook) {
    const deliver = (m: OutboxMessage, signal: AbortSignal) => postWebhook(webhook.url, webhook.secret, m.payload, signal);
    channels.push({ name: 'webhook', kinds: ['webhook'], deliver, failures: 0, pausedUntil: 0 });
  }

  async function attempt(channel: Channel, message: OutboxMessage): Promise<void> {
    const timeout = AbortSignal.timeout(sendTimeoutMs);
    const renewal = setInterval(() => {
      const lockedUntil = new Date(Date.now() + leaseMs).toISOString();
      renewClaim(db, message.id, token, lockedUntil).catch((err: unknown) =>
        logger.warn({ err, outboxId: message.id }, 'could not renew an outbox claim'),
      );
    }, leaseMs / 3);
    let error: unknown;
    try {
      await channel.deliver(message, AbortSignal.any([timeout, shutdown.signal]));
    } catch (err) {
      error = err;
    } finally {
      clearInterval(renewal);
    }
    // Aborted by stop(): not an attempt; the claim is released for another instance.
    if (shutdown.signal.aborted && error !== undefined) return;
    const now = new Date();
    if (error === undefined) {
      channel.failures = 0;
      await markDelivered(db, message.id, token, now.toISOString());
      logger.info({ outboxId: message.id, kind: message.kind }, 'notification delivered');
      return;
    }
    const err = timeout.aborted ? new Error(`no answer within ${sendTimeoutMs / 1000} s`) : error;
    const refused = err instanceof DeliveryRefused;
    if (refused) channel.failures = 0;
    else {
      channel.failures += 1;
      channel.pausedUntil = Date.now() + backoff(channel.failures);
    }
    const attempts = message.attempts + 1;
    const failed = refused && attempts >= maxAttempts;
    await markAttemptFailed(db, message.id, token, {
      error: err instanceof Error ? err.message : String(err),
      nextAttemptAt: new Date(now.getTime() + backoff(attempts)).toISOString(),
      failed,
    });
    const log = failed ? logger.error.bind(logger) : logger.warn.bind(logger);
    log(
      { outboxId: message.id, kind: message.kind, attempts, err },
      failed ? 'notification failed for good' : 'notification will be retried',
    );
  }

  /** Delivers what is due on one channel, `concurrency` at a time (one while the channel is being probed). */
  async function drain(channel: Channel): Promise<number> {
    let attempted = 0;
    const lanes = new Set<Promise<void>>();
    const errors: unknown[] = [];
    const lane = async (): Promise<void> => {
      // A lane ends at the first outage: the loop comes back once the channel's back-off has passed.
      while (!stopRequested && Date.now() >= channel.pausedUntil) {
        const now = Date.now();
        const message = await claimNextMessage(db, engine, {
          kinds: channel.kinds,
          now: new Date(now).toISOString(),
          lockedUntil: new Date(now + leaseMs).toISOString(),
          token,
        });
        if (!message) return;
        attempted += 1;
        await attempt(channel, message);
        heartbeats.set(channel.name, Date.now());
        if (channel.failures > 0) return;
        // A probe got through: open the other lanes.
        while (channel.failures === 0 && lanes.size < concurrency) spawn();
      }
    };
    const spawn = () => {
      const running: Promise<void> = lane()
        .catch((err: unknown) => void errors.push(err))
        .finally(() => lanes.delete(running));
      lanes.add(running);
    };
    const initial = channel.failures > 0 ? 1 : concurrency;
    for (let i = 0; i < initial; i += 1) spawn();
    while (lanes.size) await Promise.all(lanes);
    if (errors.length) throw errors[0];
    return attempted;
  }

  async function housekeeping(): Promise<number> {
    const now = new Date().toISOString();
    await deleteExpiredCaptchaSolutions(db, now);
    await deleteExpiredIdempotencyKeys(db, now);
    return 0;
  }

  /** One loop per channel (and one for housekeeping): a pass, then the next one after the poll or the back-off. */
  function loop(name: string, pass: () => Promise<number>, pausedUntil: () => number): void {
    const tick = () => {
      heartbeats.set(name, Date.now());
      const running = pass()
        .catch((err: unknown) => logger.warn({ err, channel: name }, 'outbox pass failed; will try again'))
        .finally(() => {
          passes.delete(running);
          heartbeats.set(name, Date.now());
          if (!stopRequested) timers.set(name, setTimeout(tick, Math.max(pollMs, pausedUntil() - Date.now())).unref());
        });
      passes.add(running);
    };
    timers.set(name, setTimeout(tick, 0).unref());
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (const channel of channels)
        loop(
          channel.name,
          () => drain(channel),
          () => channel.pausedUntil,
        );
      loop('housekeeping', housekeeping, () => 0);
    },
    async stop() {
      stopRequested = true;
      for (const timer of timers.values()) clearTimeout(timer);
      const settled = Promise.allSettled([...passes]);
      const grace = new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref());
      await Promise.race([settled, grace]);
      shutdown.abort();
      await settled;
      const released = await releaseClaims(db, token);
      if (released) logger.info({ released }, 'outbox claims released for another instance');
    },
    async runOnce() {
      const counts = await Promise.all([...channels.map(drain), housekeeping()]);
      return counts.reduce((sum, n) => sum + n, 0);
    },
    isAlive() {
      if (!started || stopRequested) return false;
      const now = Date.now();
      return [...heartbeats.values()].every((beat) => now - beat < staleAfterMs);
    },
  };
}

/** The worker as configured by the environment (SMTP_URL, WEBHOOK_URL, OUTBOX_*), started. */
export function startOutboxWorker(
  config: Pick<
    Config,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'WEBHOOK_URL'
    | 'WEBHOOK_SECRET'
    | 'OUTBOX_POLL_MS'
    | 'OUTBOX_MAX_ATTEMPTS'
    | 'OUTBOX_CONCURRENCY'
    | 'OUTBOX_RETRY_MAX_MS'
    | 'OUTBOX_LEASE_MS'
    | 'OUTBOX_SEND_TIMEOUT_MS'
    | 'TOTP_ENCRYPTION_KEY'
    | 'SESSION_SECRET'
  >,
  database: DbHandle,
  logger: Logger,
): OutboxWorker & { close(): Promise<void> } {
  if (!config.SMTP_URL) {
    logger.warn('SMTP_URL is not set: lead e-mails wait in the outbox and are sent once SMTP is configured');
  }
  const mailer = config.SMTP_URL ? createMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const worker = createOutboxWorker({
    db: database.db,
    engine: database.engine,
    logger,
    mailer,
    webhook: config.WEBHOOK_URL && config.WEBHOOK_SECRET ? { url: config.WEBHOOK_URL, secret: config.WEBHOOK_SECRET } : undefined,
    sealKey: outboxSealKey(config),
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    concurrency: config.OUTBOX_CONCURRENCY,
    retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
    leaseMs: config.OUTBOX_LEASE_MS,
    sendTimeoutMs: config.OUTBOX_SEND_TIMEOUT_MS,
  });
  worker.start();
  return {
    ...worker,
    async close() {
      await worker.stop();
      mailer?.close();
    },
  };
}
