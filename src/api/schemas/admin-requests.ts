import { z } from 'zod';
import { bodyObject, integerField, textField } from './fields.js';
import { isStreamId, STREAM_ID } from './wallet-requests.js';

/**
 * Judged on the number as written (JavaScript prints a JSON number back as its shortest exact
 * form), not on `inr * 100` with a tolerance: that let 1.0000000001 through as ₹1.00. A number
 * printed with an exponent has no fraction part unless it is below 1e-6.
 */
function hasAtMostTwoDecimals(inr: number): boolean {
  const written = String(inr);
  if (written.includes('e')) return Number.isInteger(inr);
  const dot = written.indexOf('.');
  return dot === -1 || written.length - dot - 1 <= 2;
}

/** An INR amount with at most 2 decimals, parsed to whole paise (the request schemas rename it). */
function inrAmount(min: number, max: number) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(hasAtMostTwoDecimals, 'must have at most 2 decimals')
    .transform((inr) => Math.round(inr * 100));
}

export const CreateAccountRequest = bodyObject({
  name: textField(200),
  balance_inr: inrAmount(0, 100_000_000).optional(),
  rate_limit_per_minute: integerField(1, 1_000_000).optional(),
}).transform((body) => ({
  name: body.name,
  openingBalancePaise: body.balance_inr ?? 0,
  rateLimitPerMinute: body.rate_limit_per_minute,
}));

export const IssueKeyRequest = bodyObject({
  environment: z.enum(['sandbox', 'live'], { error: 'must be "sandbox" or "live"' }),
});

export const CreditRequest = bodyObject({
  amount_inr: inrAmount(0.01, 100_000_000),
  reference: textField(200),
}).transform((body) => ({ amountPaise: body.amount_inr, reference: body.reference }));

export const UpdateAccountRequest = bodyObject({
  rate_limit_per_minute: integerField(1, 1_000_000),
});

/** Moves an account's sandbox clock: by some days from where it is, or to an offset from the real time (0 resets). */
export const SandboxClockRequest = z.union(
  [
    z.strictObject({ advance_days: z.number().int().min(-3_650).max(3_650) }),
    z.strictObject({ offset_days: z.number().int().min(-3_650).max(3_650) }),
  ],
  { error: 'must be {"advance_days": <whole days>} or {"offset_days": <whole days, 0 resets>}' },
);

const CURSOR_RULE = 'must be the Ledger-Cursor of a previous export';

/** A ledger export (backups): one account or all, after a previous export's cursor or from the start. */
export const LedgerExportQuery = z.strictObject({
  account: z.string({ error: 'must be one account id, sent once' }).min(1).max(200).optional(),
  after: z.string({ error: `${CURSOR_RULE}, sent once` }).regex(STREAM_ID, CURSOR_RULE).refine(isStreamId, CURSOR_RULE).optional(),
});
