import type { Redis } from 'ioredis';

/** The real setImmediate (call-batcher.ts says why: tests that fake timers). */
const defer = globalThis.setImmediate;

/**
 * A money change that no replica confirmed in time. The primary may still have it, or may be
 * gone with it: the caller is told to retry (503), and the Idempotency-Key settles the retry.
 */
export class ReplicaWaitTimeoutError extends Error {
  override name = 'ReplicaWaitTimeoutError';
  constructor(
    readonly acknowledged: number,
    readonly wanted: number,
    readonly timeoutMs: number,
  ) {
    super(`${acknowledged} of ${wanted} replica(s) confirmed the write within ${timeoutMs} ms`);
  }
}

/**
 * WAIT for the replicas, once per event-loop turn for everyone who asks in it. WAIT covers
 * every write its connection sent before it, so it must go on the connection the money
 * scripts went on, after their replies: then one WAIT answers for a whole turn's batches.
 * A WAIT blocks its connection until it returns, so fewer of them is also less waiting.
 */
export class ReplicaWait {
  private pending: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly replicas: number,
    private readonly timeoutMs: number,
  ) {}

  /** Resolves once `replicas` replicas have every write this connection made so far. */
  afterWrites(): Promise<void> {
    this.pending ??= new Promise<void>((resolve, reject) => {
      defer(() => {
        // Whoever asks from here on wrote after this WAIT was sent: theirs is the next one.
        this.pending = undefined;
        this.redis.wait(this.replicas, this.timeoutMs).then((acknowledged) => {
          if (Number(acknowledged) >= this.replicas) resolve();
          else reject(new ReplicaWaitTimeoutError(Number(acknowledged), this.replicas, this.timeoutMs));
        }, reject);
      });
    });
    return this.pending;
  }
}
