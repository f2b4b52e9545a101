/**
 * The import rules `npm test` holds the code to (dependency-cruiser, `npm run depcheck`): no
 * cycles, type-only imports included; pure domain code; and no arrow that runs back up the
 * layers below. Type-only imports count everywhere: a type tie is still a tie a reader follows.
 *
 * The layers, top to bottom. A file may import its own layer and any layer below it, never one
 * above. A new room under src/ joins a layer here, or the check refuses it (unplaced-room).
 */
const LAYERS = [
  { name: 'entries', paths: ['^src/server[.]ts$', '^workers/', '^src/cli/'] },
  { name: 'app', paths: ['^src/app[.]ts$'] },
  { name: 'api', paths: ['^src/api/'] },
  { name: 'composition', paths: ['^src/deps[.]ts$', '^src/worker-pools[.]ts$'] },
  { name: 'metrics', paths: ['^src/metrics/'] },
  { name: 'webhooks', paths: ['^src/webhooks/'] },
  { name: 'portfolios', paths: ['^src/portfolios/'] },
  { name: 'bulk', paths: ['^src/bulk/'] },
  { name: 'queue', paths: ['^src/queue/'] },
  { name: 'orchestration', paths: ['^src/orchestration/'] },
  { name: 'runtime', paths: ['^src/runtime/'] },
  { name: 'store', paths: ['^src/store/'] },
  { name: 'requests', paths: ['^src/requests/'] },
  { name: 'simulator', paths: ['^src/sim/'] },
  { name: 'sources', paths: ['^src/sources/'] },
  {
    name: 'ground',
    paths: ['^src/domain/', '^src/errors[.]ts$', '^src/config[.]ts$', '^src/log(ger|-redaction)[.]ts$', '^src/console/'],
  },
];

/**
 * What domain/ may import besides itself: computation only, no I/O. `node:net` for `isIP`
 * (address classification); cron-parser (a schedule's next times), csv-stringify's sync writer
 * (formula-safe cells) and zod compute and touch nothing outside.
 */
const DOMAIN_MAY_USE = ['^(node:)?net$', '^node_modules/(cron-parser|csv-stringify|zod)/'];

/** One rule per layer: nothing above it. */
const layerRules = LAYERS.slice(1).map((layer, index) => ({
  name: `no-arrow-up-from-${layer.name}`,
  comment: `${layer.name} imports only its own layer and those below it`,
  severity: 'error',
  from: { path: layer.paths },
  to: { path: LAYERS.slice(0, index + 1).flatMap((l) => l.paths) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'files that import each other in a loop, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports nothing outside itself but pure computation (DOMAIN_MAY_USE)',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', ...DOMAIN_MAY_USE] },
    },
    {
      name: 'queue-and-store-never-import-api',
      severity: 'error',
      from: { path: ['^src/queue/', '^src/store/'] },
      to: { path: '^src/api/' },
    },
    {
      name: 'sources-never-import-store',
      severity: 'error',
      from: { path: '^src/sources/' },
      to: { path: '^src/store/' },
    },
    {
      name: 'nothing-imports-the-cli-or-the-console',
      comment: 'the CLI and the console are ends: only the CLI may share the console\'s formatting',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/cli/', '^src/console/'] },
      to: { path: ['^src/cli/', '^src/console/'] },
    },
    {
      name: 'unplaced-room',
      comment: 'every file of src/ and workers/ belongs to a layer (LAYERS in this file)',
      severity: 'error',
      from: { path: ['^src/', '^workers/'], pathNot: LAYERS.flatMap((l) => l.paths) },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    // Type-only imports are ties too: without this a type-only cycle would pass.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // As Node resolves them (package.json "exports" with the import condition), so an npm
    // package's subpath (csv-stringify/sync) is known for the package it is.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default', 'types'] },
    exclude: { path: '^(dist|test)/' },
  },
};
