import { describe, expect, it } from 'vitest';
import { CallBatcher } from '../../src/store/redis/call-batcher.js';

/** A batcher whose batches are recorded and answered by `answer` (the items doubled by default). */
function recording(answer: (group: string, items: readonly number[]) => Promise<readonly number[]> = async (_, items) => items.map((n) => n * 2), maxBatch?: number) {
  const batches: [string, number[]][] = [];
  const batcher = new CallBatcher<number, number>(async (group, items) => {
    batches.push([group, [...items]]);
    return answer(group, items);
  }, maxBatch);
  return { batcher, batches };
}

describe('CallBatcher', () => {
  it('runs the calls of one turn as one batch per group and answers each call with its own result', async () => {
    const { batcher, batches } = recording();
    const answers = await Promise.all([batcher.call('a', 1), batcher.call('b', 10), batcher.call('a', 2), batcher.call('a', 3)]);
    expect(answers).toEqual([2, 20, 4, 6]);
    expect(batches).toEqual([
      ['a', [1, 2, 3]],
      ['b', [10]],
    ]);
  });

  it('starts a new batch for calls made after the flush', async () => {
    const { batcher, batches } = recording();
    expect(await batcher.call('a', 1)).toBe(2);
    expect(await batcher.call('a', 2)).toBe(4);
    expect(batches).toEqual([
      ['a', [1]],
      ['a', [2]],
    ]);
  });

  it('also gathers calls made from different I/O callbacks of the same turn', async () => {
    const { batcher, batches } = recording();
    // Two timers due together fire in one timers phase, each as its own callback with the
    // microtask queue drained between them, as two sockets' requests would be.
    const calls = await new Promise<Promise<number>[]>((resolve) => {
      const made: Promise<number>[] = [];
      setTimeout(() => made.push(batcher.call('a', 1)), 0);
      setTimeout(() => {
        made.push(batcher.call('a', 2));
        resolve(made);
      }, 0);
    });
    expect(await Promise.all(calls)).toEqual([2, 4]);
    expect(batches).toEqual([['a', [1, 2]]]);
  });

  it('rejects every call of a failed batch and leaves other groups alone', async () => {
    const { batcher } = recording(async (group, items) => {
      if (group === 'bad') throw new Error('Redis is gone');
      return items;
    });
    const results = await Promise.allSettled([batcher.call('bad', 1), batcher.call('good', 2), batcher.call('bad', 3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('Redis is gone'));
  });

  it('rejects the calls when a batch returns the wrong number of answers, never pairing them wrongly', async () => {
    const { batcher } = recording(async (_, items) => items.slice(1));
    const results = await Promise.allSettled([batcher.call('a', 1), batcher.call('a', 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('a batch of 2 calls got 1 answers');
  });

  it('rejects the calls when the batch function throws before returning a promise', async () => {
    const batcher = new CallBatcher<number, number>(() => {
      throw new Error('bad arguments');
    });
    await expect(batcher.call('a', 1)).rejects.toThrow('bad arguments');
  });

  it('sends a full batch at once and starts another for the rest', async () => {
    const { batcher, batches } = recording(undefined, 3);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.call('a', n)));
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      ['a', [1, 2, 3]],
      ['a', [4, 5]],
    ]);
  });
});
