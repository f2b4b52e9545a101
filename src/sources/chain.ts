import type { CheckName } from '../domain/operations.js';
import type { CheckAnswers, CheckContext, CheckInputs, FailureOutcome, Source, SourceOutcome } from './port.js';

export interface ChainResult<C extends CheckName> {
  outcome: SourceOutcome<CheckAnswers[C]>;
  /** Source calls made, fallbacks included. */
  attempts: number;
  /** The source that gave the final answer, if any answered. */
  source?: string;
}

/**
 * Tries each source that can answer the check, in order, until one answers. "No record" is
 * an answer: a later source would not know better. When every source failed, the result is
 * a time-out if the last failure was one (or the budget ran out), else unavailable.
 */
export async function runChain<C extends CheckName>(
  check: C,
  sources: readonly Source[],
  input: CheckInputs[C],
  context: CheckContext,
): Promise<ChainResult<C>> {
  let attempts = 0;
  let last: { outcome: FailureOutcome; message: string } | undefined;
  for (const source of sources) {
    const handler = source.handlers[check];
    if (handler === undefined) continue;
    if (context.signal.aborted) {
      return { outcome: { outcome: 'timeout', message: `the time budget for ${check} ran out` }, attempts };
    }
    attempts++;
    let outcome: SourceOutcome<CheckAnswers[C]>;
    try {
      outcome = await handler(input, context);
    } catch {
      // An adapter bug must not take the call down with a 500: treat it as this source
      // failing. Its message stays out of the answer, which must not leak internals.
      outcome = { outcome: 'bad_response', message: `source ${source.name} failed unexpectedly` };
    }
    if (outcome.outcome === 'ok' || outcome.outcome === 'not_found') {
      return { outcome, attempts, source: source.name };
    }
    last = outcome;
  }
  if (last === undefined) {
    return { outcome: { outcome: 'unavailable', message: `no source is configured for ${check}` }, attempts };
  }
  if (context.signal.aborted && last.outcome !== 'timeout') {
    return { outcome: { outcome: 'timeout', message: `the time budget for ${check} ran out` }, attempts };
  }
  return { outcome: last, attempts };
}
