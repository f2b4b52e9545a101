/**
 * The bulk ITC check's finalize (bulk/itc-register-results.ts): each invoice judged against
 * its supplier's kept facts in upload order, a supplier whose checks failed or never ran ending its
 * invoices so, unbilled; the supplier's charge on its first invoice's row; and suppliers.csv added
 * up from the rows, ranked by tax at risk.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SupplierTally, type ItcSupplierData } from '../../src/domain/itc/register-results.js';
import { INPUT_FILE } from '../../src/bulk/input-file.js';
import { judgedRows, SUPPLIERS_CSV_FILE, writeSupplierFiles } from '../../src/bulk/itc-register-results.js';
import { KeptSuppliers } from '../../src/bulk/kept-suppliers.js';
import { chunkFileName, formatChunkLine } from '../../src/bulk/process-chunk.js';
import type { RowResult } from '../../src/bulk/result-files.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';
import { supplier, without } from './itc-support.js';

const JOB = 'job_0123456789abcdef';
const A = '27AAPFU0939F1ZV';
const B = '29AAGCB7383J1Z4';
const C = '07AAACR5055K1Z6';
const jsonl = (lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
const cells = (gstin: string, number: string) => ({ gstin, invoice_number: number });

describe('judging a purchase register at finalize', () => {
  let root: string;
  let store: LocalResultStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-itc-'));
    store = new LocalResultStore(root);
    await mkdir(path.join(store.dir(JOB), 'chunks'), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('judges each invoice by its supplier in upload order; a failed or unrun supplier ends its invoices unbilled; suppliers.csv adds them up', async () => {
    const invoice = (gstin: string, number: string, date: string, tax_paise: number) => ({ gstin, number, date, tax_paise });
    await writeFile(
      store.path(JOB, INPUT_FILE),
      jsonl([
        { header: ['gstin', 'invoice_number'] },
        { row: 1, columns: cells(A, 'A1'), mark: 'first', chunk: 0, request: invoice(A, 'A1', '2026-06-10', 18_000) },
        { row: 2, columns: cells(B, 'B1'), mark: 'first', chunk: 0, request: invoice(B, 'B1', '2026-06-11', 5_000) },
        { row: 3, columns: cells(A, 'A2'), mark: 'duplicate', of: 1, request: { ...invoice(A, 'A2', '2026-07-10', 9_000), availed_in: '2026-08' } },
        { row: 4, columns: cells(A, ''), mark: 'invalid', problems: [{ field: 'invoice_number', message: 'is empty' }] },
        { row: 5, columns: cells(B, 'B2'), mark: 'duplicate', of: 2, request: invoice(B, 'B2', '2026-08-01', 7_000) },
        { row: 6, columns: cells(C, 'C1'), mark: 'first', chunk: 1, request: invoice(C, 'C1', '2026-06-01', 100) },
        { row: 7, columns: cells(C, 'C2'), mark: 'duplicate', of: 6, request: invoice(C, 'C2', '2026-06-02', 100) },
      ]),
    );
    // Supplier A filed everything on time but July's GSTR-1; B's checks failed; chunk 1 (C) never ran.
    const facts: ItcSupplierData = { gstin: A, legal_name: 'Acme Traders', trade_name: 'Acme', facts: supplier({ filings: without(supplier().filings, '2026-07', 'GSTR1') }), as_of: '2026-11-20' };
    await writeFile(
      store.path(JOB, chunkFileName(0)),
      `${[
        formatChunkLine({ row: 1, status: 'ok', charged_paise: 175, identifier: A, data: facts, error: null }),
        formatChunkLine({ row: 2, status: 'failed', charged_paise: 0, data: null, error: { code: 'PROVIDER_UNAVAILABLE', message: 'GST Verify (registration) could not be checked' } }),
      ].join('\n')}\n`,
    );

    const tally = new SupplierTally();
    const rows: RowResult[] = [];
    for await (const batch of judgedRows(store, JOB, await KeptSuppliers.read(store, JOB, 2), new Map(), tally)) rows.push(...batch);
    expect(rows.map((r) => [r.row, r.status, r.chargedPaise, (r.data as { verdict?: string } | null)?.verdict ?? null])).toEqual([
      [1, 'ok', 175, 'eligible'],
      [2, 'failed', 0, null],
      [3, 'ok', 0, 'at_risk'],
      [4, 'invalid', 0, null],
      [5, 'failed', 0, null],
      [6, 'cancelled', 0, null],
      [7, 'cancelled', 0, null],
    ]);
    // Each invoice as the sync API shows it, availed_in echoed (null when the register has none).
    expect(rows[2]!.data).toMatchObject({ supplier_gstin: A, number: 'A2', period: '2026-07', tax_inr: 90, tax_at_risk_inr: 90, availed_in: '2026-08', reasons: [expect.objectContaining({ code: 'gstr1_not_filed' })] });
    expect(rows[0]!.data).toMatchObject({ number: 'A1', availed_in: null });
    expect(rows[4]!.error?.message).toBe('GST Verify (registration) could not be checked');

    await writeSupplierFiles(store, JOB, tally.ranked());
    const csv = parse(await readFile(store.path(JOB, SUPPLIERS_CSV_FILE), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((s) => [s.gstin, s.name, s.invoices, s.tax_inr, s.tax_at_risk_inr, s.worst_verdict, s.check_status, s.charged_inr])).toEqual([
      [A, 'Acme Traders', '2', '270.00', '90.00', 'at_risk', 'ok', '1.75'],
      [B, '', '2', '120.00', '0.00', '', 'failed', '0.00'],
      [C, '', '2', '2.00', '0.00', '', 'cancelled', '0.00'],
    ]);
    expect(csv[0]).toMatchObject({ eligible: '1', at_risk: '1', gst_status: 'Active', taxpayer_type: 'Regular', filing_frequency: 'monthly' });
    expect(csv[0]!.earliest_deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(csv[1]!.error_message).toBe('GST Verify (registration) could not be checked');
    expect((await readFile(store.path(JOB, 'suppliers.xlsx'))).subarray(0, 2).toString()).toBe('PK');
  });

  it('blocks the invoices of a supplier GSTIN with no registration, their tax at risk, ranked with the problems; a failed one stays unjudged', async () => {
    const invoice = (gstin: string, number: string, tax_paise: number) => ({ gstin, number, date: '2026-06-10', tax_paise });
    await writeFile(
      store.path(JOB, INPUT_FILE),
      jsonl([
        { header: ['gstin', 'invoice_number'] },
        { row: 1, columns: cells(A, 'A1'), mark: 'first', chunk: 0, request: invoice(A, 'A1', 900_000) },
        { row: 2, columns: cells(B, 'B1'), mark: 'first', chunk: 0, request: invoice(B, 'B1', 5_000) },
        { row: 3, columns: cells(B, 'B2'), mark: 'duplicate', of: 2, request: invoice(B, 'B2', 7_000) },
        { row: 4, columns: cells(C, 'C1'), mark: 'first', chunk: 0, request: invoice(C, 'C1', 100) },
      ]),
    );
    const facts: ItcSupplierData = { gstin: A, legal_name: 'Acme Traders', trade_name: 'Acme', facts: supplier(), as_of: '2026-11-20' };
    await writeFile(
      store.path(JOB, chunkFileName(0)),
      `${[
        formatChunkLine({ row: 1, status: 'ok', charged_paise: 175, identifier: A, data: facts, error: null }),
        formatChunkLine({ row: 2, status: 'not_found', charged_paise: 0, data: null, error: { code: 'NOT_FOUND', message: `No GST registration found for ${B}` } }),
        formatChunkLine({ row: 4, status: 'failed', charged_paise: 0, data: null, error: { code: 'PROVIDER_UNAVAILABLE', message: 'GST Verify (registration) could not be checked' } }),
      ].join('\n')}\n`,
    );
    const tally = new SupplierTally();
    const rows: RowResult[] = [];
    for await (const batch of judgedRows(store, JOB, await KeptSuppliers.read(store, JOB, 1), new Map(), tally)) rows.push(...batch);
    const verdictOf = (r: RowResult) => (r.data as { verdict?: string } | null)?.verdict ?? null;
    expect(rows.map((r) => [r.row, r.status, r.chargedPaise, verdictOf(r)])).toEqual([
      [1, 'ok', 175, 'eligible'],
      [2, 'not_found', 0, 'blocked'],
      [3, 'not_found', 0, 'blocked'],
      [4, 'failed', 0, null],
    ]);
    expect(rows[2]!.data).toMatchObject({ supplier_gstin: B, number: 'B2', tax_inr: 70, tax_at_risk_inr: 70, reasons: [expect.objectContaining({ code: 'not_registered_on_invoice_date', severity: 'critical' })] });
    expect(rows[2]!.error?.code).toBe('NOT_FOUND');

    await writeSupplierFiles(store, JOB, tally.ranked());
    const csv = parse(await readFile(store.path(JOB, SUPPLIERS_CSV_FILE), 'utf8'), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.map((s) => [s.gstin, s.tax_inr, s.tax_at_risk_inr, s.worst_verdict, s.blocked, s.check_status])).toEqual([
      [B, '120.00', '120.00', 'blocked', '2', 'not_found'],
      [A, '9000.00', '0.00', 'eligible', '0', 'ok'],
      [C, '1.00', '0.00', '', '0', 'failed'],
    ]);
    const totals = JSON.parse((await readFile(store.path(JOB, 'suppliers.jsonl'), 'utf8')).split('\n')[0]!) as { totals: Record<string, unknown> };
    expect(totals.totals).toMatchObject({ tax_at_risk_inr: 120, suppliers_needing_action: 2, verdicts: expect.objectContaining({ blocked: 2 }) });
  });

  it('says why a supplier given up on by the watchdog was not checked', async () => {
    await writeFile(
      store.path(JOB, INPUT_FILE),
      jsonl([
        { header: ['gstin', 'invoice_number'] },
        { row: 1, columns: cells(A, 'A1'), mark: 'first', chunk: 0, request: { gstin: A, number: 'A1', date: '2026-06-10' } },
        { row: 2, columns: cells(A, 'A2'), mark: 'duplicate', of: 1, request: { gstin: A, number: 'A2', date: '2026-06-12' } },
      ]),
    );
    const rows: RowResult[] = [];
    const abandoned = new Map([[0, { status: 'failed' as const, reason: 'its worker kept dying' }]]);
    for await (const batch of judgedRows(store, JOB, await KeptSuppliers.read(store, JOB, 1), abandoned, new SupplierTally())) rows.push(...batch);
    expect(rows.map((r) => [r.status, r.error?.message])).toEqual([
      ['failed', 'This row could not be verified and was not billed: its worker kept dying'],
      ['failed', 'This row could not be verified and was not billed: its worker kept dying'],
    ]);
  });

  it('keeps the suppliers as text and parses them when asked, in any order, more of them than it keeps parsed', async () => {
    const count = 5_000;
    const lines = Array.from({ length: count }, (_, i) => formatChunkLine({ row: i + 1, status: 'ok', charged_paise: 175, data: { gstin: `G${i}` }, error: null }));
    await writeFile(store.path(JOB, chunkFileName(0)), `${lines.slice(0, 2_500).join('\n')}\n`);
    await writeFile(store.path(JOB, chunkFileName(1)), `${lines.slice(2_500).join('\n')}\n`);
    const kept = await KeptSuppliers.read(store, JOB, 3);
    for (const row of [1, 4_999, 2, 2_501, 1, 5_000, ...Array.from({ length: 3_000 }, (_, i) => ((i * 7_919) % count) + 1), 1]) {
      expect(kept.get(row)).toEqual({ row, status: 'ok', charged_paise: 175, data: { gstin: `G${row - 1}` }, error: null });
    }
    expect(kept.get(count + 1)).toBeUndefined();
  });
});
