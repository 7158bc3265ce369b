import { hash, randomBytes } from 'node:crypto';

/** A fresh opaque bearer token; only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * The SHA-256 of a token, in hex: what is stored and looked up. Runs on every member request, so it uses the
 * one-shot `hash`, which makes no Hash object (about a quarter of `createHash`'s time).
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
