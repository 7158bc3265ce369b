import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
const ALGORITHM_ARGON2ID = 2;

export const hashPassword = (password: string): Promise<string> =>
  hash(password, { algorithm: ALGORITHM_ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
