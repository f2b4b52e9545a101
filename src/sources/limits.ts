/**
 * What the guard of a live source needs from the shared state (implemented over Redis in
 * store/source-state.ts): leases, the circuit, and the response cache.
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
  acquire(source: string, leaseId: string, leaseMs: number, maxInFlight: number, maxPerSecond: number): Promise<AcquireResult>;
  /** Frees the lease and records the result; true when this result marked the source down. */
  release(source: string, leaseId: string, result: CallResult, circuit: CircuitSettings): Promise<boolean>;
  getCached(source: string, check: string, inputHash: string): Promise<string | null>;
  setCached(source: string, check: string, inputHash: string, json: string, ttlS: number): Promise<void>;
}
