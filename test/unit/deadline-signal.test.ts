import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../src/sources/deadline-signal.js';

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError once its time has passed', async () => {
    const { signal } = deadlineSignal(20);
    expect(signal.aborted).toBe(false);
    await sleep(60);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with its parent, and at once when the parent already has', () => {
    const parent = new AbortController();
    const { signal } = deadlineSignal(60_000, parent.signal);
    parent.abort(new Error('budget'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('budget');
    expect(deadlineSignal(60_000, parent.signal).signal.aborted).toBe(true);
  });

  it('never aborts once disposed: neither the timer nor the parent reach it', async () => {
    const parent = new AbortController();
    const deadline = deadlineSignal(20, parent.signal);
    deadline.dispose();
    await sleep(60);
    parent.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});
