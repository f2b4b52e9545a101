/**
 * Puts a live adapter behind the shared limits: the response cache, the circuit (a source
 * marked down is skipped by every process), the cross-process in-flight and rate limits, and
 * the one retry layer of the sync path. The adapter itself only speaks its wire format.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { CheckName } from '../domain/operations.js';
import type { HttpSource } from './adapter.js';
import type { SourceLimits } from './limits.js';
import { LocalSemaphore } from './local-semaphore.js';
import type { CheckContext, CheckHandler, CheckHandlers, CheckInputs, Source, SourceOutcome } from './port.js';
import type { LiveSourceSettings } from './sources-file.js';

/** Outcomes that say the upstream is unwell, as opposed to "no record" or "slow down". */
const FAILURES = new Set(['unavailable', 'timeout', 'bad_response']);
/** Outcomes worth one more try at the same source: a 5xx or a dropped connection. */
const RETRYABLE = new Set(['unavailable']);
/** Upper bound of one wait between two tries at a busy slot. */
const SLOT_POLL_MS = 25;

export interface GuardedSource extends Source {
  readonly settings: LiveSourceSettings;
  close(): Promise<void>;
}

function inputHash(check: string, input: unknown): string {
  return createHash('sha256').update(`${check}\n${JSON.stringify(input)}`).digest('base64url').slice(0, 32);
}

export function guardSource(source: HttpSource, settings: LiveSourceSettings, limits: SourceLimits, log: Logger): GuardedSource {
  // Waiting in-process first keeps the Redis polling to at most max_in_flight callers per process.
  const local = new LocalSemaphore(settings.maxInFlight);
  const leaseMs = settings.timeoutMs + 1_000;
  const sourceLog = log.child({ source: settings.name });

  /** Waits for a lease; an outcome when none came in time or the source is down. */
  async function acquire(check: CheckName, leaseId: string, signal: AbortSignal): Promise<SourceOutcome<never> | undefined> {
    // A saturated source gets as long as one call would take; then the chain moves on.
    const deadline = Date.now() + settings.timeoutMs;
    for (;;) {
      const result = await limits.acquire(settings.name, leaseId, leaseMs, settings.maxInFlight, settings.maxRatePerSecond);
      if (result.acquired) return undefined;
      if (result.reason === 'down') {
        return { outcome: 'unavailable', message: `${settings.name} is marked down for ${result.waitMs} ms after repeated failures` };
      }
      if (signal.aborted) return { outcome: 'timeout', message: `the budget ran out waiting for a ${settings.name} slot for ${check}` };
      if (Date.now() >= deadline) {
        return { outcome: 'rate_limited', message: `${settings.name} had no free slot (${result.reason}) for ${settings.timeoutMs} ms` };
      }
      const waitMs = Math.min(result.waitMs, SLOT_POLL_MS, Math.max(deadline - Date.now(), 1));
      await sleep(waitMs / 2 + Math.random() * (waitMs / 2), undefined, { signal }).catch(() => undefined);
    }
  }

  async function callOnce<C extends CheckName>(
    check: C,
    handler: CheckHandler<C>,
    input: CheckInputs[C],
    context: CheckContext,
  ): Promise<SourceOutcome<unknown>> {
    const leaseId = randomUUID();
    const refused = await acquire(check, leaseId, context.signal);
    if (refused !== undefined) return refused;
    let outcome: SourceOutcome<unknown>;
    try {
      outcome = await handler(input, context);
    } catch (error) {
      sourceLog.error({ err: error, check }, 'adapter threw instead of answering an outcome');
      outcome = { outcome: 'bad_response', message: `${settings.name} failed unexpectedly` };
    }
    const result = outcome.outcome === 'ok' || outcome.outcome === 'not_found' ? 'ok' : FAILURES.has(outcome.outcome) ? 'failed' : 'neutral';
    const markedDown = await limits.release(settings.name, leaseId, result, settings.circuit).catch((error: unknown) => {
      // The lease expires by itself; losing this release costs capacity for a moment, not money.
      sourceLog.warn({ err: error }, 'could not release a source lease');
      return false;
    });
    if (markedDown) sourceLog.warn({ check, cooloffMs: settings.circuit.cooloffMs }, 'source marked down after repeated failures');
    if (outcome.outcome !== 'ok') sourceLog.debug({ check, outcome: outcome.outcome, detail: outcome.message }, 'source call failed');
    return outcome;
  }

  function guard<C extends CheckName>(check: C, handler: CheckHandler<C>): CheckHandler<C> {
    return async (input, context) => {
      const hash = settings.cacheTtlS > 0 ? inputHash(check, input) : '';
      if (settings.cacheTtlS > 0) {
        const cached = await limits.getCached(settings.name, check, hash).catch(() => null);
        if (cached !== null) return { outcome: 'ok', value: JSON.parse(cached) as never, cached: true };
      }
      if (!(await local.acquire(settings.timeoutMs, context.signal))) {
        return context.signal.aborted
          ? { outcome: 'timeout', message: `the budget ran out waiting for ${settings.name} for ${check}` }
          : { outcome: 'rate_limited', message: `${settings.name} had no free slot in this process for ${settings.timeoutMs} ms` };
      }
      let outcome: SourceOutcome<unknown>;
      try {
        outcome = await callOnce(check, handler, input, context);
        for (let retry = 0; retry < settings.retries && RETRYABLE.has(outcome.outcome) && !context.signal.aborted; retry++) {
          // Reads are safe to repeat; a short jittered pause lets a flapping upstream recover.
          await sleep(50 + Math.random() * 100, undefined, { signal: context.signal }).catch(() => undefined);
          if (context.signal.aborted) break;
          outcome = await callOnce(check, handler, input, context);
        }
      } finally {
        local.release();
      }
      if (outcome.outcome === 'ok' && settings.cacheTtlS > 0) {
        await limits.setCached(settings.name, check, hash, JSON.stringify(outcome.value), settings.cacheTtlS).catch(() => undefined);
      }
      return outcome as SourceOutcome<never>;
    };
  }

  const handlers: Record<string, unknown> = {};
  for (const [check, handler] of Object.entries(source.handlers) as [CheckName, CheckHandler<CheckName>][]) {
    if (settings.adapter.checks.includes(check)) handlers[check] = guard(check, handler);
  }
  return {
    name: settings.name,
    handlers: handlers as CheckHandlers,
    settings,
    close: () => source.close(),
  };
}
