import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createScrapeCollectors, type ScrapeSources } from '../../src/metrics/scrape-collectors.js';
import type { ServiceTotals } from '../../src/store/service-totals.js';

const totals = (ok: number, committedPaise: number): ServiceTotals => ({ rows: { ok, not_found: 0, failed: 0, cancelled: 0 }, committedPaise });
const source = { name: 'gsp', state: 'up' as const, down_for_ms: 0, in_flight: 2, recent_calls: 5, recent_errors: 1, recent_error_rate: 0.2, adapter: 'gstn-gsp', max_in_flight: 8, max_rate_per_second: 0, timeout_ms: 1_000 };

describe('scrape-time collectors', () => {
  it('leaves out what Redis could not give within the time-out, says so, and keeps the totals from the last reading', async () => {
    const registry = new Registry();
    let broken = false;
    const from: ScrapeSources = {
      sources: async () => (broken ? Promise.reject(new Error('connection lost')) : [source]),
      // A BullMQ connection waits through an outage instead of failing: the time-out ends it.
      queues: { 'bulk-verify': { getJobCounts: async () => (broken ? new Promise<never>(() => undefined) : { waiting: 3 }) } },
      totals: async () => (broken ? Promise.reject(new Error('connection lost')) : totals(7, 525)),
      timeoutMs: 50,
    };
    const collectors = createScrapeCollectors(registry, from);

    expect((await collectors.refresh()).failed).toEqual([]);
    const healthy = await registry.metrics();
    expect(healthy).toContain('bv_source_in_flight{source="gsp"} 2');
    expect(healthy).toContain('bv_queue_jobs{queue="bulk-verify",state="waiting"} 3');
    expect(healthy).toContain('bv_queue_jobs{queue="bulk-verify",state="failed"} 0');
    expect(healthy).toContain('bv_bulk_rows_total{status="ok"} 7');
    expect(healthy).toContain('bv_money_committed_paise_total 525');

    broken = true;
    const { failed } = await collectors.refresh();
    expect(failed.map((f) => f.collector).sort()).toEqual(['queues', 'sources', 'totals']);
    const outage = await registry.metrics();
    expect(outage).toContain('bv_metrics_collector_up{collector="queues"} 0');
    expect(outage).toContain('bv_metrics_collector_up{collector="sources"} 0');
    expect(outage).not.toMatch(/^bv_queue_jobs\{/m);
    expect(outage).not.toMatch(/^bv_source_in_flight\{/m);
    // A counter that vanished or fell to 0 would read as a reset to rate().
    expect(outage).toContain('bv_bulk_rows_total{status="ok"} 7');
    expect(outage).toContain('bv_money_committed_paise_total 525');
  });
});
