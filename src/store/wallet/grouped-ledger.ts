import { ledgerBalanceChangePaise, ledgerEntryGroup, ledgerEntryJob } from '../../domain/ledger-lines.js';
import type { BulkJob } from '../bulk-jobs/bulk-jobs.js';
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
  /** Set by the CSV export ({@link ledgerLines}), which reads the whole ledger first; a page of the JSON listing does not. */
  totals?: JobLedgerTotals;
}

/** What a job's entries in the ledger (its hold, row charges and release) add up to. */
export interface JobLedgerTotals {
  /** Their balance changes summed: minus what its rows were charged (holds and releases change no balance). */
  balanceChangePaise: number;
  /** The balance after the job's last entry, and that entry's time. */
  balancePaise: number;
  lastAt: string;
}

/** The job an entry belongs to (its hold, release, a row's charge or a refund), as the CSV export shows it. */
export interface EntryJob {
  jobId: string;
  /** The bulk row a charge is for. */
  row: number | undefined;
  /** Undefined once the job's record is gone. */
  job: BulkJob | undefined;
}

export type LedgerLine = { kind: 'entry'; entry: LedgerEntry; of?: EntryJob } | JobLedgerLine;

export type JobLookup = (jobId: string) => Promise<BulkJob | undefined>;

/**
 * Raw entries read per grouped page at most. A page of lines may need many raw entries (a
 * job's row charges are skipped), so a page stops here with a next_cursor, possibly short:
 * a million-row job is passed over in some 50 pages rather than one unbounded read.
 */
export const GROUPED_SCAN_LIMIT = 20_000;
const READ_BATCH = 1_000;

/** Only the account's own job: a record of another account never lends it its figures. */
const ownJob = (lookup: JobLookup, accountId: string, jobId: string): Promise<BulkJob | undefined> =>
  lookup(jobId).then((job) => (job?.accountId === accountId ? job : undefined));

const jobLine = (entry: LedgerEntry, jobId: string, job: BulkJob | undefined): JobLedgerLine => ({ kind: 'job', id: entry.id, jobId, at: entry.at, heldPaise: entry.amountPaise, job });

function lineOf(entry: LedgerEntry, lookup: JobLookup, accountId: string): Promise<LedgerLine | undefined> | LedgerLine | undefined {
  const group = ledgerEntryGroup(entry);
  if (group.kind === 'job-part') return undefined;
  if (group.kind === 'entry') return { kind: 'entry', entry };
  return ownJob(lookup, accountId, group.jobId).then((job) => jobLine(entry, group.jobId, job));
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

/** Job records looked up by the export, the most recent kept: a job's row charges come in runs, often interleaved with a few other jobs'. */
const JOB_CACHE_SIZE = 1_000;

function jobCache(lookup: JobLookup, accountId: string): (jobId: string) => Promise<BulkJob | undefined> {
  const kept = new Map<string, BulkJob | undefined>();
  return async (jobId) => {
    if (kept.has(jobId)) return kept.get(jobId);
    const job = await ownJob(lookup, accountId, jobId);
    if (kept.size >= JOB_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
    kept.set(jobId, job);
    return job;
  };
}

/**
 * Every job's totals in the ledger up to `upTo`: a first pass of the grouped export, since a
 * job's line comes at its hold, before the entries it sums. Memory: one small record per job
 * the account ever ran, however many rows.
 */
async function jobTotals(wallet: Pick<WalletStore, 'allLedgerEntries'>, accountId: string, upTo: string): Promise<Map<string, JobLedgerTotals>> {
  const totals = new Map<string, JobLedgerTotals>();
  for await (const entry of wallet.allLedgerEntries(accountId, upTo)) {
    const group = ledgerEntryGroup(entry);
    if (group.kind === 'entry') continue;
    // From the job's hold on, as the second pass folds them (a part without a hold before it stays a line of its own).
    let sum = totals.get(group.jobId);
    if (sum === undefined && group.kind === 'job-part') continue;
    if (sum === undefined) totals.set(group.jobId, (sum = { balanceChangePaise: 0, balancePaise: 0, lastAt: '' }));
    sum.balanceChangePaise += ledgerBalanceChangePaise(entry);
    sum.balancePaise = entry.balancePaise;
    sum.lastAt = entry.at;
  }
  return totals;
}

/**
 * Every line of the ledger as it stood when the export began, oldest first, grouped by job or
 * not (the CSV export). An entry of a job (its hold, release, a row's charge, a refund) names
 * the job; a grouped job line carries its ledger totals, so that the export's balance changes
 * sum to the closing balance less the opening one either way.
 */
export async function* ledgerLines(
  wallet: Pick<WalletStore, 'ledger' | 'allLedgerEntries'>,
  lookup: JobLookup,
  accountId: string,
  grouped: boolean,
): AsyncGenerator<LedgerLine> {
  // Both passes read up to the same entry: money moving during the download is left for the next one.
  const upTo = (await wallet.ledger(accountId, 1)).entries[0]?.id;
  if (upTo === undefined) return;
  const jobOf = jobCache(lookup, accountId);
  const totals = grouped ? await jobTotals(wallet, accountId, upTo) : undefined;
  const listed = new Set<string>();
  for await (const entry of wallet.allLedgerEntries(accountId, upTo)) {
    const group = ledgerEntryGroup(entry);
    if (totals !== undefined && group.kind !== 'entry') {
      // Folded into its job's line, which sums it; never dropped without one (a part with no hold before it would hide money).
      if (listed.has(group.jobId)) continue;
      if (group.kind === 'job') {
        listed.add(group.jobId);
        yield { ...jobLine(entry, group.jobId, await jobOf(group.jobId)), totals: totals.get(group.jobId) as JobLedgerTotals };
        continue;
      }
    }
    const of = ledgerEntryJob(entry.reference);
    yield of === undefined ? { kind: 'entry', entry } : { kind: 'entry', entry, of: { ...of, job: await jobOf(of.jobId) } };
  }
}
