import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_PATTERN, PASSWORD_SPECIALS } from '@kshop/contract';

/** A six-digit code, e.g. '042917'. */
export const newVerificationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored keyed with the server secret, so a copy of the database does not reveal them. */
export const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email.toLowerCase()}\n${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const pick = (alphabet: string) => alphabet[randomInt(0, alphabet.length)]!;

/** A temporary password that satisfies the shop's own password rules. */
export function newTemporaryPassword(length = 14): string {
  const all = LETTERS + DIGITS + PASSWORD_SPECIALS;
  for (;;) {
    const chars = [pick(LETTERS), pick(DIGITS), pick(PASSWORD_SPECIALS)];
    while (chars.length < length) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(0, i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (PASSWORD_PATTERN.test(password)) return password;
  }
}
