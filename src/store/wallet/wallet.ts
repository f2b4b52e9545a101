import type { Redis } from 'ioredis';
import type { RedisKeys } from '../keys.js';
import { CallBatcher } from '../redis/call-batcher.js';
import { ReplicaWait } from '../redis/replica-wait.js';
import { runScript } from '../redis/scripts.js';
import { addCommittedPaise } from '../service-totals.js';
import type { Environment } from '../../domain/operations.js';
import { istDate } from '../../domain/dates.js';
import { CHARGE_PARTS, CREDIT, HOLD, OPEN_SANDBOX, RESOLVE, SANDBOX_TOPUP } from './wallet-scripts.js';

export interface WalletBalance {
  /** Money in the wallet, held money included. */
  balancePaise: number;
  heldPaise: number;
  availablePaise: number;
}

export type HoldResult =
  | { ok: true }
  | { ok: false; reason: 'insufficient'; availablePaise: number }
  /** The hold id is already open: the caller must not run a second call under it. */
  | { ok: false; reason: 'exists' };

export interface PartChargeRequest {
  /** Charged at most once per hold (a bulk row: `row:<number>`). */
  key: string;
  amountPaise: number;
  /** The ledger line's reference. */
  reference: string;
  /** The identifier the part was for (a bulk row's GSTIN, CIN, …), named in its ledger entry; never a person's name. */
  identifier?: string | undefined;
}

/** 'resolved': no such open hold; 'insufficient': `paise` is what is left in the hold. */
export interface PartCharge {
  status: 'ok' | 'duplicate' | 'resolved' | 'insufficient';
  paise: number;
}

/**
 * What a sync call's ledger entries name besides their reference: the operation and the
 * identifier it checked (docs/money.md). Identifiers are not secret; a PAN holder's name
 * never goes here.
 */
export interface LedgerLabel {
  operation: string;
  identifier?: string | undefined;
}

interface HoldRequest {
  holdId: string;
  amountPaise: number;
  expiresAtMs: number;
  reference: string;
  label: LedgerLabel | undefined;
}

interface ResolveRequest {
  holdId: string;
  chargePaise: number;
  label: LedgerLabel | undefined;
}

export interface LedgerEntry {
  id: string;
  type: 'topup' | 'hold' | 'commit' | 'release';
  amountPaise: number;
  balancePaise: number;
  reference: string;
  at: string;
  /** A sync call's operation and identifier; absent on other entries and older ones. */
  operation?: string;
  identifier?: string;
}

/**
 * How long a committed hold's charge is remembered: between one and two windows. ioredis
 * resends a commit whose reply was lost once it reconnects, which is as late as Redis takes to
 * come back (a restart loading its AOF, a failover: seconds to a minute); a retry by runBilled
 * comes within a few seconds. A minute's commits stay in memory, about 80 bytes each.
 */
const RESOLVED_WINDOW_MS = 60_000;
const RESOLVED_KEPT_MS = 2 * RESOLVED_WINDOW_MS;

/**
 * How long a released hold's part-charge records outlive it: a chunk of the job still running
 * (its worker stalled, the chunk run again) must find the rows its earlier run charged, and
 * write them as charged, while the job's files are merged. Then they go: a finished job keeps
 * nothing per row in Redis (the ledger keeps the commits).
 */
const PART_CHARGES_KEPT_MS = 60 * 60_000;

/** What a sandbox wallet opens with unless the admin API says otherwise (`sandbox_balance_inr`). */
export const SANDBOX_OPENING_PAISE = 10_000_00;
/** The reference of a sandbox wallet's opening credit. */
export const SANDBOX_OPENING_REFERENCE = 'sandbox opening credit';

/**
 * The bounds of an account's own sandbox top-ups (docs/money.md): at most ₹10,000 each (the
 * opening amount), 10 a day (IST), and never a sandbox balance above ₹1,00,000, so test
 * figures stay test-sized however often a script calls it.
 */
export const SANDBOX_TOPUP_LIMITS = { maxPaise: 10_000_00, perDay: 10, maxBalancePaise: 1_00_000_00 } as const;

