import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A portfolio run cancelled before its rows ran. Found by review: its change report (only a
 * completed run gets one) answered 409 "not ready, retry" for ever, and a new run could take
 * the portfolio's slot while the cancelled one was still finishing.
 */
describe('a cancelled portfolio run', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers yet: the run stays queued until the test has cancelled it.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.sandboxKey}` } });

  it('holds the slot until it has finished, then has no change report: a 404, not a 409 to retry', async () => {
    const rows = ['clean-company', 'cancelled-gstin'].map((name) => ({ gstin: scenario(name).identifiers.gstin }));
    const created = await t.post('/v1/portfolios', { name: 'cancel me', operation: 'gst.verify', schedule: { every: 'monthly' }, rows });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.portfolio_id as string;
    const started = await t.post(`/v1/portfolios/${id}/run`, {});
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().data.run_id as string;
    // No worker has taken it yet: still queued, and being cancelled.
    expect((await t.post(`/v1/bulk/jobs/${runId}/cancel`, {})).json().data).toMatchObject({ status: 'queued', cancelling: true });

    // The runs listing and the portfolio say the same as the job, not a final 'cancelled'.
    const listed = (await get(`/v1/portfolios/${id}/runs`)).json().data.runs[0];
    expect(listed).toMatchObject({ run_id: runId, status: 'queued', cancelling: true, finished_at: null, job: { status: 'queued', cancelling: true } });
    expect((await get(`/v1/portfolios/${id}`)).json().data.last_run).toMatchObject({ run_id: runId, status: 'queued', cancelling: true });
    // Cancelled but not finished: the slot is still the run's, and its report may yet come.
    expect((await t.post(`/v1/portfolios/${id}/run`, {})).json().error?.code).toBe('RUN_IN_PROGRESS');
    expect((await get(`/v1/portfolios/${id}/runs/${runId}/changes.json`)).json().error?.code).toBe('RESULTS_NOT_READY');

    t.deps.startWorkers({ verify: true, finalize: true, scheduler: false });
    const deadline = Date.now() + 20_000;
    while ((await get(`/v1/bulk/jobs/${runId}`)).json().data.finished_at === null) {
      if (Date.now() > deadline) throw new Error('the run never finished');
      await sleep(50);
    }
    expect((await get(`/v1/bulk/jobs/${runId}`)).json().data).toMatchObject({ status: 'cancelled', rows: { cancelled: 2 } });
    const report = await get(`/v1/portfolios/${id}/runs/${runId}/changes.json`);
    expect(report.statusCode).toBe(404);
    expect(report.json().error.message).toMatch(/ended cancelled, so it has no change report/);
    // Finished: the next run may start.
    expect((await t.post(`/v1/portfolios/${id}/run`, {})).statusCode).toBe(202);
  });
});
