/**
 * An in-process counting semaphore with first-come order and a bounded wait. It sits in front
 * of the shared (Redis) limit so that a process never has more callers polling Redis for a
 * slot than the source could ever grant it. A releaser may hand something on with its permit
 * (the request gate hands on its Redis lease), which the next waiter receives.
 */
export type Permit<T> = { granted: true; handedOn: T | undefined } | { granted: false };

export class LocalSemaphore<T = never> {
  private inUse = 0;
  private readonly waiters: ((handedOn: T | undefined) => void)[] = [];

  constructor(private readonly size: number) {}

  /** Resolves with a permit, or `granted: false` when `timeoutMs` passed or `signal` aborted first. */
  acquire(timeoutMs: number, signal: AbortSignal): Promise<Permit<T>> {
    if (this.inUse < this.size) {
      this.inUse++;
      return Promise.resolve({ granted: true, handedOn: undefined });
    }
    if (signal.aborted) return Promise.resolve({ granted: false });
    return new Promise((resolve) => {
      const grant = (handedOn: T | undefined): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', giveUp);
        resolve({ granted: true, handedOn });
      };
      const giveUp = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', giveUp);
        const index = this.waiters.indexOf(grant);
        if (index !== -1) this.waiters.splice(index, 1);
        resolve({ granted: false });
      };
      const timer = setTimeout(giveUp, timeoutMs);
      signal.addEventListener('abort', giveUp, { once: true });
      this.waiters.push(grant);
    });
  }

  /**
   * Returns the permit: straight to the next waiter if there is one (the count stays the same),
   * with `handOn` if given. True when a waiter took it (and so `handOn`).
   */
  release(handOn?: T): boolean {
    const next = this.waiters.shift();
    if (next !== undefined) {
      next(handOn);
      return true;
    }
    this.inUse--;
    return false;
  }

  get waiting(): number {
    return this.waiters.length;
  }
}
