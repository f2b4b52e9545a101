/**
 * Measures how long the sandbox registry takes to generate and index, and the heap it keeps.
 * Not a test: timings depend on the machine. Run it as shipped code runs (compiled), e.g.
 *
 *   npx tsc -p tsconfig.json --outDir /tmp/bv-bench --noEmit false && node --expose-gc /tmp/bv-bench/test/bench/sandbox-load.js
 *
 * or, slower because of the on-the-fly transform, `node --expose-gc --import tsx test/bench/sandbox-load.ts`.
 */
import { buildSandboxRegistry, DEFAULT_SANDBOX_SEED } from '../../src/sources/sandbox/registry.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) console.log('(run with --expose-gc for heap figures)');

const runs = Number(process.argv[2] ?? 3);
const kept = [];
for (let run = 0; run < runs; run++) {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const registry = buildSandboxRegistry(DEFAULT_SANDBOX_SEED + run);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  kept.push(registry);
  console.log(
    `run ${run + 1}: ${wallMs.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ` +
      `${gc === undefined ? '?' : heapMb.toFixed(1)} MB retained heap; ` +
      `${registry.size.entities} entities, ${registry.size.gstins} GSTINs, ${registry.size.persons} DINs`,
  );
  // Keep only one registry alive so each run's heap figure is its own.
  kept.length = 0;
}
console.log(`rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
