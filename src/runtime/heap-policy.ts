/**
 * How far V8 lets the heap grow past what the last full collection kept alive.
 *
 * By default V8 picks a factor of up to 4 when collections are cheap, and a bulk intake is
 * exactly that case: each row's objects die young but some outlive a Redis round trip, so
 * after a full collection keeps ~50 MB alive the heap is allowed to reach ~200 MB of garbage
 * before the next one (bench:bulk part (c): 345 MB RSS accepting 1,000,000 rows with 52 MB
 * live). Doubling instead keeps the process's footprint near its real needs (234 MB in the
 * same run) for a few more incremental collections of ~12 ms each.
 *
 * V8 reads this flag each time it sizes the heap, so setting it at start-up takes effect for
 * the whole run; it is set here rather than on a command line so every way of starting a
 * process (npm start, the worker pools, docker, benchmarks) gets the same policy.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 100;

export function applyHeapPolicy(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
