import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
const ALGORITHM_ARGON2ID = 2;

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: ALGORITHM_ARGON2ID });

/** Checks a password against its argon2 hash; sign-ins take one as a parameter, so tests can count the checks. */
export type PasswordVerifier = (passwordHash: string, password: string) => Promise<boolean>;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of nothing in use: checking against it costs what a real check costs, so an answer does not
// tell whether the email has an account.
const NO_ACCOUNT_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$kJAAmGVDYQbNAYqDiwH5qA$eRMpcwVUo8R+G7LOaeNyK9v7aM6/iUSWWpfz7DLq7t8';

/** Checks a sign-in password; with no hash to check it spends the same time and answers false. */
export async function verifySignIn(
  passwordHash: string | null | undefined,
  password: string,
  verify: PasswordVerifier = verifyPassword,
): Promise<boolean> {
  const valid = await verify(passwordHash ?? NO_ACCOUNT_HASH, password);
  return typeof passwordHash === 'string' && valid;
}
