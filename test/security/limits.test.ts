import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload } from '../helpers/bulk-client.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { envelopeOf } from './routes.js';

const GSTIN = '27AAPFU0939F1ZV';
const BODY_LIMIT = 2048;
const UPLOAD_LIMIT = 8192;
const RECORD_LIMIT = 512;
const ROW_LIMIT = 50;

/** Body and upload size limits: past each, a 413 PAYLOAD_TOO_LARGE envelope, and nothing created or billed. */
describe('size limits', () => {
  let t: TestApp;
  let portfolioId: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BV_BODY_LIMIT_BYTES: String(BODY_LIMIT),
        BV_BULK_MAX_BYTES: String(UPLOAD_LIMIT),
        BV_BULK_MAX_RECORD_BYTES: String(RECORD_LIMIT),
        BV_BULK_MAX_ROWS: String(ROW_LIMIT),
      },
    });
    const created = await t.post('/v1/portfolios', { name: 'limits', operation: 'gst.verify', schedule: { every: 'weekly' } });
    portfolioId = created.json().data.portfolio_id as string;
  });
  afterAll(() => t.close());

  const wallet = async () => (await t.app.inject({ method: 'GET', url: '/v1/wallet', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data;
  const jobCount = async () => ((await t.app.inject({ method: 'GET', url: '/v1/bulk/jobs', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.jobs as unknown[]).length;

  function expectTooLarge(response: { statusCode: number; body: string; json(): unknown; headers: Record<string, unknown> }, what: string, message?: RegExp): void {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(413);
    const body = envelopeOf(response as never, what);
    expect(body.error?.code, what).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error?.retryable, what).toBe(false);
    if (message) expect(body.error?.message, what).toMatch(message);
  }

  it('refuses a JSON body over BV_BODY_LIMIT_BYTES on a sync call and on the admin API', async () => {
    const before = await wallet();
    const padded = JSON.stringify({ gstin: GSTIN, pad: 'x'.repeat(BODY_LIMIT) });
    expectTooLarge(await t.post('/v1/gst/verify', padded), 'gst.verify');
    expectTooLarge(await t.post('/v1/business360', JSON.stringify({ gstin: GSTIN, include: new Array(BODY_LIMIT).fill('gst') })), 'business360');
    // Declared longer than the limit, whatever actually follows.
    const declared = await t.app.inject({
      method: 'POST',
      url: '/v1/gst/verify',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'content-length': String(BODY_LIMIT * 10) },
      payload: JSON.stringify({ gstin: GSTIN }),
    });
    expect(declared.statusCode).toBeGreaterThanOrEqual(400);
    expect(declared.statusCode).toBeLessThan(500);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(admin.statusCode).toBe(413);
    expect(await wallet()).toEqual(before);
  });

  it('refuses a JSON bulk job or portfolio body over its own 16 MB limit', async () => {
    const rows = JSON.stringify({ operation: 'gst.verify', rows: [{ gstin: GSTIN, pad: 'x'.repeat(16 * 1024 * 1024) }] });
    expectTooLarge(await t.post('/v1/bulk/jobs', rows), 'bulk JSON');
    expectTooLarge(await t.post(`/v1/portfolios/${portfolioId}/rows`, JSON.stringify({ rows: [{ gstin: GSTIN, pad: 'x'.repeat(16 * 1024 * 1024) }] })), 'portfolio rows JSON');
    expect(await jobCount()).toBe(0);
  });

  it('refuses a JSON row cell nested 400,000 levels deep with a 400 naming it, for a bulk job, a portfolio and its rows', async () => {
    // Parsed fine, but writing the row out again would overflow the stack (a 500 before).
    const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
    const row = `[{"gstin":"${GSTIN}","x":${deep}}]`;
    const bodies: [string, string][] = [
      ['/v1/bulk/jobs', `{"operation":"gst.verify","rows":${row}}`],
      ['/v1/portfolios', `{"name":"deep","operation":"gst.verify","schedule":{"every":"weekly"},"rows":${row}}`],
      [`/v1/portfolios/${portfolioId}/rows`, `{"rows":${row}}`],
    ];
    for (const [path, body] of bodies) {
      const response = await t.post(path, body);
      expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('rows[0].x is nested more than 32 levels deep') } });
    }
    expect(await jobCount()).toBe(0);
  });

  it('refuses an upload over BV_BULK_MAX_BYTES, for a bulk job and for portfolio rows, creating and holding nothing', async () => {
    const before = await wallet();
    const line = `${GSTIN},${'v'.repeat(400)}\r\n`; // fewer rows than BV_BULK_MAX_ROWS, each under the record limit
    const csv = `gstin,vendor\r\n${line.repeat(Math.ceil((UPLOAD_LIMIT * 2) / line.length))}`;
    expectTooLarge(await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'big.csv', csv })), 'bulk upload', new RegExp(String(UPLOAD_LIMIT)));
    expectTooLarge(await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'big.csv', csv }, `/v1/portfolios/${portfolioId}/rows`)), 'portfolio upload');
    // With an Idempotency-Key the file is read through its fingerprint: still cut, still refused,
    // and not kept, so a retry is refused the same way.
    const keyed = multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'big.csv', csv });
    for (let attempt = 0; attempt < 2; attempt++) {
      expectTooLarge(await t.app.inject({ ...keyed, headers: { ...keyed.headers, 'idempotency-key': 'big-upload' } }), `keyed bulk upload, attempt ${attempt + 1}`);
    }
    // Just under the limit is accepted (the limit is the file's, not a lower one).
    const under = `gstin,vendor\r\n${line.repeat(Math.floor((UPLOAD_LIMIT - 200) / line.length))}`;
    expect((await t.app.inject(multipartUpload(t.sandboxKey, {}, { name: 'ok.csv', csv: under }, `/v1/portfolios/${portfolioId}/rows`))).statusCode).toBe(200);
    expect(await jobCount()).toBe(0);
    expect(await wallet()).toEqual(before);
  });

  it('refuses a CSV record over BV_BULK_MAX_RECORD_BYTES and a file over BV_BULK_MAX_ROWS, naming the limit', async () => {
    const longCell = `gstin,vendor\r\n${GSTIN},${'v'.repeat(RECORD_LIMIT * 2)}\r\n`;
    expectTooLarge(await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'cell.csv', csv: longCell })), 'long record', /row at line \d+ is longer than the limit of 512 bytes/);
    const manyRows = `gstin\r\n${`${GSTIN}\r\n`.repeat(ROW_LIMIT + 1)}`;
    expectTooLarge(await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'rows.csv', csv: manyRows })), 'too many rows', /more than 50 rows/);
    expect(await jobCount()).toBe(0);
  });
});
