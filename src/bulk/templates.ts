/**
 * Upload templates (GET /v1/bulk/templates/{operation}.csv|.xlsx): the header an operation
 * reads and one example row per identifier it takes, each identifier a documented sandbox
 * scenario's, so a template uploaded back with a sandbox key verifies. The .xlsx template's
 * columns carry the text format, so what a user types or pastes under `din` keeps its
 * leading zeros.
 */
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { BulkOperationName } from '../domain/operations.js';
import { escapeCell } from '../domain/formula-escape.js';
import { SANDBOX_SCENARIOS, scenarioInput, type SandboxScenario } from '../sources/sandbox/scenarios.js';
import { XlsxSheetWriter } from '../store/results/xlsx-writer.js';
import { columnsTakenBy, type KnownColumn } from './intake/row-request.js';

export interface BulkTemplate {
  header: string[];
  rows: string[][];
}

/** Carried-through columns every verification template offers, filled in its examples. */
const SUPPLIER_COLUMNS = ['vendor_code', 'vendor_name'] as const;

/** A clean scenario (answers 200, nothing flagged) that the operation would call by `kind`. */
function exampleScenario(operation: Exclude<BulkOperationName, 'itc.check'>, kind: KnownColumn): SandboxScenario | undefined {
  return SANDBOX_SCENARIOS.find((scenario) => {
    const ids = scenario.identifiers as Partial<Record<KnownColumn, string>>;
    if (ids[kind] === undefined) return false;
    // Business360 takes the first of gstin, cin, pan a row has: the row has only this one.
    if (operation === 'business360') return scenario.flags !== undefined && scenario.flags.length === 0;
    const input = scenarioInput(operation, scenario.identifiers) as Record<string, unknown> | undefined;
    return scenario.expect[operation] === 200 && input !== undefined && kind in input;
  });
}

/** The template of `operation`: its known columns (identifiers first) and the example rows. */
export function bulkTemplate(operation: BulkOperationName): BulkTemplate {
  if (operation === 'itc.check') return registerTemplate();
  const { identifiers, others } = columnsTakenBy(operation);
  // The supplier's own code and name, carried through to the results (and named by a portfolio's
  // change report): the columns a vendor master has beside the identifier.
  const header = [...identifiers, ...others, ...SUPPLIER_COLUMNS];
  const rows: string[][] = [];
  for (const [index, kind] of identifiers.entries()) {
    const scenario = exampleScenario(operation, kind);
    const value = (scenario?.identifiers as Partial<Record<KnownColumn, string>> | undefined)?.[kind];
    // A template always has its examples: the scenario list is fixed, and a test covers every operation.
    if (value === undefined) throw new Error(`no sandbox scenario gives ${operation} an example ${kind}`);
    const supplier: Record<string, string> = { vendor_code: `V${String(index + 1).padStart(4, '0')}`, vendor_name: `Example supplier ${index + 1}` };
    rows.push(header.map((column) => (column === kind ? value : (supplier[column] ?? ''))));
  }
  return { header, rows };
}

/**
 * itc.check's template: a purchase register, one invoice a row, with the tax as IGST (an
 * inter-state purchase) or CGST + SGST (an intra-state one); a `tax` column may replace the four.
 * Its supplier is a clean sandbox GSTIN, its invoices dated early in the current financial year's
 * quarter before last, so they are neither in the future nor past their claim window.
 */
function registerTemplate(now: Date = new Date()): BulkTemplate {
  const header = ['gstin', 'invoice_number', 'invoice_date', 'igst', 'cgst', 'sgst', 'cess', 'availed_in'];
  const scenario = exampleScenario('gst.verify', 'gstin');
  const gstin = (scenario?.identifiers as Partial<Record<KnownColumn, string>> | undefined)?.gstin;
  if (gstin === undefined) throw new Error('no sandbox scenario gives itc.check an example gstin');
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1));
  const day = (d: number) => `${String(d).padStart(2, '0')}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${month.getUTCFullYear()}`;
  return {
    header,
    rows: [
      [gstin, 'INV-0001', day(5), '1800.00', '', '', '', ''],
      [gstin, 'INV-0002', day(20), '', '450.00', '450.00', '', ''],
    ],
  };
}

/** The template as results.csv is written: UTF-8 with a BOM (so Excel reads it as UTF-8), CRLF. */
export function bulkTemplateCsv(template: BulkTemplate): string {
  return stringify([template.header, ...template.rows].map((cells) => cells.map(escapeCell)), { bom: true, record_delimiter: 'windows' });
}

/** The template as a workbook (a few kB, so built whole): text-format columns, header frozen. */
export async function bulkTemplateXlsx(operation: BulkOperationName, template: BulkTemplate): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  // Cells as they are: the writer quote-prefixes text that starts like a formula (no CSV `'`).
  const sheet = await XlsxSheetWriter.toStream(out, { sheetName: operation, columns: template.header.map((name) => ({ header: name, width: 24 })) });
  for (const row of template.rows) sheet.addRow(row);
  await sheet.commit();
  return Buffer.concat(chunks);
}

/** `gst.verify.xlsx` → the operation and the format; undefined for anything else. */
export function parseTemplateName(name: string, operations: readonly string[]): { operation: BulkOperationName; format: 'csv' | 'xlsx' } | undefined {
  const match = /^(.+)\.(csv|xlsx)$/.exec(name);
  if (match === null || !operations.includes(match[1] as string)) return undefined;
  return { operation: match[1] as BulkOperationName, format: match[2] as 'csv' | 'xlsx' };
}
