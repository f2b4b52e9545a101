import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

export const LLPIN_PATTERN = /^[A-Z]{3}-[0-9]{4}$/;

export function checkLlpin(raw: string): IdentifierCheck {
  const llpin = normaliseIdentifier(raw);
  if (!LLPIN_PATTERN.test(llpin)) return fail('format', 'must be 3 letters, a hyphen and 4 digits (format AAA-1234)');
  return { ok: true, value: llpin };
}
