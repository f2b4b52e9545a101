/**
 * GET /v1/bulk/jobs/{id}/suppliers (an addition, issue 29): an itc.check job's suppliers, ranked
 * by tax at risk, paged, with the job's totals; read from suppliers.jsonl (finalize writes it
 * beside suppliers.csv). As the results listing: the cursor holds the byte offset where the
 * next page starts, so a page reads only its own lines (and the first line, the totals): memory
 * and work per page are bounded by the page, however many suppliers the register had.
 */
import { z } from 'zod';
import type { SupplierListingLine, SupplierListingTotals } from '../domain/itc/supplier-listing.js';
import { validationError } from '../errors.js';
import { SUPPLIERS_JSONL_FILE } from './itc-register-results.js';
import type { ResultStore } from '../store/results/result-store.js';

const MAX_LIMIT = 100;
const LIMIT_RULE = `must be an integer from 1 to ${MAX_LIMIT}`;
const CURSOR_RULE = "must be a next_cursor from a previous page of this job's suppliers";

export const SupplierRowsQuery = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_RULE }).int(LIMIT_RULE).min(1, LIMIT_RULE).max(MAX_LIMIT, LIMIT_RULE).default(50),
  cursor: z.string({ error: `${CURSOR_RULE}, sent once` }).max(200, CURSOR_RULE).optional(),
});
export type SupplierRowsQuery = z.output<typeof SupplierRowsQuery>;

/** `s` and the job id keep a results cursor from being taken for a suppliers one, and the reverse. */
const CURSOR_TEXT = /^s\.(job_[0-9a-z]{10,40})\.(\d{1,12})\.(\d{1,15})$/;

const badCursor = (): never => {
  throw validationError([{ field: 'cursor', message: CURSOR_RULE }]);
};

function encodeCursor(jobId: string, rank: number, offset: number): string {
  return Buffer.from(`s.${jobId}.${rank}.${offset}`).toString('base64url');
}

function decodeCursor(jobId: string, text: string): { rank: number; offset: number } {
  const match = CURSOR_TEXT.exec(/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('latin1') : '');
  if (match === null || match[1] !== jobId) return badCursor();
  return { rank: Number(match[2]), offset: Number(match[3]) };
}

export interface SupplierPage {
  totals: SupplierListingTotals;
  suppliers: SupplierListingLine[];
  nextCursor: string | null;
}

/**
 * One page of suppliers from the cursor's place (the first supplier when none). A missing file
 * throws the store's missing-file error, which the route answers as for any result file. A
 * cursor must point at the start of the supplier line it names, or it is a 400.
 */
export async function supplierPage(results: Pick<ResultStore, 'readLinesFrom'>, jobId: string, query: SupplierRowsQuery): Promise<SupplierPage> {
  const from = query.cursor === undefined ? undefined : decodeCursor(jobId, query.cursor);
  let totals: SupplierListingTotals | undefined;
  const suppliers: SupplierListingLine[] = [];
  const lines = results.readLinesFrom(jobId, SUPPLIERS_JSONL_FILE, 0);
  try {
    const head = await lines.next();
    if (head.done !== true) totals = (JSON.parse(head.value.text) as { totals?: SupplierListingTotals }).totals;
    if (totals === undefined) throw new Error(`${jobId}'s ${SUPPLIERS_JSONL_FILE} does not start with its totals`);
    if (from !== undefined) {
      // A later page reads from its own byte (the totals line above was the only other read).
      await lines.return(undefined);
      return { totals, ...(await pageFrom(results, jobId, from, query.limit)) };
    }
    for await (const line of lines) {
      const supplier = JSON.parse(line.text) as SupplierListingLine;
      if (suppliers.length === query.limit) return { totals, suppliers, nextCursor: encodeCursor(jobId, supplier.rank, line.offset) };
      suppliers.push(supplier);
    }
  } finally {
    await lines.return(undefined);
  }
  return { totals, suppliers, nextCursor: null };
}

async function pageFrom(
  results: Pick<ResultStore, 'readLinesFrom'>,
  jobId: string,
  from: { rank: number; offset: number },
  limit: number,
): Promise<{ suppliers: SupplierListingLine[]; nextCursor: string | null }> {
  const suppliers: SupplierListingLine[] = [];
  // From the byte before the cursor's: a cursor is good only where a line starts (after a newline).
  const lines = results.readLinesFrom(jobId, SUPPLIERS_JSONL_FILE, Math.max(0, from.offset - 1));
  let first = true;
  try {
    for await (const line of lines) {
      let supplier: SupplierListingLine | undefined;
      try {
        supplier = JSON.parse(line.text) as SupplierListingLine;
      } catch {
        supplier = undefined;
      }
      if (first && (line.offset !== from.offset || supplier?.rank !== from.rank)) return badCursor();
      first = false;
      if (supplier === undefined) throw new Error(`${jobId}'s ${SUPPLIERS_JSONL_FILE} has a line that is not JSON at byte ${line.offset}`);
      if (suppliers.length === limit) return { suppliers, nextCursor: encodeCursor(jobId, supplier.rank, line.offset) };
      suppliers.push(supplier);
    }
  } finally {
    await lines.return(undefined);
  }
  if (first) return badCursor();
  return { suppliers, nextCursor: null };
}
