import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDate } from '../../src/domain/dates.js';
import { runBv } from '../helpers/run-bv.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface ItcCase {
  name: string;
  gstin: string;
  invoices: { number: string; date: string | object; tax_inr: number; expect: { verdict: string; reverse_by?: string } }[];
}

/** The published ITC scenarios (samples/sandbox-identifiers.json `itc`), as a user reads them. */
const ITC: ItcCase[] = (JSON.parse(readFileSync(fileURLToPath(new URL('../../samples/sandbox-identifiers.json', import.meta.url)), 'utf8')) as { itc: ItcCase[] }).itc;
const itcCase = (name: string) => ITC.find((c) => c.name === name)!;
/** Its invoices of fixed dates: July 2024 to reverse by 2025-11-30, April 2024 eligible. */
const R37A = itcCase('itc-rule-37a-reversal');
const [JULY, APRIL] = R37A.invoices as [ItcCase['invoices'][number], ItcCase['invoices'][number]];
/** Cancelled from 2024-09-30: an invoice of that day is blocked. */
const CANCELLED = itcCase('itc-cancelled-supplier');

/** `bv itc check` and an itc.check purchase register through `bv bulk`, against the real app, as child processes. */
describe('bv itc check and bv bulk for a purchase register', { timeout: 60_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bv-cli-itc-'));
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    t.deps.startWorkers();
  });
  afterAll(async () => {
    await t.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const bv = (args: string[]) => runBv(args, { BV_BASE_URL: baseUrl, BV_KEY: t.sandboxKey });
  const apiBytes = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } })).rawPayload;

  it('itc check prints the supplier, each invoice with its reasons under it, the totals and the earliest deadline', async () => {
    const ran = await bv(['itc', 'check', R37A.gstin.toLowerCase(), '--invoice', `${JULY.number},${JULY.date as string},${JULY.tax_inr}`, '--invoice', `${APRIL.number},${APRIL.date as string}`]);
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Supplier ${R37A.gstin}  .+ · Cancelled from 2024-11-15, registered \\d{4}-\\d{2}-\\d{2} · Regular, files monthly · filings from \\d{4}-\\d{2}$`));
    expect(ran.stdout).toMatch(/^INVOICE\s+DATE\s+PERIOD\s+VERDICT\s+TAX AT RISK\s+CLAIM BY\s+REVERSE BY$/m);
    const july = lines.findIndex((l) => l.startsWith(JULY.number));
    const april = lines.findIndex((l) => l.startsWith(APRIL.number));
    expect(lines[july]).toMatch(/^\S+\s+2024-07-10\s+2024-07\s+REVERSE\s+₹15,300\.00\s+2025-11-30\s+2025-11-30$/);
    expect(lines[april]).toMatch(/^\S+\s+2024-04-20\s+2024-04\s+ELIGIBLE\s+—\s+2025-11-30\s+—$/);
    // The July invoice's four reasons sit under it, before the April invoice.
    expect(lines.slice(july + 1, april).map((l) => /^ {4}(\w+)\s+(\w+)\s+.+ \[(.+)\]$/.exec(l)?.slice(1))).toEqual([
      ['critical', 'rule_37a_reversal', 'CGST Rules r.37A'],
      ['warning', 'gstr3b_not_filed', 'CGST Act s.16(2)(c)'],
      ['info', 'cancelled_after_invoice_date', 'CGST Act s.29(2)'],
      ['info', 'claim_window_closed', 'CGST Act s.16(4)'],
    ]);
    expect(ran.stdout).toMatch(/^invoices\s+2: 1 reverse, 1 eligible$/m);
    expect(ran.stdout).toMatch(/^tax at risk\s+₹15,300\.00$/m);
    expect(ran.stdout).toMatch(/^earliest deadline\s+2025-11-30 \(passed\)$/m);
    expect(ran.stdout).toMatch(/^gst\.itc_check · charged ₹1\.75 · sandbox · /m);
  });

  it('itc check --file --json prints the answer\'s data; a CSV keeps an invoice number with a comma whole', async () => {
    const file = path.join(tmp, 'invoices.csv');
    await writeFile(file, `\uFEFFNumber,Date,Tax_INR,Availed_In\n"${CANCELLED.invoices[1]!.number}, copy",${CANCELLED.invoices[1]!.date as string},1080.50,\n\n${JULY.number},${JULY.date as string},,2024-08\n`);
    const ran = await bv(['--json', 'itc', 'check', CANCELLED.gstin, '--file', file]);
    expect(ran.code, ran.stderr).toBe(0);
    const data = JSON.parse(ran.stdout) as { supplier: { gstin: string }; invoices: { number: string; verdict: string; tax_inr: number | null }[]; meta?: unknown };
    expect(data.meta).toBeUndefined();
    expect(data.supplier.gstin).toBe(CANCELLED.gstin);
    expect(data.invoices.map((i) => [i.number, i.verdict, i.tax_inr])).toEqual([
      [`${CANCELLED.invoices[1]!.number}, copy`, 'blocked', 1080.5],
      [JULY.number, expect.any(String), null],
    ]);
  });

  it('a future invoice date is the API\'s 400 naming invoices.N.date and which --invoice it was (exit 1); a malformed --invoice is a usage error (exit 2)', async () => {
    const future = istDate(new Date(Date.now() + 2 * 86_400_000));
    const args = ['itc', 'check', R37A.gstin, '--invoice', `${JULY.number},${JULY.date as string}`, '--invoice', `LATE-1,${future},100`];
    const ran = await bv(args);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^bv: VALIDATION_FAILED \(HTTP 400\)/);
    expect(ran.stderr).toMatch(/^ {2}invoices\.1\.date: must not be in the future/m);
    expect(ran.stderr).toContain('  invoices.1 is "LATE-1" (--invoice 2)');
    const json = await bv(['--json', ...args]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'VALIDATION_FAILED', http_status: 400, details: [{ field: 'invoices.1.date' }] } });

    const usage = await bv(['itc', 'check', R37A.gstin, '--invoice', 'NO-DATE']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--invoice 1 ("NO-DATE")');
  });

  it('bulk submit --operation itc.check --wait counts suppliers and invoices, and bulk suppliers downloads the suppliers file', async () => {
    const register = path.join(tmp, 'register.csv');
    const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
    await writeFile(
      register,
      [
        'GSTIN of supplier,Invoice number,Invoice Date,Central Tax(₹),State/UT Tax(₹)',
        `${R37A.gstin},${JULY.number},${ddmmyyyy(JULY.date as string)},7650,7650`,
        `${R37A.gstin},${APRIL.number},${ddmmyyyy(APRIL.date as string)},3150,3150`,
        `${CANCELLED.gstin},${CANCELLED.invoices[1]!.number},${ddmmyyyy(CANCELLED.invoices[1]!.date as string)},540,540`,
        `${CANCELLED.gstin},BAD-1,31-13-2024,1,1`,
      ].join('\n'),
    );
    const ran = await bv(['bulk', 'submit', register, '--operation', 'itc.check', '--wait']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr).toMatch(/: 4 rows: 3 valid invoice\(s\) of 2 supplier\(s\), 1 invalid; ₹3\.50 held\.$/m);
    const id = /^Job (job_[0-9a-f]{20}) completed: 2 ok, 0 not found, 0 failed of 2 supplier\(s\), for 3 invoice\(s\); 1 invalid row\(s\) not judged\.$/m.exec(ran.stdout)?.[1];
    expect(id, ran.stdout).toBeDefined();
    expect(ran.stdout).toContain('by verdict: 1 reverse, 1 blocked.');
    expect(ran.stdout).toContain(`Suppliers ranked by tax at risk: bv bulk suppliers ${id}`);

    const results = await bv(['bulk', 'results', id!, '--problems']);
    expect(results.stdout).toMatch(new RegExp(`^1\\s+ok\\s+reverse\\s+${R37A.gstin} .*\\s{2}[A-Z]`, 'm'));

    const dest = path.join(tmp, 'suppliers.csv');
    const csv = await bv(['bulk', 'suppliers', id!, '-o', dest]);
    expect(csv.code, csv.stderr).toBe(0);
    const bytes = await readFile(dest);
    expect(bytes.equals(await apiBytes(`/v1/bulk/jobs/${id}/suppliers.csv`))).toBe(true);
    expect(bytes.toString('utf8').split('\n')[1]).toMatch(new RegExp(`^${R37A.gstin},.*,2,21600\\.00,15300\\.00,reverse,2025-11-30,`));
    const xlsx = await bv(['bulk', 'suppliers', id!, '--format', 'xlsx', '-o', path.join(tmp, 'suppliers.xlsx')]);
    expect(xlsx.code, xlsx.stderr).toBe(0);
    expect((await readFile(path.join(tmp, 'suppliers.xlsx'))).equals(await apiBytes(`/v1/bulk/jobs/${id}/suppliers.xlsx`))).toBe(true);
  });
});
