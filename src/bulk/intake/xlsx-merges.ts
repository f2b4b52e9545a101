/**
 * The merged ranges near the top of a sheet, for its header. A sheet lists its merges after
 * its rows, so they are found by a first pass over the inflated part (inflate and a search,
 * no XML parse: fast next to the rows' pass), before the rows are read.
 */
import type { InflateBudget, OpenedZip } from './xlsx-zip.js';
import { columnOf } from './xlsx-sheet.js';

export interface Merge {
  top: number;
  bottom: number;
  /** 0-based columns. */
  left: number;
  right: number;
}

/** Merges starting below this row are not about the header. */
const HEADER_ROWS = 50;
const MAX_MERGES = 1_000;
const MERGE = /<(?:[\w.-]+:)?mergeCell\s[^>]*?ref\s*=\s*["']([A-Za-z]{1,3})(\d{1,7})(?::([A-Za-z]{1,3})(\d{1,7}))?["']/g;
/** Enough of the previous chunk's end to hold a mergeCell element cut in two. */
const CARRY = 256;

export async function scanMerges(zip: OpenedZip, part: string, budget: InflateBudget): Promise<Merge[]> {
  const merges: Merge[] = [];
  let carry = '';
  for await (const chunk of zip.read(part, budget)) {
    const text = carry + chunk.toString('latin1');
    MERGE.lastIndex = 0;
    let lastEnd = 0;
    for (let match = MERGE.exec(text); match !== null; match = MERGE.exec(text)) {
      lastEnd = MERGE.lastIndex;
      const top = Number(match[2]);
      if (top > HEADER_ROWS || merges.length >= MAX_MERGES) continue;
      const left = columnOf(match[1] as string) ?? 0;
      merges.push({ top, left, bottom: match[4] === undefined ? top : Number(match[4]), right: match[3] === undefined ? left : (columnOf(match[3]) ?? left) });
    }
    carry = text.slice(Math.max(lastEnd, text.length - CARRY));
  }
  return merges;
}
