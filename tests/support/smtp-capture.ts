import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A mail server on loopback (the smtp-server package) that keeps every mail it takes, parsed by mailparser:
// the tests that read what Amiko really sends over SMTP (attachments, headers, both languages) share it.

export interface SmtpCapture {
  /** For SMTP_URL: smtp://127.0.0.1:<port>. */
  url: string;
  /** host:port, for a compose file's SMTP_URL built around it. */
  address: string;
  /** Every mail taken, in the order they arrived. */
  received: ParsedMail[];
  /** The mails taken for `to`. */
  to(to: string): ParsedMail[];
  /** While set, every recipient is refused with 451 (try again later), as a busy mailbox does. */
  refusing: boolean;
  stop(): Promise<void>;
}

/** Starts one on a free port of 127.0.0.1. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const capture = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!capture.refusing) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return Object.assign(capture, {
    url: `smtp://${address}`,
    address,
    received,
    to: (to: string) =>
      received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === to)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
