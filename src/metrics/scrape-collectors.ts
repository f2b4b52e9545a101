/**
 * Series read from Redis when /metrics is scraped, so they describe the whole service, not
 * the process that answers: the live sources' shared state, the BullMQ queues' job counts,
 * and the rows and money totals every process adds to (store/service-totals.ts).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { SourceStatus } from '../store/sources/source-status.js';
import { ROW_STATUSES, type ServiceTotals } from '../store/service-totals.js';

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

export interface CountableQueue {
  getJobCounts(...states: (typeof QUEUE_STATES)[number][]): Promise<Record<string, number>>;
}

export interface ScrapeSources {
  /** Each configured live source with its shared state (what /admin/v1/sources shows). */
  sources: () => Promise<SourceStatus['live']['sources']>;
  /** The queues by name. */
  queues: Readonly<Record<string, CountableQueue>>;
  totals: () => Promise<ServiceTotals>;
  /** A part that takes longer is reported failed, so a Redis outage cannot hang the scrape. */
  timeoutMs?: number;
}

export interface RefreshOutcome {
  failed: { collector: string; error: unknown }[];
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createScrapeCollectors(registry: Registry, from: ScrapeSources): { refresh(): Promise<RefreshOutcome> } {
  const registers = [registry];
  const source = ['source'] as const;
  const inFlight = new Gauge({ name: 'bv_source_in_flight', help: 'Calls to the live source in flight now, across all processes (leases held)', labelNames: source, registers });
  const maxInFlight = new Gauge({ name: 'bv_source_max_in_flight', help: 'The live source\'s configured cap on calls in flight', labelNames: source, registers });
  const down = new Gauge({ name: 'bv_source_down', help: '1 while the live source is marked down (circuit open, cooling off), else 0', labelNames: source, registers });
  const recentCalls = new Gauge({ name: 'bv_source_recent_calls', help: 'Calls to the live source in this and the previous minute', labelNames: source, registers });
  const recentErrors = new Gauge({ name: 'bv_source_recent_errors', help: 'Failed calls to the live source in this and the previous minute', labelNames: source, registers });
  const queueJobs = new Gauge({ name: 'bv_queue_jobs', help: 'Jobs in a BullMQ queue by state', labelNames: ['queue', 'state'] as const, registers });
  // Counters, though set from Redis at each scrape: the totals only grow, so rate() applies.
  const rows = new Counter({ name: 'bv_bulk_rows_total', help: 'Bulk and portfolio rows done, service-wide, by outcome', labelNames: ['status'] as const, registers });
  const committed = new Counter({ name: 'bv_money_committed_paise_total', help: 'Money charged to wallets, service-wide, in paise', registers });
  const collectorUp = new Gauge({ name: 'bv_metrics_collector_up', help: '1 when this scrape could read the part from Redis, else 0 (its series are then left out or kept from before)', labelNames: ['collector'] as const, registers });
  const timeoutMs = from.timeoutMs ?? 5_000;

  // Each part reads first and then replaces its series in one synchronous step, so
  // concurrent scrapes never see half of one reading.
  const parts: Record<string, { read: () => Promise<() => void>; clear: () => void }> = {
    sources: {
      read: async () => {
        const all = await from.sources();
        return () => {
          for (const gauge of [inFlight, maxInFlight, down, recentCalls, recentErrors]) gauge.reset();
          for (const s of all) {
            const labels = { source: s.name };
            inFlight.set(labels, s.in_flight);
            maxInFlight.set(labels, s.max_in_flight);
            down.set(labels, s.state === 'down' ? 1 : 0);
            recentCalls.set(labels, s.recent_calls);
            recentErrors.set(labels, s.recent_errors);
          }
        };
      },
      clear: () => [inFlight, maxInFlight, down, recentCalls, recentErrors].forEach((gauge) => gauge.reset()),
    },
    queues: {
      read: async () => {
        const counts = await Promise.all(Object.entries(from.queues).map(async ([name, queue]) => [name, await queue.getJobCounts(...QUEUE_STATES)] as const));
        return () => {
          queueJobs.reset();
          for (const [queue, byState] of counts) {
            for (const state of QUEUE_STATES) queueJobs.set({ queue, state }, byState[state] ?? 0);
          }
        };
      },
      clear: () => queueJobs.reset(),
    },
    totals: {
      read: async () => {
        const totals = await from.totals();
        return () => {
          rows.reset();
          for (const status of ROW_STATUSES) rows.inc({ status }, totals.rows[status]);
          committed.reset();
          committed.inc(totals.committedPaise);
        };
      },
      // A counter must not drop to nothing and come back: the last reading stays.
      clear: () => undefined,
    },
  };

  return {
    async refresh() {
      const failed: RefreshOutcome['failed'] = [];
      await Promise.all(
        Object.entries(parts).map(async ([collector, part]) => {
          try {
            const apply = await within(timeoutMs, part.read());
            apply();
            collectorUp.set({ collector }, 1);
          } catch (error) {
            part.clear();
            collectorUp.set({ collector }, 0);
            failed.push({ collector, error });
          }
        }),
      );
      return { failed };
    },
  };
}
