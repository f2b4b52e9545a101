import { pageQuery } from './page-query.js';

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

/** A page of the ledger: newest first, continued with the previous page's next_cursor. */
export const LedgerQuery = pageQuery({ max: 100, defaultLimit: 20, cursorPattern: STREAM_ID, isCursor: isStreamId });
