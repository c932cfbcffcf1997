import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

/**
 * How the server answers each message once its data has arrived: accept it (at once or after `delayMs`, the
 * way a slow relay does), refuse it with a 550, or never answer (a hung server).
 */
export type MailAnswer = { accept: true; delayMs?: number } | 'refuse' | 'hang';

/**
 * A real SMTP server in this process, on a free port. A test that takes it down puts a TCP proxy in front
 * (tests/helpers/tcp-proxy.ts), which keeps the port while it refuses: a port let go is another process's to take.
 * `received` holds the messages it accepted: a message counts once the server answered 250 for it on a
 * connection still open, as a relay commits it then.
 */
export class MailCatcher {
  received: Received[] = [];
  /** Messages whose data arrived, accepted or not (a hung or slow answer included). */
  arrived = 0;
  answer: MailAnswer = { accept: true };
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const closed = new Set<string>();
    this.server = new SMTPServer({
      onClose: (session) => closed.add(session.id),
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() cuts connections a hung answer keeps open instead of waiting 30 s for them.
      closeTimeout: 200,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          this.arrived += 1;
          const answer = this.answer;
          if (answer === 'hang') return;
          if (answer === 'refuse') {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          const accept = () => {
            // The client gave up waiting: no 250 reached it, so the message was not taken.
            if (closed.has(session.id)) return;
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          };
          if (answer.delayMs) setTimeout(accept, answer.delayMs);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server!.close(resolve));
  }
}

/** Quoted-printable soft line breaks and `=XX` escapes undone, so tests can search the text. */
export const decodedMail = (raw: string) =>
  // Each =XX is one byte of UTF-8 (’ is three): the bytes are gathered as Latin-1, then read as UTF-8.
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A header of a caught message (the message's own, not a part's), folded lines joined. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The body of a caught message's part of one content type (`text/plain`, `text/html`), its transfer encoding undone. */
export function mailPart(raw: string, type: string): string | undefined {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`^content-type:\\s*${type.replace('/', '\\/')}`, 'im').test(head)) continue;
    const body = rest.join('\r\n\r\n');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const text = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < text.length; i += 1) {
        const hex = text.slice(i + 1, i + 3);
        if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    return body;
  }
  return undefined;
}
