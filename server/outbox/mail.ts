import type { Transporter } from 'nodemailer';
import type { EmailMessage } from './notifications.ts';
import { DeliveryRefused } from './delivery-refused.ts';

export interface Mailer {
  /** Sends one message; `signal` aborts it (the connection is closed) on a timeout or at shutdown. */
  send(message: EmailMessage, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * E-mail over SMTP (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`) from `MAIL_FROM`. One connection
 * per message: aborting a send closes exactly that connection. A 5xx answer is a refusal of this message;
 * anything else (no connection, a timeout, a 4xx "try later") means the server is away. nodemailer is loaded with the
 * first message: a site that sends none never holds it in memory (docs/decisions/020-cache-hit-path.md).
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  let opening: Promise<Transporter> | undefined;
  const opened = () => (opening ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async send(message, signal) {
      const transport = await opened();
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
          ...(message.references?.length ? { references: message.references } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500) throw new DeliveryRefused((err as Error).message, { cause: err });
        throw err;
      }
    },
    close: () => void opening?.then((transport) => transport.close()),
  };
}
