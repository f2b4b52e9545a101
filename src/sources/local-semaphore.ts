/**
 * An in-process counting semaphore with first-come order and a bounded wait. It sits in front
 * of the shared (Redis) limit so that a process never has more callers polling Redis for a
 * slot than the source could ever grant it.
 */
export class LocalSemaphore {
  private inUse = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Resolves true with a permit, or false when `timeoutMs` passed or `signal` aborted first. */
  acquire(timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    if (this.inUse < this.size) {
      this.inUse++;
      return Promise.resolve(true);
    }
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const grant = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', giveUp);
        resolve(true);
      };
      const giveUp = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', giveUp);
        const index = this.waiters.indexOf(grant);
        if (index !== -1) this.waiters.splice(index, 1);
        resolve(false);
      };
      const timer = setTimeout(giveUp, timeoutMs);
      signal.addEventListener('abort', giveUp, { once: true });
      this.waiters.push(grant);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    // The permit passes straight to the next waiter: the count stays the same.
    if (next !== undefined) next();
    else this.inUse--;
  }

  get waiting(): number {
    return this.waiters.length;
  }
}
