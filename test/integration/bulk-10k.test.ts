import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGstin } from '../../src/domain/identifiers/gstin.js';
import { loadSandboxRegistry } from '../../src/sources/sandbox/registry.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ROWS = 10_000;

/**
 * The issue's first proof: a 10,000-row CSV through the real path (multipart intake, BullMQ,
 * workers, finalize) on the sandbox. Every row's status and charge is checked against the
 * registry's own truth, in input order.
 */
describe('a 10,000-row bulk job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_BULK_ROW_BACKOFF_MS: '5', BV_BULK_ROW_ATTEMPTS: '2' } });
    await t.admin('POST', `/admin/v1/accounts/${t.accountId}/credits`, { amount_inr: 20_000, reference: 'bulk 10k', environment: 'sandbox' });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  it('completes with one result per row in input order, statuses and charges as the registry says', { timeout: 120_000 }, async () => {
    const registry = loadSandboxRegistry();
    const known = registry.identifiers('gstin');
    // Mostly known GSTINs, with unknown ones, invalid ones, repeats and fault triggers mixed in.
    const gstins = Array.from({ length: ROWS }, (_, i) => {
      if (i % 97 === 5) return '27AAPFU0939F1ZX'; // bad checksum: invalid
      if (i % 89 === 7) return '27ZZZCZ0404Z1ZT'; // unknown: not_found
      if (i % 83 === 11) return '27ZZZCZ5030Z1ZL'; // source down: failed
      if (i % 10 === 9) return known[i - 3] as string; // a repeat of an earlier row
      return known[(i * 7) % known.length] as string;
    });
    const csv = `gstin,row_ref\n${gstins.map((g, i) => `${g},R${i + 1}`).join('\n')}\n`;
    const created = await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'vendors.csv', csv }, '/v1/bulk/jobs?operation=gst.verify'));
    expect(created.statusCode, created.body).toBe(202);
    const { job_id: jobId } = created.json().data as { job_id: string };

    const status = await waitForJob(t.app, t.sandboxKey, jobId);
    expect(status.status).toBe('completed');

    // The truth, from the registry: first occurrence of each valid GSTIN is verified and billed.
    const seen = new Set<string>();
    let expectedPaise = 0;
    const expected = gstins.map((g) => {
      if (g === '27AAPFU0939F1ZX') return { status: 'invalid', paise: 0 };
      const first = !seen.has(g);
      seen.add(g);
      const status = g === '27ZZZCZ5030Z1ZL' ? 'failed' : registry.lookup('gst.verify', { gstin: g }, new Date()) ? 'ok' : 'not_found';
      const paise = first && status === 'ok' ? 75 : 0;
      expectedPaise += paise;
      return { status, paise };
    });

    const response = await t.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    const lines = response.body.trim().split('\n').map((line) => JSON.parse(line) as { row: number; input: { row_ref: string }; status: string; charged_inr: number });
    expect(lines).toHaveLength(ROWS);
    lines.forEach((line, i) => {
      expect(line.row).toBe(i + 1);
      expect(line.input.row_ref).toBe(`R${i + 1}`);
      expect({ status: line.status, paise: Math.round(line.charged_inr * 100) }).toEqual(expected[i]);
    });
    expect(Math.round(status.charged_inr * 100)).toBe(expectedPaise);
    expect(Math.round((status.charged_inr + status.released_inr) * 100)).toBe(Math.round(status.reserved_inr * 100));
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });

  it('verifies samples/vendors-10k.csv: one result per row in order, as the registry and the validation rules say', { timeout: 120_000 }, async () => {
    const registry = loadSandboxRegistry();
    const csv = readFileSync(fileURLToPath(new URL('../../samples/vendors-10k.csv', import.meta.url)), 'utf8');
    const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(ROWS);
    const created = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'vendors-10k.csv', csv }));
    expect(created.statusCode, created.body).toBe(202);
    const status = await waitForJob(t.app, t.sandboxKey, (created.json().data as { job_id: string }).job_id);
    expect(status.status).toBe('completed');

    const seen = new Set<string>();
    const expected = rows.map(([gstin = '']) => {
      if (gstin === '' || !checkGstin(gstin).ok) return { status: 'invalid', paise: 0 };
      const first = !seen.has(gstin);
      seen.add(gstin);
      const found = registry.lookup('gst.verify', { gstin }, new Date()) !== undefined;
      return { status: found ? 'ok' : 'not_found', paise: first && found ? 75 : 0 };
    });
    const response = await t.app.inject({ method: 'GET', url: status.results!.jsonl, headers: { authorization: `Bearer ${t.sandboxKey}` } });
    const lines = response.body.trim().split('\n').map((line) => JSON.parse(line) as { row: number; input: { vendor_code: string }; status: string; charged_inr: number });
    expect(lines).toHaveLength(ROWS);
    lines.forEach((line, i) => {
      expect(line.input.vendor_code).toBe(rows[i]![3]);
      expect({ row: line.row, status: line.status, paise: Math.round(line.charged_inr * 100) }).toEqual({ row: i + 1, ...expected[i] });
    });
    expect(new Set(expected.map((e) => e.status))).toEqual(new Set(['ok', 'not_found', 'invalid']));
    expect(Math.round(status.charged_inr * 100)).toBe(expected.reduce((sum, e) => sum + e.paise, 0));
    expect(Math.round((status.charged_inr + status.released_inr) * 100)).toBe(Math.round(status.reserved_inr * 100));
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);
  });
});
