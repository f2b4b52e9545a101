/**
 * The finalize step of a bulk ITC check (itc.check; docs/itc-check.md "Bulk"). Its chunks
 * verified suppliers, not invoices: each chunk line is one supplier (its first invoice's row),
 * billed once, with the facts the rules read. Here the input file is streamed in upload order;
 * each invoice row is judged against its supplier's kept facts and written like any result row,
 * and the suppliers' totals are added up as the rows pass, for suppliers.csv and suppliers.xlsx.
 * Memory: the suppliers' facts (as text: kept-suppliers.ts) and totals, per distinct supplier; never the invoices.
 */
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { escapeCell } from '../domain/formula-escape.js';
import { invoiceRowData, unregisteredInvoiceRowData, type ItcSupplierData, type SupplierSummary, type SupplierTally } from '../domain/itc/register-results.js';
import type { RegisterInvoice } from '../domain/itc/register-row.js';
import { supplierListingLines } from '../domain/itc/supplier-listing.js';
import type { AbandonedChunk } from '../store/bulk-jobs/bulk-jobs.js';
import type { ResultStore } from '../store/results/result-store.js';
import { XlsxSheetWriter, type XlsxColumn } from '../store/results/xlsx-writer.js';
import { inputRowBatches } from './input-file.js';
import { invalidResult, unkeptLine } from './merge-results.js';
import type { KeptSuppliers } from './kept-suppliers.js';
import type { ChunkResultLine } from './process-chunk.js';
import { chargedInrText, type RowResult } from './result-files.js';

export const SUPPLIERS_CSV_FILE = 'suppliers.csv';
export const SUPPLIERS_XLSX_FILE = 'suppliers.xlsx';
/** The same suppliers as JSON lines, totals first, for the paged listing (domain/itc/supplier-listing.ts); not a download. */
export const SUPPLIERS_JSONL_FILE = 'suppliers.jsonl';

const BATCH_ROWS = 500;

/**
 * Every input row's result in upload order, in batches. An invoice of a supplier whose checks
 * were delivered is `ok` with its verdict; one whose checks failed ends as its supplier did
 * (failed, with why), unbilled; one whose supplier GSTIN has no registration is `not_found`,
 * unbilled, but with a `blocked` verdict and its tax at risk (unregisteredInvoiceRowData). The supplier's charge is shown on its first invoice's
 * row (where the ledger names it), so results.csv's charged_inr still sums to the job's charge.
 */
