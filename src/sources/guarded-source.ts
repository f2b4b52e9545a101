/**
 * Puts a live adapter behind the shared state: the response cache, the circuit (a source
 * marked down is skipped by every process), the cross-process limits on every upstream HTTP
 * request (through the gate the adapter's client calls), and the one retry layer of the sync
 * path. The adapter itself only speaks its wire format.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { CheckName } from '../domain/operations.js';
import type { AdapterDefinition, AdapterSettings, HttpSource } from './adapter.js';
import { createRequestGate } from './request-gate.js';
import type { CallResult, SourceLimits } from './limits.js';
import type { CheckContext, CheckHandler, CheckHandlers, CheckInputs, Source, SourceOutcome } from './port.js';
import type { LiveSourceSettings } from './sources-file.js';

/** A retry waits this long at least, plus jitter, so a flapping upstream gets a moment. */
const RETRY_PAUSE_MS = 50;

export interface GuardedSource extends Source {
  readonly settings: LiveSourceSettings;
  close(): Promise<void>;
}

function inputHash(check: string, input: unknown): string {
  return createHash('sha256').update(`${check}\n${JSON.stringify(input)}`).digest('base64url').slice(0, 32);
}

/**
 * What a check's result says about the upstream's health. Answers ("no record" included)
 * close the circuit. A 429 or a full slot says "busy", not "broken". A time-out caused by the
 * caller's budget running out (after another source was slow) is not this source's fault.
 */
function circuitResult(outcome: SourceOutcome<unknown>, context: CheckContext): CallResult {
  if (outcome.outcome === 'ok' || outcome.outcome === 'not_found') return 'ok';
  if (outcome.outcome === 'rate_limited' || context.signal.aborted) return 'neutral';
  return 'failed';
}

/** Builds the adapter with the gate in its settings, and guards its handlers. */
export function createGuardedSource(
  definition: AdapterDefinition,
  settings: LiveSourceSettings,
  adapterSettings: Omit<AdapterSettings, 'gate'>,
  limits: SourceLimits,
  log: Logger,
): GuardedSource {
  const gate = createRequestGate(settings, limits);
  return guardSource(definition.create({ ...adapterSettings, gate }), settings, limits, log);
}

export function guardSource(source: HttpSource, settings: LiveSourceSettings, limits: SourceLimits, log: Logger): GuardedSource {
  const sourceLog = log.child({ source: settings.name });

  async function callOnce<C extends CheckName>(handler: CheckHandler<C>, check: C, input: CheckInputs[C], context: CheckContext): Promise<SourceOutcome<unknown>> {
    let outcome: SourceOutcome<unknown>;
    try {
      outcome = await handler(input, context);
    } catch (error) {
      sourceLog.error({ err: error, check }, 'adapter threw instead of answering an outcome');
      outcome = { outcome: 'bad_response', message: `${settings.name} failed unexpectedly` };
    }
    // Refused by the gate because the source is down (learned from that refusal), or a call
    // in flight that failed after this process learned it: the circuit ignores failures while
    // the source is down, and a refused call was never made, so there is nothing to record.
    if (outcome.outcome === 'unavailable' && limits.knownDownForMs(settings.name) > 0) return outcome;
    const markedDown = await limits.record(settings.name, circuitResult(outcome, context), settings.circuit).catch((error: unknown) => {
      sourceLog.warn({ err: error }, 'could not record a source result');
      return false;
    });
    if (markedDown) sourceLog.warn({ check, cooloffMs: settings.circuit.cooloffMs }, 'source marked down after repeated failures');
    if (outcome.outcome !== 'ok') sourceLog.debug({ check, outcome: outcome.outcome, detail: outcome.message }, 'source call failed');
    return outcome;
  }

  /** A retry starts only if a whole call still fits in the budget; otherwise the next source should get it. */
  function worthRetrying(outcome: SourceOutcome<unknown>, context: CheckContext): boolean {
    if (outcome.outcome === 'ok' || outcome.retryable !== true || context.signal.aborted) return false;
    const left = (context.deadlineMs ?? Number.POSITIVE_INFINITY) - Date.now();
    return left >= 2 * settings.timeoutMs;
  }

  function guard<C extends CheckName>(check: C, handler: CheckHandler<C>): CheckHandler<C> {
    return async (input, context) => {
      const hash = settings.cacheTtlS > 0 ? inputHash(check, input) : '';
      if (settings.cacheTtlS > 0) {
        const cached = await limits.getCached(settings.name, check, hash).catch(() => null);
        if (cached !== null) {
          try {
            return { outcome: 'ok', value: JSON.parse(cached) as never, cached: true };
          } catch {
            sourceLog.warn({ check }, 'a cached answer was not JSON: asking the upstream');
          }
        }
      }
      // Skipped at once when marked down: its time belongs to the next source in the chain.
      const downMs = limits.knownDownForMs(settings.name);
      if (downMs > 0) return { outcome: 'unavailable', message: `${settings.name} is marked down for ${downMs} ms after repeated failures` };

      let outcome = await callOnce(handler, check, input, context);
      for (let retry = 0; retry < settings.retries && worthRetrying(outcome, context); retry++) {
        await sleep(RETRY_PAUSE_MS + Math.random() * 2 * RETRY_PAUSE_MS, undefined, { signal: context.signal }).catch(() => undefined);
        if (context.signal.aborted) break;
        outcome = await callOnce(handler, check, input, context);
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
