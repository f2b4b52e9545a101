import { describe, expect, it } from 'vitest';
import { runChain } from '../../src/sources/chain.js';
import type { CheckHandlers, Source, SourceOutcome } from '../../src/sources/port.js';
import type { GstRecord } from '../../src/domain/records.js';

const RECORD = { gstin: '27AAPFU0939F1ZV' } as GstRecord;

function source(name: string, outcome: SourceOutcome<GstRecord> | Error, calls: string[]): Source {
  const handlers: CheckHandlers = {
    'gst.verify': async () => {
      calls.push(name);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
  return { name, handlers };
}

const context = () => ({ signal: new AbortController().signal, now: new Date() });
const input = { gstin: RECORD.gstin };

describe('source chain', () => {
  it('falls back to the next source when one is unavailable', async () => {
    const calls: string[] = [];
    const result = await runChain(
      'gst.verify',
      [source('a', { outcome: 'unavailable', message: 'down' }, calls), source('b', { outcome: 'ok', value: RECORD }, calls)],
      input,
      context(),
    );
    expect(result).toMatchObject({ outcome: { outcome: 'ok' }, attempts: 2, source: 'b' });
    expect(calls).toEqual(['a', 'b']);
  });

  it('takes "no record" from a source that answered as final', async () => {
    const calls: string[] = [];
    const result = await runChain(
      'gst.verify',
      [source('a', { outcome: 'not_found', message: 'none' }, calls), source('b', { outcome: 'ok', value: RECORD }, calls)],
      input,
      context(),
    );
    expect(result.outcome.outcome).toBe('not_found');
    expect(calls).toEqual(['a']);
  });

  it('reports a time-out when the last failure was one, else the last failure', async () => {
    const calls: string[] = [];
    const timeoutLast = await runChain(
      'gst.verify',
      [source('a', { outcome: 'unavailable', message: 'down' }, calls), source('b', { outcome: 'timeout', message: 'slow' }, calls)],
      input,
      context(),
    );
    expect(timeoutLast.outcome.outcome).toBe('timeout');
    const unavailableLast = await runChain(
      'gst.verify',
      [source('a', { outcome: 'timeout', message: 'slow' }, calls), source('b', { outcome: 'rate_limited', message: '429' }, calls)],
      input,
      context(),
    );
    expect(unavailableLast.outcome.outcome).toBe('rate_limited');
  });

  it('treats an adapter that throws as a failed source, not a crash', async () => {
    const calls: string[] = [];
    const result = await runChain('gst.verify', [source('a', new Error('bug'), calls)], input, context());
    expect(result.outcome).toEqual({ outcome: 'bad_response', message: 'source a failed unexpectedly' });
  });

  it('answers unavailable naming the check when no source is configured', async () => {
    const result = await runChain('gst.verify', [], input, context());
    expect(result).toEqual({ outcome: { outcome: 'unavailable', message: 'no source is configured for gst.verify' }, attempts: 0 });
  });

  it('stops trying once the time budget has run out', async () => {
    const calls: string[] = [];
    const controller = new AbortController();
    controller.abort();
    const result = await runChain('gst.verify', [source('a', { outcome: 'ok', value: RECORD }, calls)], input, {
      signal: controller.signal,
      now: new Date(),
    });
    expect(result.outcome.outcome).toBe('timeout');
    expect(calls).toEqual([]);
  });
});
