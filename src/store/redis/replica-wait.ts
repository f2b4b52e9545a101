import type { Redis } from 'ioredis';

/** The real setImmediate (call-batcher.ts says why: tests that fake timers). */
const defer = globalThis.setImmediate;

/**
 * A money change that no replica confirmed in time, or whose connection dropped before one
 * did. The primary may still have it, or may be gone with it: the caller is told to retry
 * (503), and the Idempotency-Key settles the retry.
 */
export class ReplicaWaitTimeoutError extends Error {
  override name = 'ReplicaWaitTimeoutError';
  constructor(
    readonly acknowledged: number,
    readonly wanted: number,
    readonly timeoutMs: number,
    why = `${acknowledged} of ${wanted} replica(s) confirmed the write within ${timeoutMs} ms`,
  ) {
    super(why);
  }
}

/**
 * WAIT for the replicas, once per event-loop turn for everyone who asks in it. WAIT covers
 * every write its connection sent before it, so it must go on the connection the money
 * scripts went on, after their replies: then one WAIT answers for a whole turn's batches.
 * A WAIT blocks its connection until it returns, so fewer of them is also less waiting.
 *
 * "The same connection" means the same socket: ioredis keeps a command it could not send
 * through a dropped connection and sends it once it has reconnected, which under Sentinel is
 * to the new primary, where a WAIT counts none of the writes made on the old one and is
 * answered at once by its replica. So a WAIT whose connection closed after the writes were
 * sent confirms nothing: callers take the epoch before they send (`epoch`) and hand it to
 * `afterWrites`. Taking it when asking for the WAIT instead let a write answered by the old
 * primary, then a close, then another command resent to the new one, be "confirmed" by a WAIT
 * on the new primary: rows charged on a primary a failover took away, reported as billed.
 */
export class ReplicaWait {
  private pending: Promise<void> | undefined;
  /** Counts the connection's closes: a WAIT answered in another epoch than its writes' ran elsewhere. */
  private epoch = 0;

  constructor(
    private readonly redis: Redis,
    private readonly replicas: number,
    private readonly timeoutMs: number,
  ) {
    redis.on('close', () => {
      this.epoch++;
      this.pending = undefined;
    });
  }

  /** The connection's epoch now: read it before sending the writes a WAIT is to confirm. */
  get current(): number {
    return this.epoch;
  }

  /**
   * Resolves once `replicas` replicas have every write this connection made so far; rejects if
   * the connection closed since `sentInEpoch` (when the writes were sent), as they may have gone
   * to a primary that is gone.
   */
  afterWrites(sentInEpoch: number): Promise<void> {
    if (sentInEpoch !== this.epoch) return Promise.reject(this.dropped());
    this.pending ??= this.waitSoon();
    return this.pending;
  }

  private dropped(): ReplicaWaitTimeoutError {
    return new ReplicaWaitTimeoutError(0, this.replicas, this.timeoutMs, 'the connection to the primary dropped before a replica confirmed the write');
  }

  private waitSoon(): Promise<void> {
    const epoch = this.epoch;
    return new Promise<void>((resolve, reject) => {
      defer(() => {
        // Whoever asks from here on wrote after this WAIT was sent: theirs is the next one.
        if (this.epoch === epoch) this.pending = undefined;
        const dropped = () => this.dropped();
        if (this.epoch !== epoch) return reject(dropped());
        this.redis.wait(this.replicas, this.timeoutMs).then((acknowledged) => {
          if (this.epoch !== epoch) reject(dropped());
          else if (Number(acknowledged) >= this.replicas) resolve();
          else reject(new ReplicaWaitTimeoutError(Number(acknowledged), this.replicas, this.timeoutMs));
        }, reject);
      });
    });
  }
}
