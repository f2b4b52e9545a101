/**
 * What the guard of a live source needs from the shared state (implemented over Redis in
 * store/sources/source-state.ts): leases, the circuit, and the response cache.
 */
export type AcquireResult = { acquired: true } | { acquired: false; reason: 'down' | 'in_flight' | 'rate'; waitMs: number };

/** `ok` closes the circuit (an answer, "no record" included); `neutral` (429) counts neither way. */
export type CallResult = 'ok' | 'failed' | 'neutral';

export interface CircuitSettings {
  /** Failures in a row, within `windowMs`, that mark the source down. */
  failures: number;
  windowMs: number;
  cooloffMs: number;
}

export interface SourceLimits {
  /** One lease per upstream HTTP request; refused while the source is marked down. */
  acquire(source: string, leaseId: string, leaseMs: number, maxInFlight: number, maxPerSecond: number): Promise<AcquireResult>;
  release(source: string, leaseId: string): Promise<void>;
  /**
   * Renews a lease that passes to the next request of the same process, instead of release +
   * acquire; false when the lease had already expired (and was not renewed).
   */
  refresh(source: string, leaseId: string, leaseMs: number): Promise<boolean>;
  /** Milliseconds the source is known (in this process, without a round trip) to stay marked down. */
  knownDownForMs(source: string): number;
  /** Records one check's result against the circuit; true when it marked the source down. */
  record(source: string, result: CallResult, circuit: CircuitSettings): Promise<boolean>;
  getCached(source: string, check: string, inputHash: string): Promise<string | null>;
  setCached(source: string, check: string, inputHash: string, json: string, ttlS: number): Promise<void>;
}
