import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './env.js';

/** SECRET_KEY from the environment, else one generated once and kept in DATA_DIR (readable by the owner only). */
export function resolveSecret(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const file = path.join(config.dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
