import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scenario } from '../helpers/scenarios.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const ADMIN = 'request-log-admin-token-8d2f6b1c';

interface LogLine {
  msg?: string;
  reqId?: string;
  api?: string;
  error_code?: string;
  environment?: string;
  account_id?: string;
  res?: { statusCode?: number };
  [field: string]: unknown;
}

/**
 * The `request completed` line of a real API process (docs/operations.md "Logs"): what an operator searches
 * by. Calls of both environments, with errors of several codes and a replayed answer; then the
 * process's own output is read.
 */
describe('the request-completed log line', () => {
  let server: ServerProcess;
  let dataDir: string;
  let account: { account_id: string; sandbox_key: string; live_key: string };

  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return { status: response.status, requestId: response.headers.get('x-request-id') as string, replayed: response.headers.get('idempotent-replayed') };
  };

  /** The process's JSON log lines (its start-up banner is plain text). */
  const lines = (): LogLine[] =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  /** The `request completed` line of the answer with this request id; the process may write it just after answering. */
  const completed = async (requestId: string): Promise<LogLine> => {
    for (let i = 0; ; i++) {
      const line = lines().find((l) => l.msg === 'request completed' && l.reqId === requestId);
      if (line !== undefined) return line;
      if (i > 200) throw new Error(`no "request completed" line for ${requestId}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bv-request-log-'));
    server = await startServerProcess({
      REDIS_URL: inject('redisUrl'),
      BV_KEY_PREFIX: `bvtest:reqlog${process.pid}`,
      BV_ADMIN_TOKEN: ADMIN,
      BV_DATA_DIR: dataDir,
      BV_RUN_WORKERS: 'false',
      BV_FIRST_START_ACCOUNT: 'false',
      BV_REDIS_FSYNC: 'everysec',
      LOG_LEVEL: 'info',
    });
    const created = await fetch(`${server.baseUrl}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Log Search', balance_inr: 100 }),
    });
    account = (await created.json()) as typeof account;
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the operation, the environment and the account of a successful call, and no error code', async () => {
    const ok = await call('POST', '/v1/gst/verify', { authorization: `Bearer ${account.sandbox_key}` }, { gstin: scenario('clean-company').identifiers.gstin });
    expect(ok.status).toBe(200);
    const line = await completed(ok.requestId);
    expect(line).toMatchObject({ api: 'gst.verify', environment: 'sandbox', account_id: account.account_id, res: { statusCode: 200 } });
    expect(line).not.toHaveProperty('error_code');
    expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('names the error code of an error answer, in either environment', async () => {
    const cases = [
      { status: 400, code: 'VALIDATION_FAILED', environment: 'live', sent: await call('POST', '/v1/gst/verify', { authorization: `Bearer ${account.live_key}` }, { gstin: '27AAPFU0939F1ZX' }) },
      { status: 404, code: 'RECORD_NOT_FOUND', environment: 'sandbox', sent: await call('POST', '/v1/gst/verify', { authorization: `Bearer ${account.sandbox_key}` }, { gstin: '27ZZZCZ0404Z1ZT' }) },
      { status: 404, code: 'NOT_FOUND', environment: 'sandbox', sent: await call('GET', '/v1/bulk/jobs/job_nothing', { authorization: `Bearer ${account.sandbox_key}` }) },
    ];
    for (const { status, code, environment, sent } of cases) {
      expect(sent.status).toBe(status);
      expect(await completed(sent.requestId), code).toMatchObject({ error_code: code, environment, account_id: account.account_id, res: { statusCode: status } });
    }
  });

  it('has no account or environment before a key is recognised, and the code of the refusal', async () => {
    const refused = await call('POST', '/v1/gst/verify', { authorization: `Bearer ${account.sandbox_key.slice(0, -4)}abcd` }, { gstin: '27AAPFU0939F1ZV' });
    expect(refused.status).toBe(401);
    const line = await completed(refused.requestId);
    expect(line).toMatchObject({ api: 'gst.verify', error_code: 'AUTH_INVALID_KEY' });
    expect(line).not.toHaveProperty('account_id');
    expect(line).not.toHaveProperty('environment');
    const nowhere = await call('GET', '/v1/nothing-here', {});
    expect(await completed(nowhere.requestId)).toMatchObject({ api: 'unknown', error_code: 'NOT_FOUND', res: { statusCode: 404 } });
  });

  it('names the error code of a replayed answer (Idempotency-Key) as of the first', async () => {
    const headers = { authorization: `Bearer ${account.sandbox_key}`, 'idempotency-key': 'request-log-replay' };
    const first = await call('POST', '/v1/gst/verify', headers, { gstin: '27ZZZCZ0404Z1ZT' });
    await completed(first.requestId);
    const before = lines().filter((l) => l.msg === 'request completed').length;
    const again = await call('POST', '/v1/gst/verify', headers, { gstin: '27ZZZCZ0404Z1ZT' });
    expect([first.status, again.status, again.replayed]).toEqual([404, 404, 'true']);
    // The replay answers with the first request's id: its own line is the next one written.
    for (let i = 0; lines().filter((l) => l.msg === 'request completed').length === before; i++) {
      if (i > 200) throw new Error('no "request completed" line for the replay');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const replayLine = lines().filter((l) => l.msg === 'request completed')[before];
    expect(replayLine?.reqId).not.toBe(first.requestId);
    expect(replayLine).toMatchObject({ api: 'gst.verify', error_code: 'RECORD_NOT_FOUND', environment: 'sandbox', account_id: account.account_id, res: { statusCode: 404 } });
  });

  it("names the operator's views and the board sign-in's refusal, and never logs a key or a token", async () => {
    const signIn = await call('POST', '/admin/queues-sign-in', { origin: server.baseUrl }, 'token=not-the-admin-token-0123');
    expect(signIn.status).toBe(401);
    expect(await completed(signIn.requestId)).toMatchObject({ api: 'admin.queues_sign_in', error_code: 'AUTH_INVALID_KEY' });
    const admin = await call('GET', `/admin/v1/accounts/${account.account_id}`, { authorization: `Bearer ${ADMIN}` });
    expect(await completed(admin.requestId)).toMatchObject({ api: 'admin.accounts.get', res: { statusCode: 200 } });
    const output = server.output();
    for (const secret of [ADMIN, account.sandbox_key, account.live_key, account.sandbox_key.split('_').at(-1)!]) expect(output).not.toContain(secret);
  });
});
