import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('an Idempotency-Key claim on an upload that outlasts the claim lock', () => {
  let t: TestApp;
  // A one-second lock (BV_HOLD_TTL_MS, what a sync call gets): the upload below takes three.
  beforeAll(async () => {
    t = await createTestApp({ env: { BV_HOLD_TTL_MS: '1000', BV_REQUEST_BUDGET_MS: '500' } });
  });
  afterAll(() => t.close());

  const boundary = '----bvslowupload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operation"\r\n\r\ngst.verify\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\nContent-Type: text/csv\r\n\r\ngstin\r\n`;
  const tail = `27AAPFU0939F1ZV\r\n\r\n--${boundary}--\r\n`;
  const upload = (payload: string | Readable) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/bulk/jobs',
      headers: { authorization: `Bearer ${t.sandboxKey}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': 'slow-upload' },
      payload,
    });

  it('stays in flight while the upload is read: a retry meanwhile gets 409, not a second job', async () => {
    const jobs = async () => ((await t.app.inject({ method: 'GET', url: '/v1/bulk/jobs', headers: { authorization: `Bearer ${t.sandboxKey}` } })).json().data.jobs as unknown[]).length;
    const before = await jobs();
    async function* slowly(): AsyncGenerator<string> {
      yield head;
      await sleep(3_000);
      yield tail;
    }
    const first = upload(Readable.from(slowly()));
    // Past the one-second lock, the first upload still being read.
    await sleep(2_000);
    const retry = await upload(`${head}${tail}`);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(Number(retry.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(202);
    expect(await jobs()).toBe(before + 1);
    // Once answered, the same upload replays it.
    const replay = await upload(`${head}${tail}`);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.job_id).toBe(answered.json().data.job_id);
  });
});
