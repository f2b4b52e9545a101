import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/console/public/js/api.js';
import { confirmButton, isRetryable, retryDelay, type ButtonLike } from '../../src/console/public/js/views/common.js';

/** The members of a <button> the helper uses; click() runs its listeners as the browser would. */
class FakeButton implements ButtonLike {
  textContent: string | null;
  disabled = false;
  dataset: Record<string, string | undefined> = {};
  readonly attributes = new Map<string, string>();
  private readonly listeners: (() => unknown)[] = [];

  constructor(label: string) {
    this.textContent = label;
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  addEventListener(_type: 'click', listener: () => unknown): void {
    this.listeners.push(listener);
  }
  /** Clicks, and resolves when what the click started has ended. */
  async click(): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener()));
  }
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the console confirm button', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(action: () => Promise<unknown> = async () => {}) {
    const button = new FakeButton('Cancel job');
    const errors: unknown[] = [];
    const run = vi.fn(action);
    const controller = new AbortController();
    confirmButton(button, { confirmLabel: 'Click again to cancel', busyLabel: 'Cancelling…', action: run, onError: (error) => errors.push(error), signal: controller.signal });
    return { button, errors, run, controller };
  }

  it('asks for a second click, and goes back to its label when none comes within 5 s', async () => {
    const { button, run } = setUp();
    await button.click();
    expect(button.textContent).toBe('Click again to cancel');
    expect(button.dataset.confirm).toBe('yes');
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_999);
    expect(button.textContent).toBe('Click again to cancel');
    vi.advanceTimersByTime(1);
    expect(button.textContent).toBe('Cancel job');
    expect(button.dataset.confirm).toBeUndefined();
    // Disarmed: the next click asks again rather than acting.
    await button.click();
    expect(run).not.toHaveBeenCalled();
  });

  it('acts on the second click, busy meanwhile, and clears its timer', async () => {
    const gate = deferred();
    const { button, run } = setUp(() => gate.promise);
    await button.click();
    const acting = button.click();
    expect(run).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(button.textContent).toBe('Cancelling…');
    expect(button.disabled).toBe(true);
    expect(button.attributes.get('aria-busy')).toBe('true');
    // A click while busy does nothing (a disabled button).
    await button.click();
    expect(run).toHaveBeenCalledTimes(1);
    gate.resolve();
    await acting;
    expect(button.textContent).toBe('Cancel job');
    expect(button.disabled).toBe(false);
    expect(button.dataset.confirm).toBeUndefined();
    expect(button.attributes.has('aria-busy')).toBe(false);
  });

  it('after a failed action shows the error and is back to its own label, disarmed, even when the action outlived the 5 s', async () => {
    const gate = deferred();
    const { button, errors, run } = setUp(() => gate.promise);
    await button.click();
    vi.advanceTimersByTime(4_900);
    const acting = button.click();
    // The old timer would have fired during the call and been undone by busy() restoring "Click again…".
    vi.advanceTimersByTime(5_000);
    expect(button.textContent).toBe('Cancelling…');
    const refused = new ApiError({ status: 409, code: 'JOB_FINISHED', message: 'The job has finished' });
    gate.reject(refused);
    await acting;
    expect(errors).toEqual([refused]);
    expect(button.textContent).toBe('Cancel job');
    expect(button.dataset.confirm).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    await button.click();
    expect(run).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Click again to cancel');
  });

  it('does not report an aborted action (the screen was left) as a failure', async () => {
    const { button, errors } = setUp(async () => {
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    });
    await button.click();
    await button.click();
    expect(errors).toEqual([]);
    expect(button.textContent).toBe('Cancel job');
  });

  it('disarms when the screen is left', async () => {
    const { button, controller } = setUp();
    await button.click();
    controller.abort();
    expect(button.textContent).toBe('Cancel job');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the console retry policy', () => {
  it('retries what may pass later (network, broken stream, 5xx, 408, 429) and not an answer that will not change', () => {
    expect(isRetryable(new ApiError({ code: 'NETWORK', message: 'Cannot reach the service', retryable: true }))).toBe(true);
    expect(isRetryable(new TypeError('network error'))).toBe(true);
    expect(isRetryable(new SyntaxError('Unexpected token'))).toBe(true);
    for (const status of [500, 502, 503, 504, 408, 429]) expect(isRetryable(new ApiError({ status })), String(status)).toBe(true);
    // A 200 that was not an event stream (a proxy in the way): poll, and try the stream again.
    expect(isRetryable(new ApiError({ status: 200, code: 'NOT_A_STREAM' }))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 410]) expect(isRetryable(new ApiError({ status })), String(status)).toBe(false);
  });

  it('waits 2 s, then twice as long each time, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50, 10_000].map((attempt) => retryDelay(attempt))).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(retryDelay(0)).toBe(2_000);
  });
});
