import { z } from 'zod';
import {
  checkCin,
  checkDin,
  checkGstin,
  checkLlpin,
  checkPan,
  type IdentifierCheck,
} from '../../domain/identifiers/index.js';

/** zod's default messages are written for developers; ours name the rule a caller broke. */
const stringError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be a string');

/** A string field checked by an identifier validator and echoed in its normalised form. */
function identifier<T>(check: (raw: string) => IdentifierCheck<T>, pick: (value: T) => string) {
  return z.string({ error: stringError }).transform((raw, ctx) => {
    const result = check(raw);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: `${result.rule}: ${result.message}` });
      return z.NEVER;
    }
    return pick(result.value);
  });
}

// The metadata is what the OpenAPI document shows: the contract's patterns and the normalised
// form. Validation is the identifier check above, which also names the rule that failed.
export const gstinField = identifier(checkGstin, (parts) => parts.gstin).meta({
  description: 'GSTIN, 15 characters; validated locally (state code, embedded PAN, mod-36 checksum) before any source is called',
  pattern: '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$',
});
export const panField = identifier(checkPan, (pan) => pan).meta({
  description: 'PAN, 10 characters; the 4th character encodes the holder type',
  pattern: '^[A-Z]{5}[0-9]{4}[A-Z]$',
});
export const cinField = identifier((raw) => checkCin(raw), (parts) => parts.cin).meta({
  description: 'CIN, 21 characters',
  pattern: '^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$',
});
export const llpinField = identifier(checkLlpin, (llpin) => llpin).meta({ description: 'LLPIN, format AAA-1234', pattern: '^[A-Z]{3}-[0-9]{4}$' });
export const dinField = identifier(checkDin, (din) => din).meta({ description: 'DIN, 8 digits', pattern: '^[0-9]{8}$' });

/** A free-text field: trimmed, not empty, bounded. */
export function textField(maxLength: number) {
  return z
    .string({ error: stringError })
    .trim()
    .min(1, 'must not be empty')
    .max(maxLength, `must be at most ${maxLength} characters`);
}

export function integerField(min: number, max: number) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be an integer') })
    .int(`must be an integer from ${min} to ${max}`)
    .min(min, `must be an integer from ${min} to ${max}`)
    .max(max, `must be an integer from ${min} to ${max}`);
}

/** A JSON object body whose unknown keys are rejected, per the contract. */
export function bodyObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? 'must be a JSON object' : undefined) });
}
