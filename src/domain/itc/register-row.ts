/**
 * One purchase register row (one invoice) as the bulk ITC check reads it: the supplier's GSTIN
 * is checked by the bulk intake like any GSTIN; this reads the rest, from the register's cells
 * keyed by their column (domain/bulk-columns/aliases.ts): invoice_number, invoice_date, the tax
 * (one `tax` column, or the igst, cgst, sgst and cess columns summed), and availed_in.
 */
import { itcInvoiceProblems } from './input.js';
import { parseRegisterAmount } from './register-amounts.js';
import { parseRegisterDate } from './register-dates.js';
import type { ItcInvoice } from './types.js';

/** The register's columns besides the GSTIN. */
export const REGISTER_COLUMNS = ['invoice_number', 'invoice_date', 'tax', 'igst', 'cgst', 'sgst', 'cess', 'availed_in'] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];
export const TAX_PART_COLUMNS = ['igst', 'cgst', 'sgst', 'cess'] as const satisfies readonly RegisterColumn[];

export interface RegisterProblem {
  field: RegisterColumn;
  message: string;
}

/** The invoice as a bulk row's request carries it (JSON in the job's input file). */
export interface RegisterInvoice {
  number: string;
  /** YYYY-MM-DD */
  date: string;
  tax_paise?: number;
  /** YYYY-MM */
  availed_in?: string;
}

const ITC_FIELD_COLUMN: Readonly<Record<keyof ItcInvoice, RegisterColumn>> = { number: 'invoice_number', date: 'invoice_date', taxPaise: 'tax', availedIn: 'availed_in' };

const filled = (cell: string | undefined): cell is string => cell !== undefined && cell.trim() !== '';

/** availed_in as a return period: 2024-04, 04-2024, 04/2024, Apr-2024, 042024 (the GST portal's MMYYYY). */
export function parseReturnPeriod(text: string): string | undefined {
  const value = text.trim();
  const date = parseRegisterDate(`01-${value.replace(/^(\d{4})-(\d{1,2})$/, '$2-$1').replace(/^(\d{2})(\d{4})$/, '$1-$2')}`);
  return date.ok ? date.date.slice(0, 7) : undefined;
}

/** The invoice of a register row, or what is wrong with it (each problem naming its column), as of `today` (YYYY-MM-DD). */
export function registerInvoice(cells: Readonly<Partial<Record<RegisterColumn, string>>>, today: string): { ok: true; invoice: RegisterInvoice } | { ok: false; problems: RegisterProblem[] } {
  const problems: RegisterProblem[] = [];
  const number = (cells.invoice_number ?? '').trim();
  if (number === '') problems.push({ field: 'invoice_number', message: 'is empty: each row needs the supplier\'s invoice number' });
  let date = '';
  if (!filled(cells.invoice_date)) problems.push({ field: 'invoice_date', message: 'is empty: each row needs the invoice date' });
  else {
    const parsed = parseRegisterDate(cells.invoice_date);
    if (parsed.ok) date = parsed.date;
    else problems.push({ field: 'invoice_date', message: parsed.message });
  }
  let taxPaise: number | undefined;
  if (filled(cells.tax)) {
    const parsed = parseRegisterAmount(cells.tax);
    if (parsed.ok) taxPaise = parsed.paise;
    else problems.push({ field: 'tax', message: parsed.message });
  } else {
    for (const column of TAX_PART_COLUMNS) {
      if (!filled(cells[column])) continue;
      const parsed = parseRegisterAmount(cells[column]);
      if (parsed.ok) taxPaise = (taxPaise ?? 0) + parsed.paise;
      else problems.push({ field: column, message: parsed.message });
    }
  }
  let availedIn: string | undefined;
  if (filled(cells.availed_in)) {
    availedIn = parseReturnPeriod(cells.availed_in);
    if (availedIn === undefined) problems.push({ field: 'availed_in', message: `${JSON.stringify(cells.availed_in.trim().slice(0, 40))} is not a return period: expected YYYY-MM (or MM-YYYY, Apr-2024)` });
  }
  if (problems.length > 0) return { ok: false, problems };
  const invoice: ItcInvoice = { number, date, ...(taxPaise === undefined ? {} : { taxPaise }), ...(availedIn === undefined ? {} : { availedIn }) };
  // The sync API's rules (length, not in the future, not before GST, availed_in not before the invoice).
  const rules = itcInvoiceProblems(invoice, today).map((p) => ({ field: ITC_FIELD_COLUMN[p.field], message: p.message }));
  if (rules.length > 0) return { ok: false, problems: rules };
  return { ok: true, invoice: { number, date, ...(taxPaise === undefined ? {} : { tax_paise: taxPaise }), ...(availedIn === undefined ? {} : { availed_in: availedIn }) } };
}

/** A request's invoice back as the rules take it. */
export function itcInvoiceOf(invoice: RegisterInvoice): ItcInvoice {
  return { number: invoice.number, date: invoice.date, ...(invoice.tax_paise === undefined ? {} : { taxPaise: invoice.tax_paise }), ...(invoice.availed_in === undefined ? {} : { availedIn: invoice.availed_in }) };
}
