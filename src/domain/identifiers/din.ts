import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

export const DIN_PATTERN = /^[0-9]{8}$/;

export function checkDin(raw: string): IdentifierCheck {
  const din = normaliseIdentifier(raw);
  if (!DIN_PATTERN.test(din)) return fail('format', 'must be exactly 8 digits');
  // MCA allots DINs from 00000001 upwards; all zeros is never issued.
  if (din === '00000000') return fail('range', 'must not be 00000000');
  return { ok: true, value: din };
}
