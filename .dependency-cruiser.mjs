// The dependency rules of src/ (docs/architecture.md, "Where things live"): no import cycles, and
// each folder imports only the folders below it. test/architecture.test.ts runs these in `npm test`;
// `npm run deps` prints the same report.

/** What each folder of src/ may import of ours, besides itself. */
export const LAYERS = {
  engine: [],
  // Spans on the OpenTelemetry API, and the SDK started when OTEL_* ask for it: below everything that traces.
  tracing: [],
  compliance: ['engine'],
  config: [],
  errors: [],
  // The dashboard's page shell and browser assets: nothing of the service's code.
  dashboard: [],
  jobs: ['engine', 'compliance'],
  store: ['engine', 'compliance'],
  files: ['engine'],
  pdf: ['errors'],
  detect: ['tracing', 'engine', 'errors'],
  checks: ['engine', 'store'],
  // Prometheus counters (prom-client), fed by api and workers.
  metrics: ['engine', 'store'],
  services: ['tracing', 'checks', 'detect', 'store', 'jobs', 'compliance', 'files', 'pdf', 'engine', 'errors'],
  workers: ['tracing', 'services', 'checks', 'detect', 'files', 'store', 'jobs', 'compliance', 'pdf', 'engine', 'config', 'errors', 'metrics'],
  api: ['tracing', 'services', 'metrics', 'checks', 'detect', 'store', 'jobs', 'compliance', 'files', 'pdf', 'engine', 'config', 'errors', 'dashboard'],
  // The command line sits on top, beside api and workers: the engine and extractors for local scans,
  // and the API's policy schema so a policy file is validated as the API validates a policy.
  cli: ['api', 'files', 'engine'],
  // First-run setup of a deployment (npm run bootstrap): organizations through the services.
  bootstrap: ['services', 'store', 'config', 'errors'],
};

/** `src/<name>/…` or `src/<name>.ts`. */
export const layerPath = (names) => `^src/(${names.join('|')})(/|\\.ts$)`;

const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => ({
  name: `${layer}-imports-only-below`,
  comment: `src/${layer} may import ${allowed.length ? allowed.join(', ') : 'nothing of ours'}`,
  severity: 'error',
  from: { path: layerPath([layer]) },
  to: { path: '^src/', pathNot: layerPath([layer, ...allowed]) },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle ties its modules into one: they cannot be understood, tested or moved apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'An import the cruiser cannot resolve would escape every other rule.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    ...layerRules,
    {
      name: 'engine-does-no-io',
      comment: 'The engine is pure functions over strings: of Node itself it uses crypto (hashes, HMAC) only.',
      severity: 'error',
      from: { path: layerPath(['engine']) },
      to: { dependencyTypes: ['core'], pathNot: '^(node:)?crypto$' },
    },
    {
      name: 'service-does-not-import-sdk',
      comment: 'The SDK (packages/sdk) is a client of the service; it builds on its own and the service never depends on it',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^packages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    // Type-only imports are arrows too (they tie a layer to another's shapes).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
