import { z } from 'zod';
import { pageQuery } from './page-query.js';
import { inrAmount } from './inr-amount.js';
import { bodyObject } from '../../requests/fields.js';

const UINT64_MAX = 2n ** 64n - 1n;
export const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

/**
 * A ledger entry id as Redis streams write them, `<ms>-<seq>`, each part at most 2^64 - 1.
 * Not 0-0: a page ends before its cursor, and nothing comes before the first possible id.
 * Redis refuses any other id with an error, which must not reach a caller as a 500.
 */
export function isStreamId(cursor: string): boolean {
  // Checked again here: zod runs a refinement even after the pattern failed.
  const match = STREAM_ID.exec(cursor);
  if (match === null) return false;
  const ms = BigInt(match[1] as string);
  const seq = BigInt(match[2] as string);
  return ms <= UINT64_MAX && seq <= UINT64_MAX && ms + seq > 0n;
}

const GROUP_RULE = "must be 'job' (a bulk job or portfolio run as one line) or 'entry' (every entry)";
const group = z
  .enum(['job', 'entry'], { error: GROUP_RULE })
  .default('entry')
  .describe("'job': each bulk job or portfolio run as one line with its row count, its per-row entries folded in; 'entry' (the default): every entry as it is");

/** A page of the ledger: newest first, continued with the previous page's next_cursor. */
export const LedgerQuery = pageQuery({ max: 100, defaultLimit: 20, cursorPattern: STREAM_ID, isCursor: isStreamId }).extend({ group });

/** POST /v1/wallet/sandbox-topup: up to ₹10,000 at a time (SANDBOX_TOPUP_LIMITS), ₹10,000 when not said. */
export const SandboxTopupRequest = bodyObject({
  amount_inr: inrAmount(0.01, 10_000).optional(),
}).transform((body) => ({ amountPaise: body.amount_inr ?? 10_000_00 }));

/** The ledger as a CSV file (GET /v1/wallet/ledger.csv), oldest first. */
export const LedgerCsvQuery = z.strictObject({ group });
