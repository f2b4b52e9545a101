import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultRowsQuery, resultRowsPage } from '../../src/bulk/result-rows.js';
import { LocalResultStore } from '../../src/store/results/local-result-store.js';

const JOB = 'job_0123456789abcdef';

/** GET /v1/bulk/jobs/{id}/results' filters, over a small results.jsonl. */
describe('result rows filter', () => {
  let root: string;
  let store: LocalResultStore;
  const row = (n: number, vendor: string, legalName: string, status: string) => ({ row: n, input: { gstin: `G${n}`, vendor }, status: 'ok', data: { legal_name: legalName, status }, error: null, charged_inr: 0.75 });
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'bv-result-rows-'));
    store = new LocalResultStore(root);
    await mkdir(store.dir(JOB), { recursive: true });
    const rows = [row(1, 'Café Traders', 'SHARMA AND SONS', 'Active'), row(2, 'Plain', 'ÉCOLE SUPPLIES LLP', 'Cancelled'), row(3, 'cafe corner', 'X', 'Active'), row(4, 'कमला स्टोर्स', 'Y', 'Active')];
    await writeFile(store.path(JOB, 'results.jsonl'), rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const rowsFor = async (query: Record<string, string>) =>
    (await resultRowsPage(store, { jobId: JOB, operation: 'gst.verify' }, ResultRowsQuery.parse(query))).rows.map((r) => r.row);

  it('takes the key field in any case', async () => {
    expect(await rowsFor({ field: 'STATUS', value: 'cancelled' })).toEqual([2]);
    expect(await rowsFor({ field: 'Status', value: 'ACTIVE' })).toEqual([1, 3, 4]);
    await expect(rowsFor({ field: 'level', value: 'low' })).rejects.toThrow('must be status (any case)');
  });

  it('searches ignoring accents and case on both sides, in the input and the record', async () => {
    expect(await rowsFor({ q: 'cafe' })).toEqual([1, 3]);
    expect(await rowsFor({ q: 'CAFÉ' })).toEqual([1, 3]);
    expect(await rowsFor({ q: 'ecole' })).toEqual([2]);
    // Indian scripts' vowel signs are letters, not accents: कमला is not कमल.
    expect(await rowsFor({ q: 'कमला' })).toEqual([4]);
    expect(await rowsFor({ q: 'कमल स' })).toEqual([]);
  });

  describe('an itc.check job', () => {
    const ITC_JOB = 'job_itc0123456789abc';
    const invoice = (n: number, supplierName: string, verdict: string) => ({ row: n, input: { gstin: `G${n}`, invoice_number: `INV-${n}` }, status: 'ok', data: { supplier_gstin: `G${n}`, supplier_name: supplierName, verdict }, error: null, charged_inr: 0 });
    beforeAll(async () => {
      await mkdir(store.dir(ITC_JOB), { recursive: true });
      const rows = [invoice(1, 'MEENA AGRO INDUSTRIES', 'eligible'), invoice(2, 'SANTOSH ÉLECTRICALS', 'blocked'), invoice(3, 'GUPTA STORES', 'at_risk')];
      await writeFile(store.path(ITC_JOB, 'results.jsonl'), rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
    });
    const itcRows = async (query: Record<string, string>) =>
      (await resultRowsPage(store, { jobId: ITC_JOB, operation: 'itc.check' }, ResultRowsQuery.parse(query))).rows.map((r) => r.row);

    it("finds an invoice by its supplier's registered name, in any case and without accents", async () => {
      expect(await itcRows({ q: 'meena' })).toEqual([1]);
      expect(await itcRows({ q: 'Agro' })).toEqual([1]);
      expect(await itcRows({ q: 'santosh electricals' })).toEqual([2]);
    });

    it('refuses a verdict that is not one, listing the verdicts', async () => {
      expect(await itcRows({ field: 'verdict', value: 'BLOCKED' })).toEqual([2]);
      await expect(itcRows({ field: 'verdict', value: 'nonsense' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The request is invalid: value: must be one of eligible, at_risk, reverse, blocked, unknown (the verdicts of itc.check results)',
      });
    });
  });
});
