/**
 * Measures how long the sandbox registry takes to generate and index, the heap it keeps, and how
 * long its first search takes (the name index is built then). Not a test. Run it as shipped
 * code runs (compiled), e.g.
 *
 *   npx tsc -p tsconfig.json --outDir /tmp/bv-bench --noEmit false && node --expose-gc /tmp/bv-bench/test/bench/sandbox-load.js [runs]
 *
 * or, slower to start because of the on-the-fly transform, `npm run bench:sandbox -- [runs]`.
 *
 * Run 1 is the cold build every process pays (`npm start`, each test file); later runs use
 * other seeds in the same, warmed-up process.
 *
 * Absolute timings depend on the machine and on whatever else it is running, so each build is
 * also given relative to a baseline measured in the same run: JSON.parse of a JSON dump of the
 * very universe just built (entities, GSTINs, persons, appointments; not the lookup maps).
 * That is what loading a precomputed snapshot would cost instead of generating from the seed:
 * it allocates the same records, so it pays the same garbage-collection costs, and it runs
 * native code only. The ratio (build CPU / parse CPU) says how much dearer generating is than
 * reading the data, and stays comparable across machines and busy or idle runs.
 *
 * Heap figures are measured in a function of their own per run: a registry still referenced
 * from the caller's frame (as in a loop variable) would count against the next run instead.
 */
import { generateUniverse } from '../../src/sources/sandbox/generate.js';
import { buildSandboxRegistry, DEFAULT_SANDBOX_SEED } from '../../src/sources/sandbox/registry.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) console.log('(run with --expose-gc for heap figures)');

interface Figures {
  wallMs: number;
  cpuMs: number;
  /** Heap still used after `work`, with its result alive; NaN without --expose-gc. */
  heapMb: number;
}

interface Measured<T> extends Figures {
  result: T;
}

/** Runs `work` between two full collections and keeps its result alive while measuring. */
function measure<T>(work: () => T): Measured<T> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = work();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  gc?.();
  const heapMb = gc === undefined ? Number.NaN : (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  return { result, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, heapMb };
}

function figures(m: Figures): string {
  return `${m.wallMs.toFixed(0)} ms wall, ${m.cpuMs.toFixed(0)} ms CPU, ${Number.isNaN(m.heapMb) ? '?' : m.heapMb.toFixed(1)} MB retained`;
}

interface Built {
  build: Figures;
  search: Figures;
  summary: string;
}

/** Builds and searches one registry in a frame of its own, so that nothing it built outlives it. */
function buildOnce(seed: number): Built {
  const { result: registry, ...build } = measure(() => buildSandboxRegistry(seed));
  const search = measure(() => registry.search('KAVERI LOGISTICS').length);
  const { size } = registry;
  return { build, search, summary: `${size.entities} entities, ${size.gstins} GSTINs, ${size.persons} DINs` };
}

function dumpOf(seed: number): string {
  const u = generateUniverse(seed);
  return JSON.stringify({ entities: u.entities, gstins: u.gstins, persons: u.persons, appointments: u.appointments });
}

/** One run: a build, then the baseline for the same seed. Returns the build/parse CPU ratio. */
function run(index: number): number {
  const seed = DEFAULT_SANDBOX_SEED + index;
  const { build, search, summary } = buildOnce(seed);
  console.log(
    `run ${index + 1}${index === 0 ? ' (cold)' : ''}: build ${figures(build)}; first search ${search.wallMs.toFixed(0)} ms ` +
      `(+${Number.isNaN(search.heapMb) ? '?' : search.heapMb.toFixed(1)} MB index); ${summary}`,
  );
  const dump = dumpOf(seed);
  const { result: _parsed, ...parse } = measure(() => JSON.parse(dump) as unknown);
  const ratio = build.cpuMs / parse.cpuMs;
  console.log(
    `       baseline JSON.parse of its ${(dump.length / 1e6).toFixed(1)} MB dump: ${figures(parse)}; ` +
      `build/parse CPU ratio ${ratio.toFixed(2)}`,
  );
  return ratio;
}

const runs = Number(process.argv[2] ?? 3);
const ratios: number[] = [];
for (let index = 0; index < runs; index++) ratios.push(run(index));
const sorted = [...ratios].sort((a, b) => a - b);
console.log(
  `build/parse CPU ratio: cold ${ratios[0]?.toFixed(2)}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)}; ` +
    `rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
);
