import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived (`raw`) and as its reader sees it: the subject and the text decoded (UTF-8, Korean). */
export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string };

/**
 * How long a test waits for a mail that a background job sends. Long enough for a busy 2-core CI machine running
 * two test files side by side; a mail that never comes still fails the test.
 */
const MAIL_WAIT_MS = 15_000;

/** Asks `find` every 25 ms until it finds something, for at most MAIL_WAIT_MS. */
async function untilFound<T>(find: () => T | undefined, failure: string): Promise<T> {
  for (let waited = 0; waited < MAIL_WAIT_MS; waited += 25) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(failure);
}

/** A real SMTP server in the test process: the shop sends to it over the network like to any other. */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        simpleParser(bytes).then(
          (parsed) => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            received.push({
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              raw: bytes.toString('utf8'),
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mails to one address (those `matches` keeps), waiting a while until there are `atLeast` of them. */
    mailsTo: (
      address: string,
      atLeast = 1,
      matches: (mail: ReceivedMail) => boolean = () => true,
    ): Promise<ReceivedMail[]> =>
      untilFound(() => {
        const found = received.filter(
          (m) => (m.to.includes(address.toLowerCase()) || m.to.includes(address)) && matches(m),
        );
        return found.length >= atLeast ? found : undefined;
      }, `no mail reached ${address}`),
    /** The first mail that matches, waiting a while for mails still in flight. */
    waitFor: (matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> =>
      untilFound(() => received.find(matches), 'the expected mail did not arrive'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
