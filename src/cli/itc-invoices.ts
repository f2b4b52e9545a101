/**
 * The invoices of `bv itc check`, from --invoice options or a CSV file, as POST /v1/gst/itc-check
 * takes them. Only their shape is read here: the rules (real dates, not in the future, at most two
 * decimals...) are the API's, so its 400 names the invoice and field and there is one set of rules.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { UsageError } from './exit-codes.js';

export interface InvoiceInput {
  number: string;
  date: string;
  tax_inr?: number;
  availed_in?: string;
}

/** An invoice and where the user wrote it ("--invoice 2", "invoices.csv line 3"), to point at it when the API refuses it. */
export interface SourcedInvoice {
  invoice: InvoiceInput;
  from: string;
}

export const INVOICE_SPEC = '<number>,<YYYY-MM-DD>[,<tax_inr>[,<availed_in YYYY-MM>]]';
const FILE_COLUMNS = ['number', 'date', 'tax_inr', 'availed_in'] as const;

/**
 * A number as written, negatives and extra decimals included (the API says what is wrong with
 * them); anything else is not an amount. Not Number(): it reads 0x10 as 16 and '' as 0.
 */
function amount(value: string, where: string): number {
  const written = value.trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(written)) throw new UsageError(`${where}: tax_inr "${value}" is not an amount in rupees (like 1800 or 4500.50)`);
  return Number(written);
}

function invoiceOf(fields: Partial<Record<(typeof FILE_COLUMNS)[number], string>>, where: string): InvoiceInput {
  const number = fields.number?.trim() ?? '';
  const date = fields.date?.trim() ?? '';
  if (number === '' || date === '') throw new UsageError(`${where}: an invoice needs its number and date (${INVOICE_SPEC})`);
  const tax = fields.tax_inr?.trim() ?? '';
  const availedIn = fields.availed_in?.trim() ?? '';
  return { number, date, ...(tax === '' ? {} : { tax_inr: amount(tax, where) }), ...(availedIn === '' ? {} : { availed_in: availedIn }) };
}

/** One --invoice value; an invoice number with a comma in it goes through --file, where CSV quoting keeps it whole. */
export function parseInvoiceOption(value: string, index: number): SourcedInvoice {
  const where = `--invoice ${index + 1} ("${value}")`;
  const parts = value.split(',');
  if (parts.length < 2 || parts.length > 4) throw new UsageError(`${where}: write ${INVOICE_SPEC} (an invoice number with a comma: use --file)`);
  const [number, date, tax_inr, availed_in] = parts;
  return { invoice: invoiceOf({ number, date, tax_inr, availed_in }, where), from: `--invoice ${index + 1}` };
}

/** A CSV with a header of number, date and optionally tax_inr and availed_in (any order, any case); blank lines skipped. */
export async function readInvoiceFile(file: string): Promise<SourcedInvoice[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new UsageError(`${file} is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [first, ...rows] = records;
  const header = first?.record;
  const names = (header ?? []).map((name) => name.toLowerCase());
  const unknown = names.filter((name) => !(FILE_COLUMNS as readonly string[]).includes(name));
  if (header === undefined || !names.includes('number') || !names.includes('date') || unknown.length > 0) {
    const problem = header === undefined ? 'it is empty' : unknown.length > 0 ? `unknown column(s) ${unknown.map((n) => `"${n}"`).join(', ')}` : 'number and date are required';
    throw new UsageError(`${file}: the header must name the columns ${FILE_COLUMNS.join(',')} (tax_inr and availed_in optional): ${problem}`);
  }
  if (rows.length === 0) throw new UsageError(`${file} has a header and no invoices`);
  return rows.map(({ record: cells, info }) => {
    const from = `${file} line ${info.lines}`;
    const fields = Object.fromEntries(names.map((name, column) => [name, cells[column] ?? '']));
    return { invoice: invoiceOf(fields, from), from };
  });
}
