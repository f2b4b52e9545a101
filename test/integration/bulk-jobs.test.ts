import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredJobs } from '../../src/bulk/job-retention.js';
import { reconcileAccount } from '../../src/store/wallet/reconcile.js';
import { scenario } from '../helpers/scenarios.js';
import { multipartUpload, waitForJob } from '../helpers/bulk-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { localResults } from '../helpers/local-results.js';
import { signatureIsValid, startWebhookReceiver } from '../helpers/webhook-receiver.js';


/** Real BullMQ workers (in this process) on the test Redis, with the sandbox as the source. */
describe('bulk jobs end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      // The webhook receiver listens on 127.0.0.1: a development setting (refused by default).
      env: { BV_BULK_CHUNK_ROWS: '3', BV_BULK_ROW_BACKOFF_MS: '10', BV_BULK_ROW_ATTEMPTS: '2', BV_WEBHOOK_BACKOFF_MS: '50', BV_WEBHOOK_ATTEMPTS: '3', BV_WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    t.deps.startWorkers();
  });
  afterAll(() => t.close());

  const get = async (url: string, key = t.sandboxKey) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const waitFinished = (jobId: string) => waitForJob(t.app, t.sandboxKey, jobId);

  it('verifies JSON rows: results in input order, invalid and duplicate rows in place, charged + released = reserved', async () => {
    const rows = [
      { gstin: scenario('clean-company').identifiers.gstin, ref: 'A-1' },
      { gstin: '27AAPFU0939F1ZX', ref: 'A-2' },
      { gstin: '27ZZZCZ0404Z1ZT', ref: 'A-3' },
      { gstin: scenario('clean-company').identifiers.gstin, ref: 'A-4' },
      { gstin: '27ZZZCZ5030Z1ZL', ref: 'A-5' },
      { gstin: scenario('cancelled-gstin').identifiers.gstin, ref: 'A-6' },
      { gstin: '=HYPERLINK("x")', ref: '+cmd' },
    ];
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows, name: 'vendors' });
    expect(created.statusCode, created.body).toBe(202);
    const data = created.json().data as { job_id: string; rows: Record<string, number>; reserved_inr: number };
    expect(data.rows).toEqual({ total: 7, valid: 5, invalid: 2, duplicates: 1 });
    // Four distinct valid requests at 0.75 each.
    expect(data.reserved_inr).toBe(3);

    const done = await waitFinished(data.job_id);
    expect(done.status).toBe('completed');
    expect(done.rows).toMatchObject({ total: 7, done: 4, ok: 2, not_found: 1, failed: 1 });
    expect(done.charged_inr).toBe(1.5);
    expect(Math.round((done.charged_inr + done.released_inr) * 100)).toBe(Math.round(done.reserved_inr * 100));
    expect((await reconcileAccount(t.deps.wallet, t.accountId)).ok).toBe(true);

    const jsonl = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(jsonl.map((r) => [r.row, r.status, r.charged_inr])).toEqual([
      [1, 'ok', 0.75],
      [2, 'invalid', 0],
      [3, 'not_found', 0],
      [4, 'ok', 0],
      [5, 'failed', 0],
      [6, 'ok', 0.75],
      [7, 'invalid', 0],
    ]);
    expect(jsonl[0]).toMatchObject({ input: { gstin: scenario('clean-company').identifiers.gstin, ref: 'A-1' }, data: { status: 'Active' } });
    expect(jsonl[1]).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/checksum/) } });
    expect(jsonl[4]).toMatchObject({ error: { code: 'PROVIDER_UNAVAILABLE' } });

    const csv = await get(done.results!.csv);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^row,gstin,ref,status,error_code,error_message,charged_inr,legal_name,/);
    // Formula payloads from the upload come back escaped.
    expect(lines[7]).toContain(`'+cmd`);
    expect(lines[7]).toMatch(/"'=HYPERLINK\(""x""\)"/);
  });

  it("gives JSON rows' values back in results.jsonl as sent (numbers, booleans, objects, null), as text in results.csv", async () => {
    const gstin = scenario('clean-company').identifiers.gstin;
    const rows = [
      { gstin, vendor_id: 101, active: true, tags: { tier: 'gold', codes: [1, 2] }, note: null },
      { gstin, vendor_id: 102 },
      { gstin: 'bad', vendor_id: 103.5 },
      { gstin: scenario('cancelled-gstin').identifiers.gstin, ref: 'plain' },
    ];
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows });
    expect(created.statusCode, created.body).toBe(202);
    const done = await waitFinished(created.json().data.job_id as string);
    const jsonl = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as { status: string; input: Record<string, unknown> });
    expect(jsonl.map((r) => r.status)).toEqual(['ok', 'ok', 'invalid', 'ok']);
    // Keys a row lacks read as blank cells, as a CSV's would.
    expect(jsonl[0]?.input).toEqual({ gstin, vendor_id: 101, active: true, tags: { tier: 'gold', codes: [1, 2] }, note: null, ref: '' });
    // The duplicate and the invalid row keep their own values.
    expect(jsonl[1]?.input).toEqual({ gstin, vendor_id: 102, active: '', tags: '', note: '', ref: '' });
    expect(jsonl[2]?.input).toMatchObject({ gstin: 'bad', vendor_id: 103.5 });
    expect(jsonl[3]?.input).toMatchObject({ ref: 'plain', vendor_id: '' });
    const lines = (await get(done.results!.csv)).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^row,gstin,vendor_id,active,tags,note,ref,status,/);
    expect(lines[1]).toContain(`1,${gstin},101,true,"{""tier"":""gold"",""codes"":[1,2]}",,,ok,`);
  });

  it('takes a multipart CSV upload with the operation as a form field', async () => {
    const csv = `\uFEFFGSTIN,Vendor Code\r\n${scenario('docs-example-llp').identifiers.gstin},V1\r\n"${scenario('late-filer').identifiers.gstin}","V,2"\r\n`;
    const created = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.returns' }, { name: 'vendors.csv', csv }));
    expect(created.statusCode, created.body).toBe(202);
    const { job_id: jobId } = created.json().data as { job_id: string };
    const done = await waitFinished(jobId);
    expect(done).toMatchObject({ status: 'completed', rows: { total: 2, ok: 2 }, charged_inr: 2 });
    const jsonl = (await get(done.results!.jsonl)).body.trim().split('\n').map((line) => JSON.parse(line) as { input: Record<string, string> });
    expect(jsonl[1]?.input).toEqual({ GSTIN: scenario('late-filer').identifiers.gstin, 'Vendor Code': 'V,2' });
  });

  it('runs the shipped 100-row sample as the README describes it', async () => {
    const csv = readFileSync(fileURLToPath(new URL('../../samples/vendors-100.csv', import.meta.url)), 'utf8');
    const created = await t.app.inject(multipartUpload(t.sandboxKey, { operation: 'gst.verify' }, { name: 'vendors-100.csv', csv }));
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json().data.rows).toEqual({ total: 100, valid: 99, invalid: 1, duplicates: 1 });
    const done = await waitFinished(created.json().data.job_id as string);
    expect(done).toMatchObject({ status: 'completed', rows: { done: 98, ok: 97, not_found: 1 } });
    expect(done.charged_inr).toBe(72.75);
  });

  it('answers a retried upload with the same Idempotency-Key with the first job, creating nothing', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/bulk/jobs',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'application/json', 'idempotency-key': 'upload-once' },
        payload: JSON.stringify({ operation: 'gst.verify', rows: [{ gstin: '27AAJCS4821K1Z1' }] }),
      });
    const before = ((await get('/v1/bulk/jobs')).json().data.jobs as unknown[]).length;
    const [first, second] = [await send(), await send()];
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.job_id).toBe(first.json().data.job_id);
    expect(((await get('/v1/bulk/jobs')).json().data.jobs as unknown[]).length).toBe(before + 1);
    // Finished before the next tests read the wallet's held money.
    await waitFinished(first.json().data.job_id as string);
  });

  describe('multipart parts after the file', () => {
    const boundary = '----bvafterfile';
    const part = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${value}\r\n`;
    const send = (parts: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/bulk/jobs',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${parts.join('')}--${boundary}--\r\n`,
      });
    const head = [part('operation', 'gst.verify'), part('file', 'gstin\n27AAPFU0939F1ZV\n', 'vendors.csv')];
    const jobDirs = () => readdirSync(path.dirname(localResults(t.deps.results).dir('job_00000000000000000000'))).length;

    it.each([
      ['a file part of another name', [...head, part('other', 'x\n', 'other.csv')], 400, 'VALIDATION_FAILED', /one CSV file per upload/],
      ['a second file', [...head, part('file', 'gstin\n27AAJCS4821K1Z1\n', 'more.csv')], 400, 'VALIDATION_FAILED', /one CSV file per upload/],
      ['a webhook_url that is not a URL', [...head, part('webhook_url', 'not a url')], 400, 'VALIDATION_FAILED', /webhook_url/],
      ['more fields than the form takes', [...head, ...Array.from({ length: 12 }, (_, i) => part(`extra${i}`, 'x'))], 413, 'PAYLOAD_TOO_LARGE', /more parts than this upload takes/],
      ['a field longer than its limit', [...head, part('name', 'n'.repeat(5000))], 413, 'PAYLOAD_TOO_LARGE', /"name" is longer than 4096 bytes/],
      ['another operation', [...head, part('operation', 'pan.verify')], 400, 'VALIDATION_FAILED', /"operation" field came after the file, which was read as gst\.verify/],
    ])('refuses an upload with %s after the file, leaving no job, no hold and no files', async (_case, parts, status, code, message) => {
      const jobs = ((await get('/v1/bulk/jobs')).json().data.jobs as unknown[]).length;
      const held = (await get('/v1/wallet')).json().data.held_inr as number;
      const dirs = jobDirs();
      const res = await send(parts);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(message);
      expect(((await get('/v1/bulk/jobs')).json().data.jobs as unknown[]).length).toBe(jobs);
      expect((await get('/v1/wallet')).json().data.held_inr).toBe(held);
      expect(jobDirs()).toBe(dirs);
    });

    it('says how to send a CSV that came as the raw body (text/csv)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/bulk/jobs?operation=gst.verify',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'text/csv' },
        payload: 'gstin\n27AAPFU0939F1ZV\n',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'body', message: 'content type must be application/json or multipart/form-data' }]);
      // JSON rows name their operation in the body.
      const json = await t.post('/v1/bulk/jobs?operation=gst.verify', { rows: [{ gstin: 'bad' }] });
      expect(json.json().error.details).toEqual([{ field: 'operation', message: expect.stringMatching(/^is required in the JSON body, one of .*gst\.verify.*\(\?operation= is read for multipart uploads only\)$/) }]);
      // A route that takes JSON only still says JSON.
      const sync = await t.app.inject({ method: 'POST', url: '/v1/gst/verify', headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': 'text/csv' }, payload: 'x' });
      expect(sync.json().error.details).toEqual([{ field: 'body', message: 'content type must be application/json' }]);
    });

    it('refuses a name over 200 characters as the JSON body does, rather than cutting it', async () => {
      const res = await send([part('name', 'n'.repeat(201)), ...head]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'name', message: 'must be at most 200 characters' }]);
      const json = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: 'bad' }], name: 'n'.repeat(201) });
      expect(json.json().error.details).toEqual([{ field: 'name', message: 'must be at most 200 characters' }]);
    });

    it("refuses an operation that differs from the query's, in a form or a JSON body, rather than billing one of them", async () => {
      const held = (await get('/v1/wallet')).json().data.held_inr as number;
      const form = await t.app.inject({
        method: 'POST',
        url: '/v1/bulk/jobs?operation=gst.verify',
        headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${[part('operation', 'business360'), part('file', 'gstin\n27AAPFU0939F1ZV\n', 'vendors.csv')].join('')}--${boundary}--\r\n`,
      });
      expect(form.statusCode, form.body).toBe(400);
      expect(form.json().error.details).toEqual([{ field: 'operation', message: "differs from the query's operation (gst.verify)" }]);
      const json = await t.post('/v1/bulk/jobs?operation=gst.returns', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toMatch(/^The operation "gst.verify" differs from \?operation=gst.returns/);
      expect((await get('/v1/wallet')).json().data.held_inr).toBe(held);
      // The same operation in both is no conflict.
      expect((await t.post('/v1/bulk/jobs?operation=gst.verify', { operation: 'gst.verify', rows: [{ gstin: 'bad' }] })).statusCode).toBe(202);
    });

    it('says the operation must come before the file when the file comes first', async () => {
      const res = await send([part('file', 'gstin\n27AAPFU0939F1ZV\n', 'vendors.csv'), part('operation', 'gst.verify')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'operation', message: 'must come before the file part' }]);
      expect(res.json().error.message).toMatch(/^The file came before any "operation"/);
    });

    it('says so when the file comes as a plain field (curl -F "file=<x.csv"), at any length', async () => {
      for (const text of ['gstin\n27AAPFU0939F1ZV\n', `gstin\n${'27AAPFU0939F1ZV\n'.repeat(1_000)}`]) {
        const res = await send([part('operation', 'gst.verify'), part('file', text)]);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.details).toEqual([{ field: 'file', message: 'must be a file part, not a form field' }]);
        expect(res.json().error.message).toContain('-F file=@vendors.csv');
      }
    });

    it('takes name, webhook_url and the same operation sent after the file', async () => {
      const receiver = await startWebhookReceiver([200]);
      try {
        const res = await send([...head, part('name', 'late name'), part('webhook_url', receiver.url), part('operation', 'gst.verify')]);
        expect(res.statusCode, res.body).toBe(202);
        const jobId = res.json().data.job_id as string;
        expect(await waitFinished(jobId)).toMatchObject({ name: 'late name', status: 'completed' });
        expect((await get(`/v1/bulk/jobs/${jobId}/webhook-deliveries`)).json().data.webhook_url).toBe(receiver.url);
      } finally {
        receiver.close();
      }
    });
  });

  describe('Idempotency-Key on a multipart upload', () => {
    const upload = (key: string, fields: Record<string, string>, csv: string) => {
      const options = multipartUpload(t.sandboxKey, fields, { name: 'vendors.csv', csv });
      return t.app.inject({ ...options, headers: { ...options.headers, 'idempotency-key': key } });
    };
    const jobCount = async () => ((await get('/v1/bulk/jobs')).json().data.jobs as unknown[]).length;

    it('replays the same file under the same key, and answers 422 for another file or field under it', async () => {
      const csv = 'gstin\n27AAJCS4821K1Z1\n';
      const before = await jobCount();
      const first = await upload('file-once', { operation: 'gst.verify' }, csv);
      expect(first.statusCode).toBe(202);
      const again = await upload('file-once', { operation: 'gst.verify' }, csv);
      expect(again.statusCode).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.job_id).toBe(first.json().data.job_id);

      const otherFile = await upload('file-once', { operation: 'gst.verify' }, 'gstin\n27AAPFU0939F1ZV\n');
      expect(otherFile.statusCode).toBe(422);
      expect(otherFile.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const otherField = await upload('file-once', { operation: 'gst.returns' }, csv);
      expect(otherField.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await jobCount()).toBe(before + 1);
      // Finished before the next test, which reads the wallet.
      await waitFinished(first.json().data.job_id as string);
    });

    it('keeps no answer for an upload it could not read, so the fixed file runs under the same key', async () => {
      const refused = await upload('fix-and-retry', { operation: 'gst.verify' }, 'vendor_name\nAcme\n');
      expect(refused.statusCode).toBe(400);
      const fixed = await upload('fix-and-retry', { operation: 'gst.verify' }, 'gstin\n27AAJCS4821K1Z1\n');
      expect(fixed.statusCode).toBe(202);
      expect(fixed.headers['idempotent-replayed']).toBeUndefined();
      await waitFinished(fixed.json().data.job_id as string);
    });
  });

  it('refuses an upload it cannot read with 400 saying what was expected, and bills nothing', async () => {
    // The sandbox wallet: uploads with the sandbox key would bill it.
    const before = (await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json().sandbox_balance_inr as number;
    const noIdentifier = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ vendor: 'x' }] });
    expect(noIdentifier.statusCode).toBe(400);
    const unknownOperation = await t.post('/v1/bulk/jobs', { operation: 'gst.everything', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
    expect(unknownOperation.statusCode).toBe(400);
    expect(unknownOperation.json().error.message).toMatch(/operation must be one of business360, gst\.verify/);
    const empty = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [] });
    expect(empty.statusCode).toBe(400);
    expect((await t.admin('GET', `/admin/v1/accounts/${t.accountId}`)).json().sandbox_balance_inr).toBe(before);
  });

  it('answers 402 and queues nothing when the wallet cannot hold the job', async () => {
    // Poor in the sandbox wallet, which its sandbox key spends (a live balance would not help it).
    const poor = await t.admin('POST', '/admin/v1/accounts', { name: 'poor', balance_inr: 1_000, sandbox_balance_inr: 1 });
    const key = (poor.json() as { sandbox_key: string }).sandbox_key;
    const rows = ['27AAPFU0939F1ZV', '27AAJCS4821K1Z1'].map((gstin) => ({ gstin }));
    const response = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows }, key);
    expect(response.statusCode).toBe(402);
    const list = await get('/v1/bulk/jobs', key);
    expect(list.json().data.jobs).toEqual([]);
  });

  it('streams progress as Server-Sent Events and ends the stream with the finished status', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: ['27AAPFU0939F1ZV', '27AAJCS4821K1Z1'].map((gstin) => ({ gstin })) });
    const { job_id: jobId } = created.json().data as { job_id: string };
    const events = await get(`/v1/bulk/jobs/${jobId}/events`);
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    // The route writes its own head: it still carries what docs/api.md and docs/money.md put on every answer.
    expect(events.headers['x-request-id']).toMatch(/^req_/);
    for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(events.headers[name], name).toMatch(/^\d+$/);
    const messages = events.body.trim().split('\n\n').filter((m) => m.startsWith('event:'));
    const last = messages.at(-1) as string;
    expect(last).toMatch(/^event: finished\ndata: /);
    expect(JSON.parse(last.split('data: ')[1] as string)).toMatchObject({ job_id: jobId, status: 'completed', rows: { done: 2, ok: 2 } });
    expect(messages.slice(0, -1).every((m) => m.startsWith('event: progress'))).toBe(true);
  });

  it('posts a signed webhook when the job completes, retrying a failed delivery and recording each attempt', async () => {
    const receiver = await startWebhookReceiver([500, 200]);
    const { received } = receiver;
    try {
      const url = receiver.url;
      const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }], webhook_url: url });
      const { job_id: jobId } = created.json().data as { job_id: string };
      await waitFinished(jobId);
      await receiver.waitFor(2);
      expect(received).toHaveLength(2);
      const secret = (await get('/v1/webhooks/secret')).json().data.secret as string;
      expect(signatureIsValid(secret, received[1]!)).toBe(true);
      expect(JSON.parse(received[1]!.body)).toMatchObject({ type: 'bulk.job.completed', data: { job_id: jobId, status: 'completed' } });
      const deliveries = (await get(`/v1/bulk/jobs/${jobId}/webhook-deliveries`)).json().data.attempts as { attempt: number; status: number; ok: boolean }[];
      expect(deliveries.map((d) => [d.attempt, d.status, d.ok])).toEqual([
        [2, 200, true],
        [1, 500, false],
      ]);
      // Rotation gives a new secret at once.
      const rotated = (await t.post('/v1/webhooks/secret/rotate', {})).json().data.secret as string;
      expect(rotated).not.toBe(secret);
      expect((await get('/v1/webhooks/secret')).json().data.secret).toBe(rotated);
    } finally {
      receiver.close();
    }
  });

  it("signs each environment's webhooks with its own secret, which the other environment's keys neither read nor rotate", async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const { redis, keys } = t.deps;
      // As an older version left it: one secret for both environments. Live keeps it; sandbox gets its own.
      await redis.del(keys.webhookSecret(t.accountId, 'live'), keys.webhookSecret(t.accountId, 'sandbox'));
      await redis.set(keys.legacyWebhookSecret(t.accountId), 'whsec_shared_by_both_before');
      const live = (await get('/v1/webhooks/secret', t.liveKey)).json().data.secret as string;
      const sandbox = (await get('/v1/webhooks/secret')).json().data.secret as string;
      expect(live).toBe('whsec_shared_by_both_before');
      expect(sandbox).toMatch(/^whsec_/);
      expect(sandbox).not.toBe(live);
      const rotated = (await t.post('/v1/webhooks/secret/rotate', {})).json().data.secret as string;
      expect((await get('/v1/webhooks/secret', t.liveKey)).json().data.secret).toBe(live);
      expect((await get('/v1/webhooks/secret')).json().data.secret).toBe(rotated);
      expect(await redis.get(keys.legacyWebhookSecret(t.accountId))).toBe('whsec_shared_by_both_before');
      // A live rotation reaches the old shared secret too, which older processes still sign with.
      const liveRotated = (await t.post('/v1/webhooks/secret/rotate', {}, t.liveKey)).json().data.secret as string;
      expect(await redis.get(keys.legacyWebhookSecret(t.accountId))).toBe(liveRotated);

      // An invalid row only: the live job finishes without calling any upstream.
      const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: 'bad' }], webhook_url: receiver.url }, t.liveKey);
      expect(created.statusCode, created.body).toBe(202);
      await waitForJob(t.app, t.liveKey, created.json().data.job_id as string);
      await receiver.waitFor(1);
      expect(signatureIsValid(liveRotated, receiver.received[0]!)).toBe(true);
      expect(signatureIsValid(rotated, receiver.received[0]!)).toBe(false);
    } finally {
      receiver.close();
    }
  });

  it('shows a job, its list entry and its files only to its own account', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
    const { job_id: jobId } = created.json().data as { job_id: string };
    await waitFinished(jobId);
    const other = await t.admin('POST', '/admin/v1/accounts', { name: 'other', balance_inr: 10 });
    const key = (other.json() as { sandbox_key: string }).sandbox_key;
    for (const url of [`/v1/bulk/jobs/${jobId}`, `/v1/bulk/jobs/${jobId}/events`, `/v1/bulk/jobs/${jobId}/webhook-deliveries`, `/v1/bulk/jobs/${jobId}/results.csv`, `/v1/bulk/jobs/${jobId}/results.jsonl`]) {
      const response = await get(url, key);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const cancel = await t.app.inject({ method: 'POST', url: `/v1/bulk/jobs/${jobId}/cancel`, headers: { authorization: `Bearer ${key}` } });
    expect(cancel.statusCode).toBe(404);
    expect((await get('/v1/bulk/jobs', key)).json().data.jobs).toEqual([]);
    expect((await get('/v1/bulk/jobs')).json().data.jobs.map((j: { job_id: string }) => j.job_id)).toContain(jobId);
  });

  it('removes a finished job, its files and its webhook attempts once its retention has run out, and not before', async () => {
    const created = await t.post('/v1/bulk/jobs', { operation: 'gst.verify', rows: [{ gstin: '27AAPFU0939F1ZV' }] });
    const { job_id: jobId } = created.json().data as { job_id: string };
    const done = await waitFinished(jobId);
    const deps = { jobs: t.deps.bulkJobs, results: t.deps.results, portfolios: t.deps.portfolios, webhooks: t.deps.webhooks };
    expect(await sweepExpiredJobs(deps)).toBe(0);
    expect((await get(done.results!.csv)).statusCode).toBe(200);
    expect((await get(done.results!.xlsx)).statusCode).toBe(200);
    // 30 days (the default) and a minute later.
    expect(await sweepExpiredJobs(deps, Date.now() + 30 * 86_400_000 + 60_000)).toBeGreaterThanOrEqual(1);
    for (const url of [`/v1/bulk/jobs/${jobId}`, done.results!.csv, done.results!.jsonl, done.results!.xlsx]) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/v1/bulk/jobs')).json().data.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(jobId);
    expect(existsSync(localResults(t.deps.results).dir(jobId))).toBe(false);
    expect(await t.deps.redis.exists(t.deps.keys.bulkJob(jobId))).toBe(0);
  });
});
