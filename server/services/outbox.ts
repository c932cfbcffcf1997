import type { Db, DbEngine, DbHandle } from '../../db/database.ts';
import { deleteExpiredCaptchaSolutions } from '../../db/queries/captcha.ts';
import {
  type OutboxKind,
  type OutboxMessage,
  claimDueMessages,
  markAttemptFailed,
  markDelivered,
} from '../../db/queries/outbox.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { EmailMessage } from './lead-notifications.ts';
import { type Mailer, createMailer } from './mail.ts';
import { postWebhook } from './webhook.ts';

export interface OutboxWorkerOptions {
  db: Db;
  engine: DbEngine;
  logger: Logger;
  /** Without a mailer, e-mail rows wait (pending) until one is configured. */
  mailer?: Mailer | undefined;
  webhook?: { url: string; secret: string } | undefined;
  pollMs: number;
  maxAttempts: number;
  /** First retry delay; doubled after each failed attempt, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row stays invisible to other workers (longer than any single delivery). */
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and waits for the delivery in progress. */
  stop(): Promise<void>;
  /** One pass: claims what is due and delivers it; returns how many rows were attempted. */
  runOnce(): Promise<number>;
}

/**
 * Delivers the outbox: at least once, in the background, with exponential back-off. A row that keeps
 * failing is marked `failed` with its last error and attempt count, never deleted, so staff can retry it.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, engine, logger, mailer, webhook, maxAttempts } = options;
  const baseDelayMs = options.baseDelayMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 6 * 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;
  const kinds: OutboxKind[] = [...(mailer ? (['staff-email', 'customer-email'] as const) : []), ...(webhook ? (['webhook'] as const) : [])];

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function deliver(message: OutboxMessage): Promise<void> {
    if (message.kind === 'webhook') return postWebhook(webhook!.url, webhook!.secret, message.payload);
    return mailer!.send(message.payload as EmailMessage);
  }

  async function attempt(message: OutboxMessage): Promise<void> {
    try {
      await deliver(message);
      await markDelivered(db, message.id, new Date().toISOString());
      logger.info({ outboxId: message.id, kind: message.kind }, 'notification delivered');
    } catch (err) {
      const attempts = message.attempts + 1;
      const failed = attempts >= maxAttempts;
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
      await markAttemptFailed(db, message.id, {
        error: err instanceof Error ? err.message : String(err),
        nextAttemptAt: new Date(Date.now() + delay).toISOString(),
        failed,
      });
      const log = failed ? logger.error.bind(logger) : logger.warn.bind(logger);
      log({ outboxId: message.id, kind: message.kind, attempts, err }, failed ? 'notification failed for good' : 'notification will be retried');
    }
  }

  async function runOnce(): Promise<number> {
    const now = new Date();
    const messages = await claimDueMessages(db, engine, {
      kinds,
      now: now.toISOString(),
      lockedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      limit: batchSize,
    });
    for (const message of messages) await attempt(message);
    await deleteExpiredCaptchaSolutions(db, now.toISOString());
    return messages.length;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => {
          logger.warn({ err }, 'outbox pass failed; will try again');
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
      // A full batch means more may be due: go again at once.
      void running.then((n) => schedule(n >= batchSize ? 0 : options.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runOnce,
  };
}

/** The worker as configured by the environment (SMTP_URL, WEBHOOK_URL, OUTBOX_*), started. */
export function startOutboxWorker(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'WEBHOOK_URL' | 'WEBHOOK_SECRET' | 'OUTBOX_POLL_MS' | 'OUTBOX_MAX_ATTEMPTS'>,
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
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
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