export type SandboxTopUp = { status: 'ok'; balancePaise: number } | { status: 'rate'; count: number } | { status: 'cap'; balancePaise: number };

interface WalletOptions {
  replicaWait?: { replicas: number; timeoutMs: number };
}

/**
 * The prepaid wallet (DESIGN.md §4). Every charge goes through a hold: hold the most a call
 * can cost, then commit what succeeded and release the rest. A hold resolves at most once,
 * and carries an expiry after which the sweeper releases it, so a process that dies between
 * hold and commit never strands money.
 */
export class WalletStore {
  /** Concurrent calls' holds and commits, one script call per account and turn (call-batcher.ts). */
  private readonly holds = new CallBatcher<HoldRequest, HoldResult>((accountId, requests) => this.holdMany(accountId, requests));
  private readonly resolves = new CallBatcher<ResolveRequest, number | undefined>((accountId, requests) => this.resolveMany(accountId, requests));

  /** Set under Sentinel: money changes answer only once a replica has them (replica-wait.ts). */
  private readonly replicaWait: ReplicaWait | undefined;

  /** The account's other wallet: its sandbox wallet from the live one, and back. */
  private readonly sibling: WalletStore;
  /** Sandbox wallets this process has seen opened: opening is checked once per account and process. */
  private readonly opened = new Set<string>();

