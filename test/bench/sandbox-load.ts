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
 * also given relative to a baseline measured in the same run: JSON.parse of a JSON snapshot of
 * the same registry's answers (pan.verify for every PAN, gst.verify for every GSTIN and mca.din
 * for every DIN, at a fixed date), which is what a registry shipped as data instead of generated
 * from the seed would have to load at the least. The snapshot is made through the public
 * lookups, so it is the same bytes whatever the registry's internals: the ratio (build CPU /
 * parse CPU) compares across versions of the generator as well as across machines and busy or
 * idle runs. Below 1, generating beats loading the data.
 *
 * Heap figures are measured in a function of their own per run: a registry still referenced
 * from the caller's frame (as in a loop variable) would count against the next run instead.
 */
import { buildSandboxRegistry, DEFAULT_SANDBOX_SEED, type SandboxRegistry } from '../../src/sources/sandbox/registry.js';

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

function megabytes(mb: number): string {
  return Number.isNaN(mb) ? '?' : mb.toFixed(1);
}

function figures(m: Figures): string {
  return `${m.wallMs.toFixed(0)} ms wall, ${m.cpuMs.toFixed(0)} ms CPU, ${megabytes(m.heapMb)} MB retained`;
}

/** The date the snapshot's answers are computed at (time-relative facts depend on it). */
const SNAPSHOT_AT = new Date('2026-11-21T06:30:00Z');

/** The baseline's data: answers through the public lookups, so the same bytes for any generator version. */
function snapshotOf(registry: SandboxRegistry): string {
  return JSON.stringify({
    pans: registry.identifiers('pan').map((pan) => registry.panVerify(pan)),
    gstins: registry.identifiers('gstin').map((gstin) => registry.gstVerify(gstin, SNAPSHOT_AT)),
    dins: registry.identifiers('din').map((din) => registry.din(din, SNAPSHOT_AT)),
  });
}

interface Built {
  build: Figures;
  search: Figures;
  summary: string;
  snapshot: string;
}

/** Builds and searches one registry in a frame of its own, so that nothing it built outlives it. */
function buildOnce(seed: number): Built {
  const { result: registry, ...build } = measure(() => buildSandboxRegistry(seed));
  const search = measure(() => registry.search('KAVERI LOGISTICS').length);
  const { size } = registry;
  const summary = `${size.entities} entities, ${size.gstins} GSTINs, ${size.persons} DINs`;
  return { build, search, summary, snapshot: snapshotOf(registry) };
}

/** One run: a build, then the baseline for the same seed. Returns the build/parse CPU ratio. */
function run(index: number): number {
  const { build, search, summary, snapshot } = buildOnce(DEFAULT_SANDBOX_SEED + index);
  console.log(
    `run ${index + 1}${index === 0 ? ' (cold)' : ''}: build ${figures(build)}; first search ${search.wallMs.toFixed(0)} ms ` +
      `(index ${megabytes(search.heapMb)} MB); ${summary}`,
  );
  const { result: _parsed, ...parse } = measure(() => JSON.parse(snapshot) as unknown);
  const ratio = build.cpuMs / parse.cpuMs;
  console.log(
    `       baseline JSON.parse of its ${(snapshot.length / 1e6).toFixed(1)} MB snapshot: ${figures(parse)}; ` +
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
