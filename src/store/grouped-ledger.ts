import { ledgerEntryGroup } from '../domain/ledger-lines.js';
import type { BulkJob } from './bulk-jobs.js';
import type { LedgerEntry, WalletStore } from './wallet.js';

/** A bulk job or portfolio run as one ledger line, placed where its hold was taken. */
export interface JobLedgerLine {
  kind: 'job';
  /** The id of the job's hold entry (a ledger cursor like any other). */
  id: string;
  jobId: string;
  at: string;
  /** What was held when the job started. */
  heldPaise: number;
  /** Undefined once the job's record is gone (past its retention): the line keeps what the hold said. */
  job: BulkJob | undefined;
}

export type LedgerLine = { kind: 'entry'; entry: LedgerEntry } | JobLedgerLine;

export type JobLookup = (jobId: string) => Promise<BulkJob | undefined>;

/**
 * Raw entries read per grouped page at most. A page of lines may need many raw entries (a
 * job's row charges are skipped), so a page stops here with a next_cursor, possibly short:
 * a million-row job is passed over in some 50 pages rather than one unbounded read.
 */
export const GROUPED_SCAN_LIMIT = 20_000;
const READ_BATCH = 1_000;

function lineOf(entry: LedgerEntry, lookup: JobLookup, accountId: string): Promise<LedgerLine | undefined> | LedgerLine | undefined {
  const group = ledgerEntryGroup(entry);
  if (group.kind === 'job-part') return undefined;
  if (group.kind === 'entry') return { kind: 'entry', entry };
  return lookup(group.jobId).then((job) => ({
    kind: 'job',
    id: entry.id,
    jobId: group.jobId,
    at: entry.at,
    heldPaise: entry.amountPaise,
    // Only the account's own job: a record of another account never lends it its figures.
    job: job?.accountId === accountId ? job : undefined,
  }));
}

/**
 * A page of the ledger grouped by job, newest first (`GET /v1/wallet/ledger?group=job`): each
 * bulk job or portfolio run is one line at its hold, its row charges and final release folded
 * in; every other entry is a line as it is. `before` is the previous page's next cursor.
 */
export async function groupedLedgerPage(
  wallet: Pick<WalletStore, 'ledger'>,
  lookup: JobLookup,
  accountId: string,
  limit: number,
  before?: string,
  scanLimit = GROUPED_SCAN_LIMIT,
): Promise<{ lines: LedgerLine[]; next: string | undefined }> {
  const lines: LedgerLine[] = [];
  let cursor = before;
  let scanned = 0;
  for (;;) {
    const page = await wallet.ledger(accountId, Math.min(READ_BATCH, scanLimit - scanned), cursor);
    for (const entry of page.entries) {
      scanned++;
      cursor = entry.id;
      const line = await lineOf(entry, lookup, accountId);
      if (line !== undefined) lines.push(line);
      // Full: the next page starts after this entry, whether or not more follow (an extra empty page at worst).
      if (lines.length === limit) return { lines, next: page.next === undefined && entry === page.entries.at(-1) ? undefined : entry.id };
    }
    if (page.next === undefined) return { lines, next: undefined };
    if (scanned >= scanLimit) return { lines, next: cursor };
  }
}

/** Every line of the ledger, oldest first, grouped by job or not (the CSV export). */
export async function* ledgerLines(
  wallet: Pick<WalletStore, 'allLedgerEntries'>,
  lookup: JobLookup,
  accountId: string,
  grouped: boolean,
): AsyncGenerator<LedgerLine> {
  for await (const entry of wallet.allLedgerEntries(accountId)) {
    if (!grouped) {
      yield { kind: 'entry', entry };
      continue;
    }
    const line = await lineOf(entry, lookup, accountId);
    if (line !== undefined) yield line;
  }
}
