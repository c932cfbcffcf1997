import { expect } from 'vitest';
import { type MailCatcher, decodedMail } from './mail-catcher.ts';
import { deliverOutboxOnce } from './outbox-once.ts';
import type { TestApp } from './test-app.ts';

/** Runs the outbox once into the test's SMTP server; returns the invitation link mailed to `to`. */
export async function mailedInvitationLink(app: Pick<TestApp, 'config' | 'database'>, smtp: MailCatcher, to: string): Promise<string> {
  await deliverOutboxOnce(app, smtp.port);
  const mail = smtp.received.findLast((m) => m.to.includes(to));
  expect(mail).toBeDefined();
  const link = /https:\/\/www\.example\.com\.au\/admin\/invitation\?token=[\w-]+/.exec(decodedMail(mail!.raw))?.[0];
  expect(link).toBeDefined();
  return link!;
}
