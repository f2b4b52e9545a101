/**
 * Service-wide running totals for /metrics: bulk rows done by status and money committed.
 * They live in one Redis hash, so every process adds to them (workers have no HTTP port to
 * be scraped) and any API process reads the same numbers. No account or key is recorded.
 *
 * The hash is in its own slot, so it is never written inside the wallet's or a job's
 * script: it is bumped just after, and the bump is best effort. A lost increment (Redis
 * failing between the two) costs a metric; it must never fail, or repeat, a charge or a count.
 */
import type { Redis } from 'ioredis';
import type { RedisKeys } from './keys.js';

export const ROW_STATUSES = ['ok', 'not_found', 'failed', 'cancelled'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export interface ServiceTotals {
  rows: Record<RowStatus, number>;
  committedPaise: number;
}

const COMMITTED = 'committed_paise';
const rowField = (status: RowStatus) => `rows_${status}`;

/** Adds one counted chunk's rows; call only when the chunk was counted now (not on a re-run). */
export async function addRowTotals(redis: Redis, keys: RedisKeys, rows: Readonly<Record<RowStatus, number>>): Promise<void> {
  const counted = ROW_STATUSES.filter((status) => rows[status] > 0);
  if (counted.length === 0) return;
  const multi = redis.multi();
  for (const status of counted) multi.hincrby(keys.metrics(), rowField(status), rows[status]);
  await multi.exec().catch(() => undefined);
}

/** Adds paise that were actually charged (not held, not released). */
export async function addCommittedPaise(redis: Redis, keys: RedisKeys, paise: number): Promise<void> {
  if (!(paise > 0)) return;
  await redis.hincrby(keys.metrics(), COMMITTED, paise).catch(() => undefined);
}

export async function readServiceTotals(redis: Redis, keys: RedisKeys): Promise<ServiceTotals> {
  const all = await redis.hgetall(keys.metrics());
  const rows = Object.fromEntries(ROW_STATUSES.map((status) => [status, Number(all[rowField(status)] ?? 0)])) as Record<RowStatus, number>;
  return { rows, committedPaise: Number(all[COMMITTED] ?? 0) };
}
