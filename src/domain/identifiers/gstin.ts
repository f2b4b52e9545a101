import { checkPan } from './pan.js';
import { GST_STATES } from './state-codes.js';
import { fail, normaliseIdentifier, type IdentifierCheck } from './validation.js';

/** The contract's pattern for a GSTIN. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The value of a digit or upper-case letter in base 36 (char codes: the sandbox mints many). */
function base36(code: number): number {
  return code <= 57 ? code - 48 : code - 55;
}

/**
 * The GSTIN check character over the first 14 characters: factors alternate 1, 2 from the
 * left, each product contributes floor(p / 36) + p % 36, and the check makes the sum 0 mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = base36(first14.charCodeAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

export interface GstinParts {
  gstin: string;
  stateCode: string;
  state: string;
  pan: string;
  /** Registration number for this PAN in the state: 1–9, then A–Z. */
  entityNumber: string;
}

export function checkGstin(raw: string): IdentifierCheck<GstinParts> {
  const gstin = normaliseIdentifier(raw);
  if (!GSTIN_PATTERN.test(gstin)) {
    return fail(
      'format',
      'must be 15 characters: 2-digit state code, 10-character PAN, entity number 1-9 or A-Z, the letter Z, a check character',
    );
  }
  const stateCode = gstin.slice(0, 2);
  const state = GST_STATES[stateCode];
  if (state === undefined) {
    return fail('state_code', `state code '${stateCode}' is not a GST state code`);
  }
  const pan = gstin.slice(2, 12);
  const panCheck = checkPan(pan);
  if (!panCheck.ok) {
    return fail('embedded_pan', `embedded PAN '${pan}' is invalid: ${panCheck.message}`);
  }
  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin.charAt(14) !== expected) {
    return fail('checksum', `check character '${gstin.charAt(14)}' is wrong: expected '${expected}'`);
  }
  return { ok: true, value: { gstin, stateCode, state, pan, entityNumber: gstin.charAt(12) } };
}

/** Builds a valid GSTIN from its parts (used by the sandbox registry). */
export function makeGstin(stateCode: string, pan: string, entityNumber: string): string {
  const first14 = `${stateCode}${pan}${entityNumber}Z`;
  return first14 + gstinCheckCharacter(first14);
}
