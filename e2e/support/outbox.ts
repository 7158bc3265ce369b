import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from './assertions.js';

/** A mail the shop wrote to DATA_DIR/outbox/ because no SMTP_URL was set. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1]?.trim() ?? '';

/** Every mail in `dataDir`'s outbox, oldest first (the file names start with the time they were written). */
export async function outboxMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files.sort().map(async (file) => {
      const content = await readFile(path.join(dir, file), 'utf8');
      const split = content.indexOf('\n\n');
      const head = content.slice(0, split);
      return {
        file,
        to: header(head, 'To'),
        subject: header(head, 'Subject'),
        text: content.slice(split + 2),
      };
    }),
  );
}

/**
 * The newest mail to `to` whose subject matches, once there is one more of them than `countBefore`: a step
 * that counted the matching mails before acting gets the mail its action sent, not an older one.
 */
export async function waitForMail(
  dataDir: string,
  { to, subject, countBefore = 0 }: { to: string; subject: RegExp; countBefore?: number },
): Promise<OutboxMail> {
  return eventually(async () => {
    const found = (await mailsTo(dataDir, to, subject)).slice(countBefore);
    assert.ok(found.length > 0, `no mail '${subject.source}' reached ${to} in ${dataDir}/outbox`);
    return found[found.length - 1] as OutboxMail;
  });
}

/** The mails to `to` whose subject matches, oldest first. */
export async function mailsTo(dataDir: string, to: string, subject: RegExp): Promise<OutboxMail[]> {
  return (await outboxMails(dataDir)).filter(
    (mail) => mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject),
  );
}

/** The text `pattern`'s first group captures in `mail`, e.g. the code of 'Your verification code is 123456.' */
export function readFromMail(mail: OutboxMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text)?.[1];
  assert.ok(found, `'${mail.subject}' to ${mail.to} has no ${pattern.source}:\n${mail.text}`);
  return found;
}
