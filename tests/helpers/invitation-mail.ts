import { expect } from 'vitest';
import { createLogger } from '../../server/logger.ts';
import { createMailer } from '../../server/outbox/mail.ts';
import { createOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { outboxSealKey } from '../../server/outbox/sealed-payload.ts';
import { type MailCatcher, decodedMail } from './mail-catcher.ts';
import type { TestApp } from './test-app.ts';

/** Runs the outbox once, as the server's worker does, into the test's SMTP server; returns the invitation link mailed to `to`. */
export async function mailedInvitationLink(app: Pick<TestApp, 'config' | 'database'>, smtp: MailCatcher, to: string): Promise<string> {
  const worker = createOutboxWorker({
    db: app.database.db,
    engine: app.database.engine,
    logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    mailer: createMailer(`smtp://127.0.0.1:${smtp.port}`, 'Northbridge IT <site@example.com>'),
    sealKey: outboxSealKey(app.config),
    pollMs: 20,
    maxAttempts: 3,
  });
  await worker.runOnce();
  const mail = smtp.received.findLast((m) => m.to.includes(to));
  expect(mail).toBeDefined();
  const link = /https:\/\/www\.example\.com\.au\/admin\/invitation\?token=[\w-]+/.exec(decodedMail(mail!.raw))?.[0];
  expect(link).toBeDefined();
  return link!;
}
