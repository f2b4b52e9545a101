/**
 * Portfolios in Redis (docs/portfolios.md): a definition hash, its rows by identifier (so a
 * re-uploaded supplier replaces its row rather than doubling it), its runs (bulk job ids) and
 * each run's change summary. A deleted portfolio keeps its runs readable until retention.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChainableCommander, Redis } from 'ioredis';
import type { Environment } from '../../domain/operations.js';
import type { PortfolioOperation } from '../../domain/portfolio/operations.js';
import type { Schedule } from '../../domain/portfolio/schedule.js';
import type { RedisKeys } from '../keys.js';
import { newestFirst, pageOfEnvironment, type IdPage } from '../redis/newest-first.js';
import { CLAIM_SLOT, ROWS_PAGE, SWAP_SLOT } from './portfolio-scripts.js';
import { runScript } from '../redis/scripts.js';

export interface Portfolio {
  portfolioId: string;
  accountId: string;
  environment: Environment;
  name: string;
  operation: PortfolioOperation;
  schedule: Schedule;
  webhookUrl: string | null;
  createdAt: string;
  deletedAt: string | null;
  rows: number;
}

export interface PortfolioRow {
  identifier: string;
  /** The row's columns as uploaded; a run sends them through the bulk intake again. */
  columns: Record<string, string>;
}

export interface RunSummary {
  rows: number;
  changed: number;
  new_high_severity: number;
  previous_run_id: string | null;
  detected_at: string;
}

/** A scheduled run that could not start, kept for the customer to see why. */
export interface SkippedRun {
  at: string;
  code: string;
  message: string;
}

/** Fields per HMGET when checking which uploaded rows a portfolio already has. */
const LOOKUP_SLICE = 1_000;

/**
 * A portfolio's rows are counted and written under a lock, so two uploads at once cannot both
 * see room and together pass the row limit. It is held for the count and the write only
 * (seconds for 100,000 rows), and lapses after ROWS_LOCK_MS if its process dies; a second
 * upload waits for it that long and a little more.
 */
const ROWS_LOCK_MS = 30_000;
const ROWS_LOCK_WAIT_MS = ROWS_LOCK_MS + 5_000;

/** Skipped runs kept per portfolio: enough to see a pattern, never a growing list. */
const SKIPPED_RUNS_KEPT = 10;

