/**
 * A purchase register row's request for the bulk ITC check (itc.check): the supplier's GSTIN,
 * validated by the same rule as every GSTIN the API takes, and the invoice (domain/itc/
 * register-row.ts). Its dedupe key is the supplier, not the row: intake marks a supplier's first
 * invoice `first` (its chunk row: the supplier is verified and billed once, with it) and the
 * supplier's later invoices as repeating it; each invoice still gets its own verdict at finalize.
 */
import { istDate } from '../../domain/dates.js';
import { registerInvoice, REGISTER_COLUMNS, type RegisterColumn, type RegisterInvoice } from '../../domain/itc/register-row.js';
import type { FieldProblem } from '../../errors.js';
import { gstinField } from '../../requests/fields.js';
import { toFieldProblems } from '../../requests/zod-problems.js';

export type RegisterRowRequest = { gstin: string } & RegisterInvoice;

/** A row with amounts but no GSTIN and no invoice number (register-total-row.ts drops it when it is the last). */
export const TOTAL_ROW_MESSAGE = 'is empty, and so is invoice_number: this looks like a total row, not an invoice (delete it, or ignore this row)';

export function registerRowRequest(
  columns: Readonly<Record<string, string | undefined>>,
  today: string = istDate(new Date()),
): { ok: true; request: RegisterRowRequest; key: string } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const cell = (columns.gstin ?? '').trim();
  let gstin = '';
  const blank = (column: string) => (columns[column] ?? '').trim() === '';
  if (cell === '' && blank('invoice_number') && REGISTER_COLUMNS.some((column) => column !== 'invoice_number' && !blank(column))) {
    // Tally's "Grand Total" line: amounts under the columns, no supplier and no invoice.
    problems.push({ field: 'gstin', message: TOTAL_ROW_MESSAGE });
    return { ok: false, problems };
  }
  if (cell === '') {
    problems.push({
      field: 'gstin',
      message: columns.gstin === undefined ? 'itc.check needs the supplier\'s GSTIN in a gstin column (GSTIN of supplier, GSTIN/UIN, ...)' : 'is empty: every invoice row needs its supplier\'s GSTIN',
    });
  }
  else {
    const parsed = gstinField.safeParse(cell);
    if (parsed.success) gstin = parsed.data;
    else problems.push(...toFieldProblems(parsed.error.issues).map((p) => ({ ...p, field: 'gstin' })));
  }
  const cells: Partial<Record<RegisterColumn, string>> = {};
  for (const column of REGISTER_COLUMNS) if (columns[column] !== undefined) cells[column] = columns[column];
  const invoice = registerInvoice(cells, today);
  if (!invoice.ok) problems.push(...invoice.problems);
  if (problems.length > 0 || !invoice.ok) return { ok: false, problems };
  return { ok: true, request: { gstin, ...invoice.invoice }, key: gstin };
}
