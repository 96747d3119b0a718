import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  /** The text body, its transfer encoding undone. */
  text: string;
}

/** Undoes a body's Content-Transfer-Encoding (quoted-printable, base64, or none). */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A raw single-part message → its headers (lower-case names, folded lines joined) and decoded text. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, text: decodeBody(raw.slice(split + 4), headers['content-transfer-encoding']?.toLowerCase()) };
}

/**
 * A real SMTP server on 127.0.0.1 (any user and password accepted, no TLS) that keeps what it receives.
 * `next()` resolves with the next message to arrive (or one already waiting), without polling.
 */
export async function startSmtpInbox() {
  const inbox: ReceivedMail[] = [];
  const waiting: Array<(m: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else inbox.push(mail);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://user:pass@127.0.0.1:${port}`,
    /** Messages received and not yet taken by next(). */
    pending: () => inbox.length,
    next: () => new Promise<ReceivedMail>((resolve) => (inbox.length ? resolve(inbox.shift()!) : waiting.push(resolve))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