export class PortfolioStore {
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    /** How long a deleted portfolio's runs stay readable. */
    private readonly retentionMs: number,
  ) {}

  async create(portfolio: Omit<Portfolio, 'deletedAt' | 'rows'>, rows: readonly PortfolioRow[]): Promise<void> {
    const k = this.keys;
    const multi = this.redis.multi().hset(k.portfolio(portfolio.portfolioId), {
      account_id: portfolio.accountId,
      environment: portfolio.environment,
      name: portfolio.name,
      operation: portfolio.operation,
      schedule: JSON.stringify(portfolio.schedule),
      webhook_url: portfolio.webhookUrl ?? '',
      created_at: portfolio.createdAt,
    });
    if (rows.length > 0) this.writeRows(multi, portfolio.portfolioId, rows);
    await multi
      .zadd(k.accountPortfolios(portfolio.accountId, portfolio.environment), Date.parse(portfolio.createdAt), portfolio.portfolioId)
      .sadd(k.allPortfolios(), portfolio.portfolioId)
      .exec();
  }

  async get(portfolioId: string): Promise<Portfolio | undefined> {
    const [h, rows] = await Promise.all([this.redis.hgetall(this.keys.portfolio(portfolioId)), this.redis.hlen(this.keys.portfolioRows(portfolioId))]);
    if (h.account_id === undefined) return undefined;
    return {
      portfolioId,
      accountId: h.account_id,
      environment: h.environment as Environment,
      name: h.name ?? '',
      operation: h.operation as PortfolioOperation,
      schedule: JSON.parse(h.schedule ?? '{}') as Schedule,
      webhookUrl: h.webhook_url || null,
      createdAt: h.created_at ?? '',
      deletedAt: h.deleted_at || null,
      rows,
    };
  }

  /**
   * A page of the account's live portfolios of one environment, newest first, after `cursor`
   * (the previous page's next); undefined when an older version's cursor is no longer listed.
   */
  async list(accountId: string, environment: Environment, limit: number, cursor?: string): Promise<{ portfolios: Portfolio[]; next: string | undefined } | undefined> {
    const index = {
      keyOf: (env: Environment) => this.keys.accountPortfolios(accountId, env),
      recordKey: (portfolioId: string) => this.keys.portfolio(portfolioId),
      legacyKey: this.keys.legacyAccountPortfolios(accountId),
    };
    const page = await pageOfEnvironment(this.redis, index, environment, { limit, cursor }, (portfolioId) => this.get(portfolioId));
    return page && { portfolios: page.items.filter((portfolio) => portfolio.deletedAt === null), next: page.next };
  }

  /** Every live portfolio's id: what the schedulers reconcile against. */
  async allIds(): Promise<string[]> {
    return this.redis.smembers(this.keys.allPortfolios());
  }

  /**
   * Adds rows, replacing any with the same identifier, unless the portfolio would then hold
   * more than `maxRows`; says how many were new (or how many it would have held).
   */
  async addRows(
    portfolioId: string,
    rows: readonly PortfolioRow[],
    maxRows: number,
  ): Promise<{ ok: true; added: number } | { ok: false; wouldHold: number } | { ok: false; busy: true }> {
    if (rows.length === 0) return { ok: true, added: 0 };
    const lock = this.keys.portfolioRowsLock(portfolioId);
    const token = randomBytes(8).toString('hex');
    const deadline = Date.now() + ROWS_LOCK_WAIT_MS;
    while ((await runScript(this.redis, CLAIM_SLOT, lock, token, '', ROWS_LOCK_MS)) !== 1) {
      if (Date.now() >= deadline) return { ok: false, busy: true };
      await sleep(25);
    }
    // Renewed just before the write: a count that took longer than the lock lives (a slow Redis)
    // must not write once another upload may have counted too.
    const stillHeld = async () => (await runScript(this.redis, SWAP_SLOT, lock, token, token, ROWS_LOCK_MS)) === 1;
    try {
      return await this.addRowsLocked(portfolioId, rows, maxRows, stillHeld);
    } finally {
      // Not allowed to turn rows written into an error: a lock left behind lapses by itself.
      await runScript(this.redis, SWAP_SLOT, lock, token, '', ROWS_LOCK_MS).catch(() => undefined);
    }
  }

  private async addRowsLocked(
    portfolioId: string,
    rows: readonly PortfolioRow[],
    maxRows: number,
    stillHeld: () => Promise<boolean>,
  ): Promise<{ ok: true; added: number } | { ok: false; wouldHold: number } | { ok: false; busy: true }> {
    const key = this.keys.portfolioRows(portfolioId);
    // In slices: one HMGET of 100,000 fields spread into a call overflowed the stack inside
    // ioredis's auto-pipeline, and the half-built pipeline then crashed the process.
    const lookups: Promise<(string | null)[]>[] = [];
    for (let i = 0; i < rows.length; i += LOOKUP_SLICE) {
      lookups.push(this.redis.hmget(key, ...rows.slice(i, i + LOOKUP_SLICE).map((row) => row.identifier)));
    }
    const [held, ...found] = await Promise.all([this.redis.hlen(key), ...lookups]);
    const existing = found.flat();
    const added = new Set(rows.filter((_, i) => existing[i] === null).map((row) => row.identifier)).size;
    if (held + added > maxRows) return { ok: false, wouldHold: held + added };
    if (!(await stillHeld())) return { ok: false, busy: true };
    await this.writeRows(this.redis.multi(), portfolioId, rows).exec();
    return { ok: true, added };
  }

  /** Rows and their identifiers in the listing's sorted set, in the caller's MULTI (one write, never half of it). */
  private writeRows(multi: ChainableCommander, portfolioId: string, rows: readonly PortfolioRow[]): ChainableCommander {
    multi.hset(this.keys.portfolioRows(portfolioId), Object.fromEntries(rows.map((row) => [row.identifier, JSON.stringify(row.columns)])));
    // In slices, as the lookups above: a spread of 200,000 arguments can overflow the stack.
    for (let i = 0; i < rows.length; i += LOOKUP_SLICE) {
      multi.zadd(this.keys.portfolioRowIds(portfolioId), ...rows.slice(i, i + LOOKUP_SLICE).flatMap((row) => [0, row.identifier]));
    }
    return multi;
  }

  async removeRow(portfolioId: string, identifier: string): Promise<boolean> {
    const results = await this.redis.multi().hdel(this.keys.portfolioRows(portfolioId), identifier).zrem(this.keys.portfolioRowIds(portfolioId), identifier).exec();
    return results?.[0]?.[1] === 1;
  }

  /** A page of rows in identifier order after `cursor` (the previous page's last identifier), and the next page's cursor. */
  async rowPage(portfolioId: string, limit: number, cursor = ''): Promise<{ rows: PortfolioRow[]; next: string | undefined }> {
    const flat = (await runScript(this.redis, ROWS_PAGE, this.keys.portfolioRows(portfolioId), this.keys.portfolioRowIds(portfolioId), cursor, limit)) as string[];
    const rows: PortfolioRow[] = [];
    for (let i = 0; i < flat.length && rows.length < limit; i += 2) {
      rows.push({ identifier: flat[i] as string, columns: JSON.parse(flat[i + 1] as string) as Record<string, string> });
    }
    return { rows, next: flat.length > 2 * limit ? rows.at(-1)?.identifier : undefined };
  }

  /** Every row, by identifier (a stable order for runs). */
  async rows(portfolioId: string): Promise<PortfolioRow[]> {
    const all = await this.redis.hgetall(this.keys.portfolioRows(portfolioId));
    return Object.keys(all)
      .sort()
      .map((identifier) => ({ identifier, columns: JSON.parse(all[identifier] as string) as Record<string, string> }));
  }

  /**
   * Takes the portfolio out of the listing and the schedulers' set and drops its rows; its
   * definition and runs stay readable (for their change reports) until retention.
   */
  async markDeleted(portfolio: Portfolio, at: string): Promise<void> {
    const k = this.keys;
    const runIds = await this.redis.zrange(k.portfolioRuns(portfolio.portfolioId), 0, -1);
    const multi = this.redis
      .multi()
      .hset(k.portfolio(portfolio.portfolioId), 'deleted_at', at)
      .pexpire(k.portfolio(portfolio.portfolioId), this.retentionMs)
      .pexpire(k.portfolioRuns(portfolio.portfolioId), this.retentionMs)
      .del(k.portfolioRows(portfolio.portfolioId), k.portfolioRowIds(portfolio.portfolioId), k.portfolioSkippedRuns(portfolio.portfolioId))
      .zrem(k.accountPortfolios(portfolio.accountId, portfolio.environment), portfolio.portfolioId)
      .zrem(k.legacyAccountPortfolios(portfolio.accountId), portfolio.portfolioId)
      .srem(k.allPortfolios(), portfolio.portfolioId);
    for (const runId of runIds) multi.pexpire(k.portfolioRun(portfolio.portfolioId, runId), this.retentionMs);
    await multi.exec();
  }

  /**
   * The portfolio's one run slot: a run starts only when no other is in progress, so a
   * "run now" during a scheduled run (or a double click) neither bills the list twice nor
   * reports the same changes twice. Returns true, or the holder (a job id or a start token).
   */
  async claimRunSlot(portfolioId: string, token: string, ttlMs: number, replacing = ''): Promise<true | string> {
    const reply = (await runScript(this.redis, CLAIM_SLOT, this.keys.portfolioActiveRun(portfolioId), token, replacing, ttlMs)) as number | string;
    return reply === 1 ? true : String(reply);
  }

  /** Moves the slot from `expected` to `next` (a start token to its job id); '' frees it. */
  async swapRunSlot(portfolioId: string, expected: string, next: string, ttlMs: number): Promise<boolean> {
    return (await runScript(this.redis, SWAP_SLOT, this.keys.portfolioActiveRun(portfolioId), expected, next, ttlMs)) === 1;
  }

  async recordSkippedRun(portfolioId: string, skipped: SkippedRun): Promise<void> {
    const key = this.keys.portfolioSkippedRuns(portfolioId);
    await this.redis.multi().lpush(key, JSON.stringify(skipped)).ltrim(key, 0, SKIPPED_RUNS_KEPT - 1).exec();
  }

  /** The latest skipped scheduled runs, newest first. */
  async skippedRuns(portfolioId: string): Promise<SkippedRun[]> {
    return (await this.redis.lrange(this.keys.portfolioSkippedRuns(portfolioId), 0, SKIPPED_RUNS_KEPT - 1)).map((text) => JSON.parse(text) as SkippedRun);
  }

  async addRun(portfolioId: string, runId: string, startedMs: number): Promise<void> {
    await this.redis.zadd(this.keys.portfolioRuns(portfolioId), startedMs, runId);
  }

  /** Run ids, newest first. */
  async runIds(portfolioId: string, limit: number): Promise<string[]> {
    return this.redis.zrevrange(this.keys.portfolioRuns(portfolioId), 0, limit - 1);
  }

  /** A page of run ids, newest first, after `cursor` (see newestFirst); undefined when a bare-id cursor is no longer listed. */
  async runPage(portfolioId: string, limit: number, cursor?: string): Promise<IdPage | undefined> {
    return newestFirst(this.redis, this.keys.portfolioRuns(portfolioId), limit, cursor);
  }

  /** The runs started before `runId`, newest first. */
  async runsBefore(portfolioId: string, runId: string): Promise<string[]> {
    const score = await this.redis.zscore(this.keys.portfolioRuns(portfolioId), runId);
    if (score === null) return [];
    const ids = await this.redis.zrevrangebyscore(this.keys.portfolioRuns(portfolioId), score, '-inf');
    return ids.filter((id) => id !== runId);
  }

  async hasRun(portfolioId: string, runId: string): Promise<boolean> {
    return (await this.redis.zscore(this.keys.portfolioRuns(portfolioId), runId)) !== null;
  }

  /** Forgets a run whose job retention removed. */
  async forgetRun(portfolioId: string, runId: string): Promise<void> {
    await this.redis.multi().zrem(this.keys.portfolioRuns(portfolioId), runId).del(this.keys.portfolioRun(portfolioId, runId)).exec();
  }

  async saveRunSummary(portfolioId: string, runId: string, summary: RunSummary): Promise<void> {
    await this.redis.hset(this.keys.portfolioRun(portfolioId, runId), { summary: JSON.stringify(summary) });
  }

  async runSummary(portfolioId: string, runId: string): Promise<RunSummary | null> {
    const text = await this.redis.hget(this.keys.portfolioRun(portfolioId, runId), 'summary');
    return text === null ? null : (JSON.parse(text) as RunSummary);
  }
}
