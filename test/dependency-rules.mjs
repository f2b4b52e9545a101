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
  { name: 'store', paths: ['^src/store/'] },
  { name: 'requests', paths: ['^src/requests/'] },
  { name: 'simulator', paths: ['^src/sim/'] },
  { name: 'sources', paths: ['^src/sources/'] },
  {
    name: 'ground',
    paths: ['^src/domain/', '^src/errors[.]ts$', '^src/config[.]ts$', '^src/log-redaction[.]ts$', '^src/runtime/', '^src/console/'],
  },
];

/**
 * Arrows up that exist today and are being moved away (issue 30). Each is `from` → `to`; the
 * list only shrinks.
 */
const KNOWN_ARROWS_UP = [
  ['^src/store/job-retention[.]ts$', '^src/bulk/input-file[.]ts$'],
];

/**
 * What domain/ may import besides itself: computation only, no I/O. `node:net` for `isIP`
 * (address classification); cron-parser (a schedule's next times), csv-stringify's sync writer
 * (formula-safe cells) and zod compute and touch nothing outside.
 */
const DOMAIN_MAY_USE = ['^(node:)?net$', '^node_modules/(cron-parser|csv-stringify|zod)/'];

/**
 * One rule per layer: nothing above it. dependency-cruiser has no per-pair exception, so a
 * layer holding a known arrow up gets a rule for its other files and one per known arrow, which
 * allows that exact target and nothing else above.
 */
const layerRules = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(0, index).flatMap((l) => l.paths);
  if (above.length === 0) return [];
  const name = `no-arrow-up-from-${layer.name}`;
  const comment = `${layer.name} imports only its own layer and those below it`;
  const known = KNOWN_ARROWS_UP.filter(([from]) => layer.paths.some((p) => new RegExp(p).test(from.replace(/^\^/, '').replace(/\[[.]\]/g, '.'))));
  return [
    { name, comment, severity: 'error', from: { path: layer.paths, pathNot: known.map(([from]) => from) }, to: { path: above } },
    ...known.map(([from, to], i) => ({ name: `${name}-known-${i + 1}`, comment, severity: 'error', from: { path: from }, to: { path: above, pathNot: to } })),
  ];
});

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
