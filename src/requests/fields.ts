import { z } from 'zod';
import {
  checkCin,
  checkDin,
  checkGstin,
  checkLlpin,
  checkPan,
  invisibleCharacterHint,
  type IdentifierCheck,
} from '../domain/identifiers/index.js';

/** zod's default messages are written for developers; ours name the rule a caller broke. */
const stringError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be a string');

/** A string field checked by an identifier validator and echoed in its normalised form. */
function identifier<T>(check: (raw: string) => IdentifierCheck<T>, pick: (value: T) => string) {
  return z.string({ error: stringError }).transform((raw, ctx) => {
    const result = check(raw);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: `${result.rule}: ${result.message}${invisibleCharacterHint(raw)}` });
      return z.NEVER;
    }
    return pick(result.value);
  });
}

// The metadata is what the OpenAPI document shows. The contract's patterns are stated in the
// descriptions, not as JSON Schema patterns: input is accepted in any case and with spaces
// around it (normalised before the check), so a pattern would make clients refuse valid calls.
const normalisedPattern = (what: string, pattern: string) =>
  `${what}. Trimmed and upper-cased, it must match ${pattern}; any case and surrounding spaces are accepted, and the answer echoes the normalised form`;
export const gstinField = identifier(checkGstin, (parts) => parts.gstin).meta({
  description: `${normalisedPattern('GSTIN, 15 characters', '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$')}. Validated locally (state code, embedded PAN, mod-36 checksum) before any source is called`,
});
export const panField = identifier(checkPan, (pan) => pan).meta({
  description: `${normalisedPattern('PAN, 10 characters', '^[A-Z]{5}[0-9]{4}[A-Z]$')}. The 4th character encodes the holder type`,
});
export const cinField = identifier((raw) => checkCin(raw), (parts) => parts.cin).meta({
  description: normalisedPattern('CIN, 21 characters', '^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$'),
});
export const llpinField = identifier(checkLlpin, (llpin) => llpin).meta({ description: normalisedPattern('LLPIN, format AAA-1234', '^[A-Z]{3}-[0-9]{4}$') });
export const dinField = identifier(checkDin, (din) => din).meta({ description: normalisedPattern('DIN, 8 digits', '^[0-9]{8}$') });

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
