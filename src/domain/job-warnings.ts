/**
 * What a bulk job's intake read differently from the plain case and the user should know:
 * shown on the job (`warnings` in its status) rather than lost in a log. Each has a stable
 * `code` for programs and a `message` for people; a job keeps only the first few.
 */
export const JOB_WARNING_CODES = [
  /** The bytes were not UTF-8 and were read as Windows-1252. */
  'ENCODING_WINDOWS_1252',
  /** No header named an identifier column; one was chosen by its values. */
  'COLUMN_GUESSED',
  /** The file had no header row: its first line was read as data. */
  'HEADER_MISSING',
  /** Two columns could be the same optional column (e.g. name); neither was used. */
  'COLUMN_AMBIGUOUS',
  /** Rows with several identifiers filled were verified by the first (gstin, cin, pan). */
  'IDENTIFIERS_SEVERAL',
  /** A workbook's rows above its header were read as a title, not as rows (xlsx intake). */
  'XLSX_ROWS_ABOVE_HEADER',
  /** A purchase register CSV's lines above its header were read as a title, not as rows (itc.check intake). */
  'CSV_ROWS_ABOVE_HEADER',
  /** A purchase register's last row was its total (amounts, no GSTIN, no invoice number): not read as an invoice (itc.check intake). */
  'TOTAL_ROW_SKIPPED',
  /** A workbook's DIN- or PIN-like column holds numbers too short to be one: leading zeros lost (xlsx intake). */
  'XLSX_NUMBER_LOST_ZEROS',
] as const;
export type JobWarningCode = (typeof JOB_WARNING_CODES)[number];

export interface JobWarning {
  code: JobWarningCode;
  message: string;
}

/** A job keeps at most this many warnings, each at most MAX_WARNING_CHARS long: they sit in its Redis record. */
export const MAX_JOB_WARNINGS = 10;
export const MAX_WARNING_CHARS = 500;

/** The warnings as a job keeps them: bounded in number and length, the first of each code and message. */
export function keptWarnings(warnings: readonly JobWarning[]): JobWarning[] {
  const seen = new Set<string>();
  const kept: JobWarning[] = [];
  for (const warning of warnings) {
    const message = warning.message.length > MAX_WARNING_CHARS ? `${warning.message.slice(0, MAX_WARNING_CHARS - 1)}…` : warning.message;
    const key = `${warning.code}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ code: warning.code, message });
    if (kept.length === MAX_JOB_WARNINGS) break;
  }
  return kept;
}
