import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage } from './lead-notifications.ts';

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** E-mail over SMTP (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`) from `MAIL_FROM`. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    close: () => transport.close(),
  };
}
