import { z } from 'zod';
import { bodyObject, integerField, textField } from '../../requests/fields.js';
import { inrAmount } from './inr-amount.js';
import { isStreamId, STREAM_ID } from './wallet-requests.js';

export const CreateAccountRequest = bodyObject({
  name: textField(200),
  balance_inr: inrAmount(0, 100_000_000).optional(),
  sandbox_balance_inr: inrAmount(0, 100_000_000).optional(),
  rate_limit_per_minute: integerField(1, 1_000_000).optional(),
}).transform((body) => ({
  name: body.name,
  openingBalancePaise: body.balance_inr ?? 0,
  sandboxOpeningPaise: body.sandbox_balance_inr,
  rateLimitPerMinute: body.rate_limit_per_minute,
}));

export const IssueKeyRequest = bodyObject({
  environment: z.enum(['sandbox', 'live'], { error: 'must be "sandbox" or "live"' }),
});

const environment = z.enum(['sandbox', 'live'], { error: 'must be "sandbox" or "live"' });

export const CreditRequest = bodyObject({
  amount_inr: inrAmount(0.01, 100_000_000),
  reference: textField(200),
  /** Which wallet: live money unless the operator says sandbox. */
  environment: environment.default('live'),
}).transform((body) => ({ amountPaise: body.amount_inr, reference: body.reference, environment: body.environment }));

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
