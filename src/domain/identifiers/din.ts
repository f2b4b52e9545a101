import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

export const DIN_PATTERN = /^[0-9]{8}$/;

export function checkDin(raw: string): IdentifierCheck {
  const din = normaliseIdentifier(raw);
  if (!DIN_PATTERN.test(din)) {
    // 9900014 for 09900014: a spreadsheet stores a DIN as a number and drops its leading zeros.
    const short = /^[0-9]{1,7}$/.test(din) ? ` (got ${din.length}: a spreadsheet drops leading zeros; pad it with zeros, or format the column as text)` : '';
    return fail('format', `must be exactly 8 digits${short}`);
  }
  // MCA allots DINs from 00000001 upwards; all zeros is never issued.
  if (din === '00000000') return fail('range', 'must not be 00000000');
  return { ok: true, value: din };
}
