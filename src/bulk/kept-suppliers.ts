/**
 * The suppliers an itc.check job's chunks kept (their chunk lines: the registration, and the
 * filings back to the supplier's earliest invoice), by their first invoice's row, for finalize to
 * judge each invoice against. Kept as the lines' text, a few kB each, and parsed when an invoice
 * asks, the last PARSED_KEPT of them kept parsed: parsed objects take several times the text's
 * memory, and a register's invoices come in any supplier order.
 */
import { isMissingFile, type ResultStore } from '../store/results/result-store.js';
import { chunkFileName, parseChunkLine, type ChunkResultLine } from './process-chunk.js';

const PARSED_KEPT = 2_048;
/** formatChunkLine writes `row` first. */
const ROW_PREFIX = /^\{"row":(\d+),/;

export class KeptSuppliers {
  private readonly texts = new Map<number, string>();
  /** Most recently used last. */
  private readonly parsed = new Map<number, ChunkResultLine>();
  /** Suppliers no chunk kept (never run, given up on): small, kept as they are. */
  private readonly unkept = new Map<number, ChunkResultLine>();

  /** Every supplier line of the job's chunk files; a chunk without a file (never run, given up on) has none. */
  static async read(results: ResultStore, jobId: string, chunksTotal: number): Promise<KeptSuppliers> {
    const kept = new KeptSuppliers();
    for (let chunk = 0; chunk < chunksTotal; chunk++) {
      try {
        for await (const text of results.readLines(jobId, chunkFileName(chunk))) {
          const row = ROW_PREFIX.exec(text)?.[1];
          kept.texts.set(row === undefined ? parseChunkLine(text).row : Number(row), text);
        }
      } catch (error) {
        if (!isMissingFile(error)) throw error;
      }
    }
    return kept;
  }

  get(row: number): ChunkResultLine | undefined {
    const cached = this.parsed.get(row);
    if (cached !== undefined) {
      this.parsed.delete(row);
      this.parsed.set(row, cached);
      return cached;
    }
    const text = this.texts.get(row);
    if (text === undefined) return this.unkept.get(row);
    const line = parseChunkLine(text);
    this.parsed.set(row, line);
    if (this.parsed.size > PARSED_KEPT) this.parsed.delete(this.parsed.keys().next().value as number);
    return line;
  }

  /** A supplier no chunk kept, with why (merge-results.ts unkeptLine). */
  setUnkept(row: number, line: ChunkResultLine): void {
    this.unkept.set(row, line);
  }
}
