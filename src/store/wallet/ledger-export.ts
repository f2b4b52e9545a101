import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '../../domain/operations.js';
import type { LedgerEntry, WalletStore } from './wallet.js';

type LedgerReader = Pick<WalletStore, 'ledger' | 'allLedgerEntries'>;

/** Both wallets of every account are exported: live money and sandbox money, each entry saying which. */
const WALLETS: readonly Environment[] = ['live', 'sandbox'];

export interface LedgerExport {
  /**
   * Where this export ends and the next one starts (`--after`): the newest ledger entry of
   * all the accounts exported, or the cursor given when there is nothing newer.
   */
  cursor: string | undefined;
  /** The entries after the cursor given, up to `cursor`, oldest first within each account's wallet. */
  entries: AsyncGenerator<{ accountId: string; environment: Environment; entry: LedgerEntry }>;
}

/**
 * Longer than a millisecond: once it has passed, Redis's clock is past the newest entry's
 * millisecond, so any entry written from then on has a larger id than the cursor.
 */
const SETTLE_MS = 5;
const PAGE = 500;

/** Compares two stream ids `<ms>-<seq>` numerically (as strings they do not sort). */
export function compareStreamIds(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
}

/**
 * The ledgers of `accountIds` since `after` (a previous export's cursor; none: from the
 * start), for backups (`bv admin ledger export`). Exports that each start from the previous
 * one's cursor give every entry exactly once, in all accounts at once, while money moves:
 * ledger ids are Redis's clock at writing (never below a stream's last id), so the cursor is
 * the newest id seen in any account, read first; after a pause any entry still to come is
 * newer than it, and every entry up to it already exists. (A Redis clock stepped back by hand
 * could break that.)
 */
export async function exportLedgers(wallets: { of(environment: Environment): LedgerReader }, accountIds: readonly string[], after?: string): Promise<LedgerExport> {
  let newest: string | undefined;
  for (const accountId of accountIds) {
    for (const environment of WALLETS) {
      const last = (await wallets.of(environment).ledger(accountId, 1)).entries[0]?.id;
      if (last !== undefined && (newest === undefined || compareStreamIds(last, newest) > 0)) newest = last;
    }
  }
  if (newest === undefined || (after !== undefined && compareStreamIds(newest, after) <= 0)) {
    return { cursor: after, entries: (async function* () {})() };
  }
  await sleep(SETTLE_MS);
  const upTo = newest;
  return {
    cursor: upTo,
    entries: (async function* () {
      for (const accountId of accountIds) {
        for (const environment of WALLETS) {
          for await (const entry of entriesBetween(wallets.of(environment), accountId, after, upTo)) yield { accountId, environment, entry };
        }
      }
    })(),
  };
}

/**
 * One account's entries in (after, upTo], oldest first. From the start it is one forward
 * read; after a cursor, the ledger is walked back from `upTo` to the cursor noting only where
 * each page begins, then those pages are read oldest first: the cost is the entries since
 * the cursor (not the whole ledger), and memory one page plus an id per page.
 */
async function* entriesBetween(wallet: LedgerReader, accountId: string, after: string | undefined, upTo: string): AsyncGenerator<LedgerEntry> {
  if (after === undefined) {
    yield* wallet.allLedgerEntries(accountId, upTo, PAGE);
    return;
  }
  const pageEnds: string[] = [];
  for (let end: string | undefined = justAfter(upTo); end !== undefined; ) {
    pageEnds.push(end);
    const page = await wallet.ledger(accountId, PAGE, end);
    const oldest = page.entries.at(-1)?.id;
    end = page.next !== undefined && oldest !== undefined && compareStreamIds(oldest, after) > 0 ? oldest : undefined;
  }
  for (const end of pageEnds.reverse()) {
    const { entries } = await wallet.ledger(accountId, PAGE, end);
    for (const entry of entries.reverse()) if (compareStreamIds(entry.id, after) > 0) yield entry;
  }
}

/** The smallest id above `id`: the ledger's `before` is exclusive, and `upTo` must be included. */
function justAfter(id: string): string {
  const [ms, seq] = id.split('-').map(BigInt) as [bigint, bigint];
  return seq < 2n ** 64n - 1n ? `${ms}-${seq + 1n}` : `${ms + 1n}-0`;
}
