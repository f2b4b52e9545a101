/**
 * GET /v1/bulk/jobs/{id}/suppliers (issue 29, point 3's data): an itc.check job's suppliers as
 * JSON, ranked by tax at risk, paged with limit and cursor, the job's totals on every page, the
 * same suppliers as suppliers.csv; 404 for other operations, 409 before the results.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../helpers/bulk-client.js';
import { inlineSharedParts } from '../helpers/openapi-shared-parts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Sandbox ITC scenarios (samples/sandbox-identifiers.json "itc") with fixed invoice dates.
const CLEAN = '27AAJCS4821K1Z1';
const COMPOSITION = '08ABHPJ6254M1Z8';
const RULE_37A = '09CKDPG5907R1ZK';
const REGISTER = [
  { gstin: CLEAN, invoice_number: 'SAF/24/044', invoice_date: '10-05-2024', tax: '27000' },
  { gstin: COMPOSITION, invoice_number: 'JKS-2291', invoice_date: '15-06-2025', tax: '1250' },
  { gstin: RULE_37A, invoice_number: 'INV-2024-118', invoice_date: '10-07-2024', tax: '18000' },
  { gstin: RULE_37A, invoice_number: 'INV-2024-064', invoice_date: '20-04-2024', tax: '5400' },
  { gstin: COMPOSITION, invoice_number: 'JKS-2304', invoice_date: '16-06-2025', tax: '750.50' },
];

interface Supplier {
  rank: number;
  gstin: string;
  invoices: number;
  tax_inr: number;
  tax_at_risk_inr: number;
  worst_verdict: string | null;
  earliest_deadline: string | null;
  verdicts: Record<string, number>;
  check_status: string;
}
interface Page {
  job_id: string;
  totals: Record<string, unknown>;
  suppliers: Supplier[];
  next_cursor: string | null;
}

describe('GET /v1/bulk/jobs/{id}/suppliers', () => {
  let t: TestApp;
  let jobId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_CHUNK_ROWS: '2' } });
  });
  afterAll(() => t?.close());
  const get = (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('answers 409 until the register is judged, then its suppliers ranked by tax at risk, paged, with the totals on every page', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'itc.check', rows: REGISTER });
    expect(created.statusCode, created.body).toBe(202);
    jobId = created.json().data.job_id as string;
    const early = await get(`/v1/bulk/jobs/${jobId}/suppliers`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('RESULTS_NOT_READY');
    expect(early.headers['retry-after']).toBeDefined();

    t.deps.startWorkers();
    expect((await waitForJob(t.app, t.sandboxKey, jobId)).status).toBe('completed');

    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const answer = await get(`/v1/bulk/jobs/${jobId}/suppliers?limit=1${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(answer.statusCode, answer.body).toBe(200);
      pages.push(answer.json().data as Page);
      cursor = pages.at(-1)!.next_cursor;
    } while (cursor !== null);
    expect(pages).toHaveLength(3);
    const suppliers = pages.flatMap((p) => p.suppliers);
    expect(suppliers.map((s) => [s.rank, s.gstin, s.invoices, s.tax_inr, s.tax_at_risk_inr, s.worst_verdict])).toEqual([
      [1, RULE_37A, 2, 23_400, 18_000, 'reverse'],
      [2, COMPOSITION, 2, 2_000.5, 2_000.5, 'blocked'],
      [3, CLEAN, 1, 27_000, 0, 'eligible'],
    ]);
    expect(suppliers[0]).toMatchObject({ verdicts: { reverse: 1, eligible: 1, at_risk: 0, blocked: 0, unknown: 0 }, check_status: 'ok', earliest_deadline: '2025-11-30' });
    for (const page of pages) {
      expect(page.totals).toEqual({
        suppliers: 3,
        suppliers_needing_action: 2,
        invoices: 5,
        tax_inr: 52_400.5,
        tax_at_risk_inr: 20_000.5,
        earliest_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        verdicts: { eligible: 2, at_risk: 0, reverse: 1, blocked: 2, unknown: 0 },
        charged_inr: 5.25,
      });
    }

    // Each answer as GET /openapi.json documents it.
    const doc = inlineSharedParts((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>; components: unknown });
    const documented = (status: number) => new Ajv2020({ strict: false, allErrors: true }).compile({ ...doc.paths['/v1/bulk/jobs/{id}/suppliers']!.get!.responses[String(status)]!.content!['application/json']!.schema, components: doc.components });
    const validPage = documented(200);
    expect(validPage((await get(`/v1/bulk/jobs/${jobId}/suppliers?limit=1`)).json()), JSON.stringify(validPage.errors)).toBe(true);
    expect(documented(409)(early.json())).toBe(true);

    // The same suppliers, in the same order, as suppliers.csv; one page holds them all.
    const csv = parse((await get(`/v1/bulk/jobs/${jobId}/suppliers.csv`)).body, { columns: true, bom: true }) as Record<string, string>[];
    const whole = (await get(`/v1/bulk/jobs/${jobId}/suppliers`)).json().data as Page;
    expect(whole.next_cursor).toBeNull();
    expect(whole.suppliers.map((s) => [s.gstin, String(s.invoices), s.tax_at_risk_inr.toFixed(2), s.worst_verdict, s.earliest_deadline ?? ''])).toEqual(
      csv.map((s) => [s.gstin, s.invoices, s.tax_at_risk_inr, s.worst_verdict, s.earliest_deadline]),
    );
  });

  it('refuses a cursor altered, of another listing, or past the file with 400 naming cursor; a limit out of range names limit', async () => {
    const first = (await get(`/v1/bulk/jobs/${jobId}/suppliers?limit=1`)).json().data as Page;
    const [, rank, offset] = /^s\.job_[0-9a-f]{20}\.(\d+)\.(\d+)$/.exec(Buffer.from(first.next_cursor!, 'base64url').toString())!;
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const resultsCursor = (await get(`/v1/bulk/jobs/${jobId}/results?limit=1`)).json().data.next_cursor as string;
    for (const cursor of [forged(`s.${jobId}.${rank}.${Number(offset) + 1}`), forged(`s.${jobId}.${Number(rank) + 1}.${offset}`), forged(`s.${jobId}.9.99999`), resultsCursor, 'nonsense']) {
      const answer = await get(`/v1/bulk/jobs/${jobId}/suppliers?cursor=${cursor}`);
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json().error.details[0].field).toBe('cursor');
    }
    const limit = await get(`/v1/bulk/jobs/${jobId}/suppliers?limit=101`);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.details[0].field).toBe('limit');
  });

  it('answers 404 for a job of another operation, and for the other environment\'s key', async () => {
    const other = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: CLEAN }] });
    const otherId = other.json().data.job_id as string;
    await waitForJob(t.app, t.sandboxKey, otherId);
    const answer = await get(`/v1/bulk/jobs/${otherId}/suppliers`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toContain('itc.check jobs only');
    expect((await get(`/v1/bulk/jobs/${jobId}/suppliers`, t.liveKey)).statusCode).toBe(404);
  });
});
