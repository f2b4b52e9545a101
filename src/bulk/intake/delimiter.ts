/**
 * Which character separates a CSV's columns: `,` by default, `;` where Excel's list separator
 * is (most of Europe, and Indian machines set up that way), a tab for Excel's "Unicode Text"
 * and ERP text exports, `|` from some ERPs. Read from the start of the file: Excel's `sep=`
 * line when there is one, otherwise the separator that splits the header the same way as the
 * lines after it, preferring one under which the header names a column the operation reads.
 */
import { IntakeError } from './intake-error.js';

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** How much decoded text is looked at, at most, and how many of its lines. */
export const SNIFF_TEXT_BYTES = 64 * 1024;
const SNIFF_LINES = 20;

export const delimiterName = (delimiter: string): string => (delimiter === '\t' ? 'tab' : JSON.stringify(delimiter));

/** The separator an Excel `sep=X` first line names, or undefined when the line is not one. */
export function separatorLineDelimiter(line: string): string | undefined {
  const match = /^\uFEFF?sep=(.?)$/i.exec(line.replace(/[\r\n]+$/, ''));
  return match === null ? undefined : (match[1] ?? '');
}

/** Occurrences of `delimiter` outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count++;
  }
  return count;
}

/**
 * The separator of a file starting with `text` (at most SNIFF_TEXT_BYTES of it).
 * `headerFits(cells)` says whether a header split so names a column the operation reads.
 */
export function sniffDelimiter(text: string, headerFits: (cells: string[]) => boolean): Delimiter {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, SNIFF_LINES + 1);
  const first = lines[0];
  if (first === undefined) return ',';
  const named = separatorLineDelimiter(first);
  if (named !== undefined) {
    if ((DELIMITERS as readonly string[]).includes(named)) return named as Delimiter;
    throw new IntakeError(
      'VALIDATION_FAILED',
      `the file's first line says its columns are separated by ${delimiterName(named)}: columns separated by a comma, semicolon, tab or | are read; save it as "CSV UTF-8" or "CSV (Comma delimited)"`,
    );
  }
  // With an unfinished last line (the sniff stopped mid-line) that line is left out of the count.
  const rows = lines.slice(1, text.length >= SNIFF_TEXT_BYTES ? -1 : undefined);
  let best: { delimiter: Delimiter; score: number[] } | undefined;
  for (const delimiter of DELIMITERS) {
    const inHeader = countOutsideQuotes(first, delimiter);
    if (inHeader === 0) continue;
    const same = rows.filter((line) => countOutsideQuotes(line, delimiter) === inHeader).length;
    const fits = headerFits(first.split(delimiter).map((cell) => cell.replace(/^"|"$/g, ''))) ? 1 : 0;
    // Ties keep the earlier of DELIMITERS: a comma, as the file type's name says.
    const score = [fits, same, inHeader];
    if (best === undefined || compare(score, best.score) > 0) best = { delimiter, score };
  }
  return best?.delimiter ?? ',';
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}