  /**
   * The live wallets; `of('sandbox')` the sandbox ones. Which a call spends is chosen by the
   * caller from its key's environment (or its job's wallet).
   */
  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    options: WalletOptions = {},
    readonly environment: Environment = 'live',
    sibling?: WalletStore,
  ) {
    const wait = options.replicaWait;
    this.replicaWait = wait === undefined ? undefined : new ReplicaWait(redis, wait.replicas, wait.timeoutMs);
    this.sibling = sibling ?? new WalletStore(redis, keys, options, environment === 'live' ? 'sandbox' : 'live', this);
  }

  /** The wallets of one environment: sandbox keys spend sandbox money, live keys live money. */
  of(environment: Environment): WalletStore {
    return environment === this.environment ? this : this.sibling;
  }

  /**
   * Opens the account's sandbox wallet with `amountPaise` unless it is open already (then
   * nothing changes): accounts made before sandbox wallets existed are migrated by this on first
   * touch, by whichever process touches them first (OPEN_SANDBOX, one script per account).
   */
  async open(accountId: string, amountPaise = SANDBOX_OPENING_PAISE, reference = SANDBOX_OPENING_REFERENCE): Promise<{ opened: boolean; balancePaise: number }> {
    if (this.environment !== 'sandbox') throw new Error('only a sandbox wallet is opened: the live wallet is the one every account always had');
    if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('a sandbox wallet opens with whole paise');
    const epoch = this.writeEpoch();
    const [status, balance] = (await runScript(
      this.redis,
      OPEN_SANDBOX,
      ...this.accountKeys(accountId),
      this.keys.creditReferences(accountId, 'sandbox'),
      this.keys.legacyCreditReferences(accountId, 'sandbox'),
      amountPaise,
      reference,
      new Date().toISOString(),
    )) as [string, number];
    if (status === 'opened') await this.replicated(epoch);
    this.opened.add(accountId);
    return { opened: status === 'opened', balancePaise: Number(balance) };
  }

  /** The account's own top-up of its sandbox wallet, within SANDBOX_TOPUP_LIMITS (checked in the script, atomically). */
  async sandboxTopUp(accountId: string, amountPaise: number, reference: string, now = new Date()): Promise<SandboxTopUp> {
    if (this.environment !== 'sandbox') throw new Error('only a sandbox wallet is topped up by its account');
    if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise > SANDBOX_TOPUP_LIMITS.maxPaise) {
      throw new RangeError(`a sandbox top-up is whole paise from 1 to ${SANDBOX_TOPUP_LIMITS.maxPaise}`);
    }
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    const [wallet, holds, ledger] = this.accountKeys(accountId);
    const epoch = this.writeEpoch();
    const [status, value] = (await runScript(
      this.redis,
      SANDBOX_TOPUP,
      wallet,
      holds,
      ledger,
      this.keys.sandboxTopups(accountId, istDate(now)),
      amountPaise,
      SANDBOX_TOPUP_LIMITS.perDay,
      SANDBOX_TOPUP_LIMITS.maxBalancePaise,
      reference,
      now.toISOString(),
      // The day's counter outlives its IST day; a new day has a new key.
      2 * 86_400_000,
    )) as [string, number];
    if (status === 'rate') return { status, count: Number(value) };
    if (status === 'cap') return { status, balancePaise: Number(value) };
    await this.replicated(epoch);
    return { status: 'ok', balancePaise: Number(value) };
  }

  /**
   * Before any use of a sandbox wallet: opened with the default once (a round trip per account
   * and process). Undefined when there is nothing to wait for, so the live hot path awaits nothing.
   */
  private ready(accountId: string): Promise<unknown> | undefined {
    return this.environment === 'sandbox' && !this.opened.has(accountId) ? this.open(accountId) : undefined;
  }

  /** The connection's epoch before a money change is sent (ReplicaWait says why). */
  private writeEpoch(): number {
    return this.replicaWait?.current ?? 0;
  }

  /** After a money change's script, sent in `epoch`, answered: waits for the replicas when there are any. */
  private replicated(epoch: number): Promise<void> | undefined {
    return this.replicaWait?.afterWrites(epoch);
  }

  private accountKeys(accountId: string): [string, string, string] {
    const env = this.environment;
    return [this.keys.wallet(accountId, env), this.keys.holds(accountId, env), this.keys.ledger(accountId, env)];
  }

  /** RESOLVE's keys: the account's, then its resolved-holds hashes of this window and the last. */
  private resolveKeys(accountId: string, nowMs: number): string[] {
    const window = Math.floor(nowMs / RESOLVED_WINDOW_MS);
    return [...this.accountKeys(accountId), this.keys.resolvedHolds(accountId, window, this.environment), this.keys.resolvedHolds(accountId, window - 1, this.environment)];
  }

  /**
   * Adds money once per reference; a repeated reference changes nothing and says so, and one
   * reused for another amount is refused (`conflictPaise`: what it credited).
   */
  async credit(
    accountId: string,
    amountPaise: number,
    reference: string,
  ): Promise<{ balancePaise: number; duplicate: boolean; conflictPaise?: undefined } | { conflictPaise: number }> {
    if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
      throw new RangeError('a credit must be a positive whole number of paise');
    }
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    const epoch = this.writeEpoch();
    const [status, balance] = (await runScript(
      this.redis,
      CREDIT,
      ...this.accountKeys(accountId),
      this.keys.creditReferences(accountId, this.environment),
      this.keys.legacyCreditReferences(accountId, this.environment),
      amountPaise,
      reference,
      new Date().toISOString(),
    )) as [string, number];
    // A duplicate too: the credit it repeats may be the one no replica had confirmed.
    await this.replicated(epoch);
    if (status === 'conflict') return { conflictPaise: Number(balance) };
    return { balancePaise: Number(balance), duplicate: status === 'duplicate' };
  }

  /**
   * Holds `amountPaise` until commit, release or expiry. The expiry is registered with the
   * sweeper first, so even a crash right after the hold leaves it findable.
   */
  async hold(accountId: string, holdId: string, amountPaise: number, reference: string, ttlMs: number, label?: LedgerLabel): Promise<HoldResult> {
    if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('a hold must be whole paise');
    // The expiry is stored as whole milliseconds in the hold; a fraction could not be read back.
    if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) throw new RangeError('a hold must live a whole number of milliseconds');
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    return this.holds.call(accountId, { holdId, amountPaise, expiresAtMs: Date.now() + ttlMs, reference, label });
  }

  private async holdMany(accountId: string, requests: readonly HoldRequest[]): Promise<HoldResult[]> {
    const expiries: (string | number)[] = [];
    const args: (string | number)[] = [new Date().toISOString()];
    for (const { holdId, amountPaise, expiresAtMs, reference, label } of requests) {
      expiries.push(expiresAtMs, `${accountId}|${holdId}`);
      args.push(holdId, amountPaise, expiresAtMs, reference, label?.operation ?? '', label?.identifier ?? '');
    }
    // Sent together (auto-pipelined, one round trip); one connection keeps their order, so the
    // expiries are registered before the holds exist.
    const epoch = this.writeEpoch();
    const [, reply] = (await Promise.all([
      this.redis.zadd(this.keys.holdExpiries(this.environment), ...expiries),
      runScript(this.redis, HOLD, ...this.accountKeys(accountId), ...args),
    ])) as [unknown, (string | number)[]];
    const results: HoldResult[] = [];
    const refused = new Set<string>();
    const placed = new Set<string>();
    requests.forEach(({ holdId }, index) => {
      const status = reply[index * 2] as string;
      if (status === 'insufficient') {
        refused.add(holdId);
        results.push({ ok: false, reason: 'insufficient', availablePaise: Number(reply[index * 2 + 1]) });
      } else if (status === 'exists') {
        // An open hold keeps its expiry entry (the ZADD above only moved its score).
        results.push({ ok: false, reason: 'exists' });
      } else {
        placed.add(holdId);
        results.push({ ok: true });
      }
    });
    // A refused id that a later call of the batch placed keeps its entry. Not awaited, and
    // its failure ignored: the placed holds must not wait for it or fail with it, and an
    // entry left behind only makes the sweeper find nothing to release.
    const stale = [...refused].filter((holdId) => !placed.has(holdId)).map((holdId) => `${accountId}|${holdId}`);
    if (stale.length > 0) void this.redis.zrem(this.keys.holdExpiries(this.environment), ...stale).catch(() => undefined);
    // A hold no replica has is not answered: its call must not run on money a failover forgets.
    if (placed.size > 0) await this.replicated(epoch);
    return results;
  }

  /**
   * Charges up to the held amount and releases the rest. Returns what was charged, or
   * undefined when the hold was already resolved (committed, released, or swept). The same
   * commit sent again within seconds (after a lost reply) answers what the first charged.
   */
  async commit(accountId: string, holdId: string, chargePaise: number, label?: LedgerLabel): Promise<number | undefined> {
    if (!Number.isSafeInteger(chargePaise) || chargePaise < 0) throw new RangeError('a charge must be whole paise');
    return this.resolve(accountId, holdId, chargePaise, label);
  }

  /**
   * Charges `amountPaise` of an open hold under `chargeKey`, at most once per key (a bulk
   * row billed from its job's hold). The hold stays open for the rest.
   */
  async chargePart(accountId: string, holdId: string, chargeKey: string, amountPaise: number, reference: string): Promise<PartCharge> {
    const [charged] = await this.chargeParts(accountId, holdId, [{ key: chargeKey, amountPaise, reference }]);
    return charged as PartCharge;
  }

  /** {@link chargePart} for many charges of one hold in one round trip; results in order. */
  async chargeParts(accountId: string, holdId: string, charges: readonly PartChargeRequest[]): Promise<PartCharge[]> {
    if (charges.length === 0) return [];
    const args: (string | number)[] = [holdId, new Date().toISOString()];
    for (const { key, amountPaise, reference, identifier } of charges) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw new RangeError('a charge must be whole paise above 0');
      args.push(key, amountPaise, reference, identifier ?? '');
    }
    const epoch = this.writeEpoch();
    const reply = (await runScript(this.redis, CHARGE_PARTS, ...this.accountKeys(accountId), this.keys.holdCharges(accountId, holdId, this.environment), ...args)) as (string | number)[];
    const results = charges.map((_, index) => ({ status: reply[index * 2] as PartCharge['status'], paise: Number(reply[index * 2 + 1]) }));
    // Only what was charged now: a duplicate was counted by the run that charged it.
    await addCommittedPaise(this.redis, this.keys, results.reduce((sum, r) => (r.status === 'ok' ? sum + r.paise : sum), 0));
    // In the charges' epoch: a close during the metric's round trip must not let a WAIT on the
    // next primary confirm charges made on this one.
    await this.replicated(epoch);
    return results;
  }

  /** The charges made from one hold so far, by charge key. */
  async holdCharges(accountId: string, holdId: string): Promise<Map<string, number>> {
    const all = await this.redis.hgetall(this.keys.holdCharges(accountId, holdId, this.environment));
    return new Map(Object.entries(all).map(([key, paise]) => [key, Number(paise)]));
  }

  /**
   * Releases what is left of a hold. Its part-charge records go an hour later
   * (PART_CHARGES_KEPT_MS): once the hold is gone no new part can be charged from it (the
   * script answers `resolved`), but a part charged before is still answered as charged.
   */
  async release(accountId: string, holdId: string, label?: LedgerLabel): Promise<void> {
    await this.resolve(accountId, holdId, 0, label);
    await this.redis.pexpire(this.keys.holdCharges(accountId, holdId, this.environment), PART_CHARGES_KEPT_MS);
  }

  /** Releases one hold if it is past its expiry at `nowMs`. */
  private async sweepOne(accountId: string, holdId: string, nowMs: number): Promise<'released' | 'gone' | 'open'> {
    const [status] = (await runScript(
      this.redis,
      RESOLVE,
      ...this.resolveKeys(accountId, Date.now()),
      new Date().toISOString(),
      '1',
      nowMs,
      RESOLVED_KEPT_MS,
      holdId,
      0,
      '',
      '',
    )) as [string, number];
    if (status === 'open') return 'open';
    await Promise.all([
      this.redis.zrem(this.keys.holdExpiries(this.environment), `${accountId}|${holdId}`),
      this.redis.pexpire(this.keys.holdCharges(accountId, holdId, this.environment), PART_CHARGES_KEPT_MS),
    ]);
    return status === 'ok' ? 'released' : 'gone';
  }

  private resolve(accountId: string, holdId: string, chargePaise: number, label: LedgerLabel | undefined): Promise<number | undefined> {
    return this.resolves.call(accountId, { holdId, chargePaise, label });
  }

  private async resolveMany(accountId: string, requests: readonly ResolveRequest[]): Promise<(number | undefined)[]> {
    const nowMs = Date.now();
    const args: (string | number)[] = [new Date(nowMs).toISOString(), '0', nowMs, RESOLVED_KEPT_MS];
    for (const { holdId, chargePaise, label } of requests) args.push(holdId, chargePaise, label?.operation ?? '', label?.identifier ?? '');
    const epoch = this.writeEpoch();
    const reply = (await runScript(this.redis, RESOLVE, ...this.resolveKeys(accountId, nowMs), ...args)) as (string | number)[];
    // The expiry entries go only once the holds are gone: removed alongside a script that then
    // failed, they would leave open holds the sweeper can no longer find, their money held for
    // ever. Not awaited, and a failure ignored: an entry left behind only makes the sweeper
    // find nothing to release.
    const ended = requests.filter((_, index) => reply[index * 2] !== 'open');
    if (ended.length > 0) {
      void this.redis.zrem(this.keys.holdExpiries(this.environment), ...ended.map(({ holdId }) => `${accountId}|${holdId}`)).catch(() => undefined);
    }
    const statuses = requests.map((_, index) => reply[index * 2]);
    const charged = requests.map((_, index) => (statuses[index] === 'ok' || statuses[index] === 'repeat' ? Number(reply[index * 2 + 1]) : undefined));
    // Not awaited: the money has moved, and the sync path should not wait a round trip for a
    // metric. Later commands on this connection (a scrape's read) still come after it. A
    // repeat was counted when its first sending charged it.
    void addCommittedPaise(this.redis, this.keys, charged.reduce<number>((sum, paise, index) => (statuses[index] === 'ok' ? sum + (paise ?? 0) : sum), 0));
    // A repeat too: the first sending's charge may be the one no replica had confirmed.
    await this.replicated(epoch);
    return charged;
  }

  /**
   * Releases every hold past its expiry; returns how many it released. One it cannot release
   * (Redis refuses it: a hold that cannot be read) is passed over, not allowed to stop the
   * sweep for every account behind it, and named in the error thrown once the rest are done.
   */
  async sweepExpiredHolds(nowMs = Date.now(), batch = 500): Promise<number> {
    let released = 0;
    const failed = new Map<string, string>();
    for (;;) {
      const due = await this.redis.zrangebyscore(this.keys.holdExpiries(this.environment), 0, nowMs, 'LIMIT', 0, batch);
      let removed = 0;
      for (const member of due) {
        const [accountId, holdId] = member.split('|') as [string, string];
        let outcome: 'released' | 'gone' | 'open';
        try {
          outcome = await this.sweepOne(accountId, holdId, nowMs);
        } catch (error) {
          failed.set(member, error instanceof Error ? error.message : String(error));
          continue;
        }
        if (outcome === 'released') released++;
        if (outcome !== 'open') removed++;
      }
      // Stop when a page is short, or when nothing in it could be removed (all still open or failing).
      if (due.length < batch || removed === 0) break;
    }
    if (failed.size > 0) {
      const which = [...failed].map(([member, why]) => `${member} (${why})`).join('; ');
      throw new Error(`released ${released} expired hold(s), but could not release ${failed.size}: ${which}`);
    }
    return released;
  }

  async balance(accountId: string): Promise<WalletBalance> {
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    const [balance, held] = await this.redis.hmget(this.keys.wallet(accountId, this.environment), 'balance_paise', 'held_paise');
    const balancePaise = Number(balance ?? 0);
    const heldPaise = Number(held ?? 0);
    return { balancePaise, heldPaise, availablePaise: balancePaise - heldPaise };
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  async ledger(accountId: string, limit: number, before?: string): Promise<{ entries: LedgerEntry[]; next: string | undefined }> {
    const end = before === undefined ? '+' : `(${before}`;
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    const rows = await this.redis.xrevrange(this.keys.ledger(accountId, this.environment), end, '-', 'COUNT', limit + 1);
    const entries = rows.slice(0, limit).map(([id, fields]) => toLedgerEntry(id, fields));
    return { entries, next: rows.length > limit ? entries.at(-1)?.id : undefined };
  }

  /** Every ledger entry up to `upTo` (an entry id), oldest first, in pages (for reconciliation). */
  async *allLedgerEntries(accountId: string, upTo = '+', pageSize = 1000): AsyncGenerator<LedgerEntry> {
    let start = '-';
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    for (;;) {
      const rows = await this.redis.xrange(this.keys.ledger(accountId, this.environment), start, upTo, 'COUNT', pageSize);
      for (const [id, fields] of rows) yield toLedgerEntry(id, fields);
      if (rows.length < pageSize) return;
      start = `(${rows.at(-1)?.[0]}`;
    }
  }

  /**
   * The wallet hash, the open holds and the id of the last ledger entry, read in one MULTI so
   * that they describe one moment: the ledger up to that id accounts for exactly this state.
   */
  async snapshot(
    accountId: string,
  ): Promise<{ wallet: Record<string, string>; holds: Record<string, string>; lastLedgerId: string | undefined }> {
    const opening = this.ready(accountId);
    if (opening !== undefined) await opening;
    const [wallet, holds, ledger] = this.accountKeys(accountId);
    const results = await this.redis
      .multi()
      .hgetall(wallet)
      .hgetall(holds)
      .xrevrange(ledger, '+', '-', 'COUNT', 1)
      .exec();
    const last = (results?.[2]?.[1] ?? []) as [string, string[]][];
    return {
      wallet: (results?.[0]?.[1] ?? {}) as Record<string, string>,
      holds: (results?.[1]?.[1] ?? {}) as Record<string, string>,
      lastLedgerId: last[0]?.[0],
    };
  }
}

function toLedgerEntry(id: string, fields: string[]): LedgerEntry {
  const map: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) map[fields[i] as string] = fields[i + 1] as string;
  return {
    id,
    type: map.type as LedgerEntry['type'],
    amountPaise: Number(map.amount_paise),
    balancePaise: Number(map.balance_paise),
    reference: map.reference ?? '',
    at: map.at ?? '',
    ...(map.operation === undefined ? {} : { operation: map.operation }),
    ...(map.identifier === undefined ? {} : { identifier: map.identifier }),
  };
}
