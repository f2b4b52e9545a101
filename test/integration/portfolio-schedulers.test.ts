import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schedulerIdOf } from '../../src/portfolios/schedules.js';
import { scenario } from '../helpers/scenarios.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startWorkerPool } from '../helpers/worker-process.js';

/** Scheduler processes (npm run worker:scheduler) for real, against the test Redis. */
describe('portfolio schedulers across processes', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await t?.close();
  });

  it('leaves exactly one scheduler per portfolio when two scheduler processes start together', { timeout: 60_000 }, async () => {
    const ids: string[] = [];
    for (const [name, schedule] of [
      ['daily', { every: 'daily' }],
      ['weekly', { every: 'weekly' }],
      ['cron', { cron: '15 9 * * 1-5', tz: 'Asia/Kolkata' }],
      ['deleted', { every: 'monthly' }],
    ] as const) {
      const created = await t.post('/v1/portfolios', { name, operation: 'gst.verify', schedule, rows: [{ gstin: scenario('clean-company').identifiers.gstin }] });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.portfolio_id as string);
    }
    const [daily, weekly, cron, deleted] = ids as [string, string, string, string];
    const queue = t.deps.queues.portfolios;
    // Drift to repair: one schedule lost, one deleted portfolio whose schedule lingers, one stray.
    await queue.removeJobScheduler(schedulerIdOf(weekly));
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/portfolios/${deleted}`, headers: { authorization: `Bearer ${t.sandboxKey}` } })).statusCode).toBe(200);
    await queue.upsertJobScheduler(schedulerIdOf(deleted), { pattern: '0 6 1 * *', tz: 'Asia/Kolkata' }, { name: 'run', data: { kind: 'run', portfolioId: deleted } });
    await queue.upsertJobScheduler(schedulerIdOf('pf_00000000000000000000'), { pattern: '0 6 * * *' }, { name: 'run', data: { kind: 'run', portfolioId: 'pf_00000000000000000000' } });

    const env = { REDIS_URL: inject('redisUrl'), BV_KEY_PREFIX: t.deps.keys.prefix, LOG_LEVEL: 'info' };
    const both = await Promise.all([0, 1].map(() => startWorkerPool('scheduler', env, { ready: 'portfolio schedules reconciled' })));
    children.push(...both);

    const schedulers = await queue.getJobSchedulers(0, -1, true);
    expect(schedulers.map((s) => s.key).sort()).toEqual([daily, weekly, cron].map(schedulerIdOf).sort());
    expect(await queue.getJobSchedulersCount()).toBe(3);
    const byKey = new Map(schedulers.map((s) => [s.key, s]));
    expect(byKey.get(schedulerIdOf(daily))).toMatchObject({ pattern: '0 6 * * *', tz: 'Asia/Kolkata' });
    expect(byKey.get(schedulerIdOf(cron))).toMatchObject({ pattern: '15 9 * * 1-5', tz: 'Asia/Kolkata' });
    // One next run queued per scheduler, not one per process.
    expect(await queue.getDelayedCount()).toBe(3);
  });
});
