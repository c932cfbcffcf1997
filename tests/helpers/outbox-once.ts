import { createLogger } from '../../server/core/logger.ts';
import { createMailer } from '../../server/outbox/mail.ts';
import { createOutboxWorker } from '../../server/outbox/outbox-worker.ts';
import { outboxSealKey } from '../../server/outbox/sealed-payload.ts';
import { MailCatcher, type Received } from './mail-catcher.ts';
import type { TestApp } from './test-app.ts';

/** Runs the app's outbox once, as the server's worker does, into the test's SMTP server at `smtpPort`. */
export async function deliverOutboxOnce(app: Pick<TestApp, 'database' | 'config'>, smtpPort: number): Promise<void> {
  const worker = createOutboxWorker({
    db: app.database.db,
    engine: app.database.engine,
    logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    mailer: createMailer(`smtp://127.0.0.1:${smtpPort}`, 'Northbridge IT <site@example.com>'),
    sealKey: outboxSealKey(app.config),
    pollMs: 20,
    maxAttempts: 3,
  });
  await worker.runOnce();
}

/** Every e-mail the app's outbox holds, delivered once into an SMTP server of its own, as they arrived. */
export async function mailFromOutbox(app: Pick<TestApp, 'database' | 'config'>): Promise<Received[]> {
  const smtp = new MailCatcher();
  await smtp.start();
  try {
    await deliverOutboxOnce(app, smtp.port);
  } finally {
    await smtp.stop();
  }
  return smtp.received;
}
