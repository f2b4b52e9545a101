import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Environment } from '../../domain/operations.js';

export type { Environment };

const ENV_TAG: Record<Environment, string> = { sandbox: 'test', live: 'live' };
const KEY_PATTERN = /^bv_(test|live)_([a-z0-9]{12})_([A-Za-z0-9]{32})$/;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniform random characters from an alphabet (rejection sampling keeps it unbiased). */
export function randomString(length: number, alphabet = BASE62): string {
  let out = '';
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet.charAt(byte % alphabet.length);
    }
  }
  return out;
}

export interface ParsedApiKey {
  environment: Environment;
  keyId: string;
}

/**
 * Keys look like `bv_test_<id>_<secret>`: the id finds the stored record, and the secret is
 * checked by comparing SHA-256 hashes in constant time. A fast hash is right here because
 * the secret is 190 random bits, not a password.
 */
export function generateApiKey(environment: Environment): { keyId: string; apiKey: string; hash: string } {
  const keyId = randomString(12, 'abcdefghijklmnopqrstuvwxyz0123456789');
  const apiKey = `${apiKeyStart(environment, keyId)}${randomString(32)}`;
  return { keyId, apiKey, hash: hashApiKey(apiKey) };
}

/** How a key of `environment` with this id starts, up to its secret: `bv_test_<id>_`. */
export function apiKeyStart(environment: Environment, keyId: string): string {
  return `bv_${ENV_TAG[environment]}_${keyId}_`;
}

export function parseApiKey(apiKey: string): ParsedApiKey | undefined {
  const match = KEY_PATTERN.exec(apiKey);
  if (!match) return undefined;
  return { environment: match[1] === 'test' ? 'sandbox' : 'live', keyId: match[2] as string };
}

/** Every authenticated call hashes its key: the one-shot hash costs half of a Hash object's. */
export function hashApiKey(apiKey: string): string {
  return hash('sha256', apiKey, 'hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