export async function* judgedRows(
  results: ResultStore,
  jobId: string,
  suppliers: KeptSuppliers,
  abandoned: ReadonlyMap<number, AbandonedChunk>,
  tally: SupplierTally,
): AsyncGenerator<RowResult[]> {
  let batch: RowResult[] = [];
  for await (const lines of inputRowBatches(results, jobId)) {
    for (const line of lines) {
      if (line.mark === 'invalid') {
        batch.push(invalidResult(line));
      } else {
        const supplierRow = line.mark === 'first' ? line.row : line.of;
        const invoice = line.request as unknown as (RegisterInvoice & { gstin: string }) | undefined;
        let supplier = suppliers.get(supplierRow);
        if (supplier === undefined && line.mark === 'first') {
          supplier = unkeptLine(line.row, abandoned.get(line.chunk));
          suppliers.setUnkept(line.row, supplier);
        }
        batch.push(judged(line, invoice, supplier, line.mark === 'first', tally));
      }
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

function judged(
  line: { row: number; columns: Record<string, string>; sent?: Record<string, unknown> | undefined },
  invoice: (RegisterInvoice & { gstin: string }) | undefined,
  supplier: ChunkResultLine | undefined,
  first: boolean,
  tally: SupplierTally,
): RowResult {
  const base = { row: line.row, input: line.columns, sent: line.sent };
  if (invoice === undefined || supplier === undefined) {
    return { ...base, status: 'failed', data: null, error: { code: 'INTERNAL_ERROR', message: 'no supplier result for this row' }, chargedPaise: 0 };
  }
  if (supplier.status === 'not_found') {
    // No registration: nothing delivered or billed, but the invoice's credit is lost (blocked).
    const error = supplier.error ?? { code: 'NOT_FOUND', message: `no GST registration found for ${invoice.gstin}` };
    const row = unregisteredInvoiceRowData(invoice.gstin, invoice);
    tally.addUnregistered(invoice.gstin, row, error.message);
    const { deadline: _deadline, taxPaise: _taxPaise, taxAtRiskPaise: _taxAtRiskPaise, ...data } = row;
    return { ...base, status: 'not_found', data, error, chargedPaise: 0 };
  }
  if (supplier.status !== 'ok') {
    const error = supplier.error ?? (supplier.status === 'cancelled' ? null : { code: 'INTERNAL_ERROR', message: 'the supplier could not be checked' });
    tally.addUnjudged(invoice.gstin, supplier.status, error?.message ?? supplier.status, invoice.tax_paise ?? 0);
    return { ...base, status: supplier.status, data: null, error, chargedPaise: 0 };
  }
  const facts = supplier.data as ItcSupplierData;
  const chargedPaise = first ? supplier.charged_paise : 0;
  try {
    const { deadline, taxPaise, taxAtRiskPaise, ...data } = invoiceRowData(facts, invoice);
    tally.addJudged(facts, { ...data, deadline, taxPaise, taxAtRiskPaise }, chargedPaise);
    return { ...base, status: 'ok', data, error: null, chargedPaise };
  } catch (error) {
    // Only an invoice dated after the day its supplier was checked (a sandbox clock set back) gets
    // here: invalid as of that day, and not retried (a retry would check, and bill, the supplier again).
    const message = `The invoice could not be judged: ${(error as Error).message}`;
    tally.addUnjudged(invoice.gstin, 'ok', message, invoice.tax_paise ?? 0);
    return { ...base, status: 'invalid', data: null, error: { code: 'VALIDATION_FAILED', message }, chargedPaise };
  }
}

/** suppliers.csv's columns (also suppliers.xlsx's); amounts in rupees, two decimals. */
export const SUPPLIER_COLUMNS: readonly XlsxColumn[] = [
  { header: 'gstin', width: 18 },
  { header: 'name', width: 38 },
  { header: 'invoices', kind: 'integer', width: 10 },
  { header: 'tax_inr', kind: 'amount', width: 14 },
  { header: 'tax_at_risk_inr', kind: 'amount', width: 16 },
  { header: 'worst_verdict', width: 14 },
  { header: 'earliest_deadline', width: 16 },
  { header: 'eligible', kind: 'integer' },
  { header: 'at_risk', kind: 'integer' },
  { header: 'reverse', kind: 'integer' },
  { header: 'blocked', kind: 'integer' },
  { header: 'unknown', kind: 'integer' },
  { header: 'gst_status', width: 12 },
  { header: 'taxpayer_type', width: 14 },
  { header: 'filing_frequency', width: 14 },
  { header: 'check_status', width: 12 },
  { header: 'error_message', width: 38 },
  { header: 'charged_inr', kind: 'amount', width: 12 },
];

function supplierCells(s: SupplierSummary): string[] {
  return [
    s.gstin,
    s.name,
    String(s.invoices),
    chargedInrText(s.taxPaise),
    chargedInrText(s.taxAtRiskPaise),
    s.worstVerdict ?? '',
    s.earliestDeadline ?? '',
    ...(['eligible', 'at_risk', 'reverse', 'blocked', 'unknown'] as const).map((v) => String(s.byVerdict[v])),
    s.gstStatus,
    s.taxpayerType,
    s.filingFrequency,
    s.status,
    s.error,
    chargedInrText(s.chargedPaise),
  ];
}

/** suppliers.csv (as results.csv: BOM, CRLF, formula-escaped), suppliers.xlsx and suppliers.jsonl, ranked by tax at risk. */
export async function writeSupplierFiles(results: Pick<ResultStore, 'openWriter'>, jobId: string, ranked: readonly SupplierSummary[]): Promise<void> {
  const csv = await results.openWriter(jobId, SUPPLIERS_CSV_FILE);
  let xlsx: XlsxSheetWriter | undefined;
  let jsonl: Awaited<ReturnType<ResultStore['openWriter']>> | undefined;
  try {
    xlsx = await XlsxSheetWriter.toStore(results, jobId, SUPPLIERS_XLSX_FILE, { sheetName: 'Suppliers', columns: SUPPLIER_COLUMNS });
    jsonl = await results.openWriter(jobId, SUPPLIERS_JSONL_FILE);
    const rows = ranked.map(supplierCells);
    await csv.write(stringifyCsv([SUPPLIER_COLUMNS.map((c) => c.header), ...rows.map((cells) => cells.map(escapeCell))], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ }));
    for (const [index, cells] of rows.entries()) xlsx.addRow(cells, (ranked[index] as SupplierSummary).taxAtRiskPaise > 0 || ranked[index]?.status !== 'ok');
    await jsonl.write(`${[...supplierListingLines(ranked)].join('\n')}\n`);
    await Promise.all([csv.commit(), xlsx.commit(), jsonl.commit()]);
  } catch (error) {
    await Promise.all([csv.abort(), xlsx?.abort(), jsonl?.abort()]);
    throw error;
  }
}

