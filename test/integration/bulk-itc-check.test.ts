/**
 * The bulk ITC check (issue 29, point 2) on a live key, over real HTTP to the upstream
 * simulator: a purchase register of 10,000 invoices from 200 suppliers costs the upstreams
 * exactly what a register of the same 200 suppliers with one invoice each does (each supplier's
 * GST Verify and GST Returns run once per job), is billed 200 × ₹1.75, and its suppliers file
 * adds up to its invoice rows.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worstVerdict } from '../../src/domain/itc/check-invoice.js';
import type { ItcVerdict } from '../../src/domain/itc/types.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { fileUpload, multipartUpload, waitForJob, type JobStatus } from '../helpers/bulk-client.js';
import { writeSimSources } from '../helpers/sim-sources.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { xlsx } from '../helpers/xlsx-files.js';

const SUPPLIERS = 200;
const INVOICES = 10_000;

interface InvoiceLine {
  row: number;
  input: Record<string, string>;
  status: string;
  charged_inr: number;
  data: { supplier_gstin: string; number: string; verdict: ItcVerdict; tax_inr: number | null; tax_at_risk_inr: number; claim_by: string | null; reasons: { code: string }[] } | null;
  error: { code: string; message: string } | null;
}

describe('bulk itc.check over a purchase register, live sources', () => {
  let t: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  const requests = () => Object.fromEntries(Object.entries(sim.stats().routes).map(([route, stats]) => [route, stats.requests]));
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const since = (before: Record<string, number>) => Object.fromEntries(Object.entries(requests()).map(([route, n]) => [route, n - (before[route] ?? 0)]).filter(([, n]) => (n as number) > 0));

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    t = await createTestApp({ env: { BV_SOURCES: await writeSimSources(sim.url, { max_rate_per_second: 2_000, max_in_flight: 32 }), BV_BULK_ROW_BACKOFF_MS: '5' } });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 2_000, reference: 'itc bulk' });
    t.deps.startWorkers();
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.liveKey}` } });

  async function run(csv: string, name: string): Promise<{ status: JobStatus; upstream: Record<string, number> }> {
    const before = requests();
    const created = await t.app.inject(multipartUpload(t.liveKey, { operation: 'itc.check' }, { name, csv }));
    expect(created.statusCode, created.body).toBe(202);
    const status = await waitForJob(t.app, t.liveKey, (created.json().data as { job_id: string }).job_id);
    expect(status.status).toBe('completed');
    return { status, upstream: since(before) };
  }

  it('checks each supplier once per job: 10,000 invoices cost the upstreams what 200 one-invoice suppliers do, and 200 charges', { timeout: 120_000 }, async () => {
    // Suppliers both checks answer (the registry also issues fault triggers and GSTINs without filings).
    const registry = loadSandboxRegistry();
    const now = new Date();
    const answered = (gstin: string) =>
      registry.faultFor('gst.verify', { gstin }) === undefined &&
      registry.faultFor('gst.returns', { gstin }) === undefined &&
      registry.lookup('gst.verify', { gstin }, now) !== undefined &&
      registry.lookup('gst.returns', { gstin }, now) !== undefined;
    const gstins = registry.identifiers('gstin').filter(answered).slice(0, SUPPLIERS);
    expect(gstins).toHaveLength(SUPPLIERS);
    // Invoices over the last two financial years, each supplier's spread over many months.
    const invoices = Array.from({ length: INVOICES }, (_, i) => {
      const supplier = i % SUPPLIERS;
      const month = new Date(Date.UTC(2024, 3 + ((i * 7 + supplier) % 30), 1 + (i % 28)));
      const date = `${String(month.getUTCDate()).padStart(2, '0')}-${String(month.getUTCMonth() + 1).padStart(2, '0')}-${month.getUTCFullYear()}`;
      return { gstin: gstins[supplier] as string, number: `INV-${i + 1}`, date, iso: month.toISOString().slice(0, 10), cgst: (100 + (i % 50)).toFixed(2) };
    });
    // The same suppliers, one invoice each: its earliest, so each supplier's returns reach as far back.
    const earliest = new Map<string, (typeof invoices)[number]>();
    for (const invoice of invoices) if ((earliest.get(invoice.gstin)?.iso ?? '9999') > invoice.iso) earliest.set(invoice.gstin, invoice);
    const register = (rows: readonly (typeof invoices)[number][]) =>
      `GSTIN of supplier,Invoice number,Invoice Date,Central Tax(₹),State/UT Tax(₹)\n${rows.map((r) => `${r.gstin},${r.number},${r.date},${r.cgst},${r.cgst}`).join('\n')}\n`;

    const single = await run(register([...earliest.values()]), 'one-each.csv');
    const full = await run(register(invoices), 'register.csv');
    console.log(`itc.check upstream requests: one invoice per supplier ${total(single.upstream)}, 10,000 invoices ${total(full.upstream)}`, full.upstream);
    expect(total(single.upstream)).toBeGreaterThanOrEqual(2 * SUPPLIERS);
    expect(full.upstream).toEqual(single.upstream);

    // Billed per supplier, once: 200 × ₹1.75 held and charged; the invoices are free.
    expect(full.status.rows).toMatchObject({ total: INVOICES, valid: INVOICES, invalid: 0 });
    expect(Math.round(full.status.reserved_inr * 100)).toBe(SUPPLIERS * 175);
    expect(Math.round(full.status.charged_inr * 100)).toBe(SUPPLIERS * 175);
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);

    const lines = (await get(full.status.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as InvoiceLine);
    expect(lines).toHaveLength(INVOICES);
    lines.forEach((line, i) => {
      expect(line.row).toBe(i + 1);
      expect(line.status, JSON.stringify(line.error)).toBe('ok');
      expect(line.data?.number).toBe(`INV-${i + 1}`);
      expect(line.data?.tax_inr).toBe(Number(invoices[i]!.cgst) * 2);
    });
    const charged = lines.filter((line) => line.charged_inr > 0);
    expect(charged).toHaveLength(SUPPLIERS);
    expect(charged.map((line) => line.row)).toEqual(gstins.map((_, i) => i + 1));

    // suppliers.csv: one line per supplier, ranked by tax at risk, adding up to the invoice rows.
    const links = full.status.results as unknown as Record<string, string>;
    expect(links.suppliers_csv).toBe(`/v1/bulk/jobs/${full.status.job_id}/suppliers.csv`);
    const suppliersCsv = await get(links.suppliers_csv!);
    expect(suppliersCsv.statusCode).toBe(200);
    const suppliers = parse(suppliersCsv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(suppliers).toHaveLength(SUPPLIERS);
    const atRisk = suppliers.map((s) => Number(s.tax_at_risk_inr));
    expect(atRisk).toEqual([...atRisk].sort((a, b) => b - a));
    for (const supplier of suppliers) {
      const rows = lines.filter((line) => line.data?.supplier_gstin === supplier.gstin);
      const paise = (key: 'tax_inr' | 'tax_at_risk_inr') => rows.reduce((sum, line) => sum + Math.round((line.data?.[key] ?? 0) * 100), 0);
      expect({ gstin: supplier.gstin, invoices: Number(supplier.invoices), tax: Math.round(Number(supplier.tax_inr) * 100), atRisk: Math.round(Number(supplier.tax_at_risk_inr) * 100), worst: supplier.worst_verdict }).toEqual({
        gstin: supplier.gstin,
        invoices: INVOICES / SUPPLIERS,
        tax: paise('tax_inr'),
        atRisk: paise('tax_at_risk_inr'),
        worst: worstVerdict(rows.map((line) => line.data!.verdict)),
      });
      expect(supplier.charged_inr).toBe('1.75');
    }
    const xlsxFile = await get(links.suppliers_xlsx!);
    expect(xlsxFile.statusCode).toBe(200);
    expect(xlsxFile.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('reads an .xlsx register, marks bad rows invalid naming the column, and a supplier no source knows ends its invoices not_found, unbilled', { timeout: 60_000 }, async () => {
    const [known] = loadSandboxRegistry().identifiers('gstin');
    const unknown = '27ZZZCZ0404Z1ZT';
    const file = xlsx([
      ['GSTIN/UIN', 'Supplier Invoice No.', 'Supplier Invoice Date', 'Input IGST'],
      [known!, 'A-1', '01-06-2025', '180'],
      [unknown, 'U-1', '02-06-2025', '90'],
      [known!, 'A-2', '31-06-2025', '10'],
      [unknown, 'U-2', '03-06-2025', '90'],
    ]);
    const created = await t.app.inject(fileUpload(t.liveKey, { operation: 'itc.check' }, { name: 'tally.xlsx', bytes: file, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(created.statusCode, created.body).toBe(202);
    const status = await waitForJob(t.app, t.liveKey, (created.json().data as { job_id: string }).job_id);
    expect(status.status).toBe('completed');
    expect(Math.round(status.reserved_inr * 100)).toBe(2 * 175);
    expect(Math.round(status.charged_inr * 100)).toBe(175);
    const lines = (await get(status.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as InvoiceLine);
    expect(lines.map((line) => [line.row, line.status, line.charged_inr])).toEqual([
      [1, 'ok', 1.75],
      [2, 'not_found', 0],
      [3, 'invalid', 0],
      [4, 'not_found', 0],
    ]);
    expect(lines[2]!.error?.message).toMatch(/^invoice_date: "31-06-2025" is not a real date/);
    const suppliers = parse((await get(`/v1/bulk/jobs/${status.job_id}/suppliers.csv`)).body, { columns: true, bom: true }) as Record<string, string>[];
    expect(suppliers.map((s) => [s.gstin, s.invoices, s.check_status, s.charged_inr])).toEqual(
      expect.arrayContaining([
        [known, '1', 'ok', '1.75'],
        [unknown, '2', 'not_found', '0.00'],
      ]),
    );
    // No registration is the clearest loss (s.16(2)(a)): blocked, its tax at risk, ranked first.
    expect(lines[3]!.data).toMatchObject({ verdict: 'blocked', tax_at_risk_inr: 90 });
    expect([suppliers[0]!.gstin, suppliers[0]!.tax_at_risk_inr, suppliers[0]!.worst_verdict]).toEqual([unknown, '180.00', 'blocked']);
    const other = await t.app.inject(multipartUpload(t.liveKey, { operation: 'gst.verify' }, { name: 'v.csv', csv: `gstin\n${known}\n` }));
    const otherStatus = await waitForJob(t.app, t.liveKey, (other.json().data as { job_id: string }).job_id);
    expect((await get(`/v1/bulk/jobs/${otherStatus.job_id}/suppliers.csv`)).statusCode).toBe(404);
    expect(otherStatus.results).not.toHaveProperty('suppliers_csv');
  });

  it('refuses a register without the columns it needs with a 400 naming them, holding nothing', async () => {
    const [known] = loadSandboxRegistry().identifiers('gstin');
    const footprint = async () => ({
      heldPaise: (await t.deps.wallet.of('live').balance(t.accountId)).heldPaise,
      jobFolders: (await t.deps.results.jobIds()).length,
    });
    const before = await footprint();
    const refused = await t.app.inject(multipartUpload(t.liveKey, { operation: 'itc.check' }, { name: 'register.csv', csv: `gstin,foo\n${known!},1\n` }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/itc\.check needs these columns, not found in the header row: invoice_number \(or "Invoice number".*invoice_date .*tax /) });
    expect(await footprint()).toEqual(before);
  });

  it("retries a failed supplier's invoices as a new job that checks (and holds for) the supplier once", { timeout: 60_000 }, async () => {
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 100, reference: 'itc retry', environment: 'sandbox' });
    const [good] = loadSandboxRegistry().identifiers('gstin');
    const down = '27ZZZCZ5030Z1ZL'; // the sandbox's source-down trigger
    const csv = `gstin,invoice_number,invoice_date,tax\n${good},G-1,01-06-2025,10\n${down},D-1,02-06-2025,20\n${good},G-2,03-06-2025,30\n${down},D-2,04-06-2025,40\n`;
    const created = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'itc.check' }, { name: 'register.csv', csv }));
    expect(created.statusCode, created.body).toBe(202);
    const status = await waitForJob(t.app, t.sandboxKey, (created.json().data as { job_id: string }).job_id);
    const sandboxGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    const statuses = (body: string) => body.trim().split('\n').map((line) => (JSON.parse(line) as InvoiceLine).status);
    expect(statuses((await sandboxGet(status.results!.jsonl)).body)).toEqual(['ok', 'failed', 'ok', 'failed']);
    expect(Math.round(status.charged_inr * 100)).toBe(175);

    const retry = await t.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${status.job_id}/retry`, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().data).toMatchObject({ rows: { total: 2, valid: 2, duplicates: 1 }, reserved_inr: 1.75 });
    const retried = await waitForJob(t.app, t.sandboxKey, retry.json().data.job_id as string);
    const lines = (await sandboxGet(retried.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as InvoiceLine);
    expect(lines.map((line) => [line.row, line.input.invoice_number, line.status, line.charged_inr])).toEqual([
      [2, 'D-1', 'failed', 0],
      [4, 'D-2', 'failed', 0],
    ]);
    // Each retried row carries its own invoice (judged as itself if the supplier answers this time), the supplier checked with the first.
    const requests: unknown[] = [];
    for await (const text of t.deps.results.readLines(retried.job_id, 'input.jsonl')) requests.push((JSON.parse(text) as { request?: unknown }).request);
    expect(requests.slice(1)).toEqual([
      { gstin: down, number: 'D-1', date: '2025-06-02', tax_paise: 2_000 },
      { gstin: down, number: 'D-2', date: '2025-06-04', tax_paise: 4_000 },
    ]);
  });
});
