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
 *
 * The young generation is the other half, and it cannot be set from here: V8 sizes it when
 * the process starts. Since Node.js 22 its default grows with the machine's memory (a 32 MB
 * semi-space on a 24 GB machine, against Node.js 20's 8 to 16 MB), and bench:bulk part (c)
 * went from 250 MB to 370 MB of RSS on Node.js 24 (at rest 151 → 195 MB). So every way of
 * starting a process passes `--max-semi-space-size=16` on node's command line: the npm
 * scripts (package.json), the image (NODE_OPTIONS in the Dockerfile) and the benchmarks
 * (test/bench/child-processes.ts, which take it from `npm start`). With it: 280 MB, and bulk
 * intake no slower (part (a): 11.8k to 12.5k rows/s with it, 10.6k to 10.9k without).
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 100;

export function applyHeapPolicy(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
