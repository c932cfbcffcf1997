/**
 * The layers (docs/architecture.md#layers), checked by `npm run check` and CI. Each rule names who may not import
 * whom; type-only imports count too, because a type of a row or a server module is the same coupling.
 * tests/unit/boundaries.test.ts plants one breach of each rule in a copy of the tree and sees this fail.
 */
const BROWSER = '^(pages|components|shared)/';

/** Packages that run in the browser and on the server alike: the only ones shared/ may import. */
const SHARED_PACKAGES = ['zod'];

module.exports = {
  forbidden: [
    {
      name: 'browser-no-node',
      comment: 'Pages, components and shared/ run in the browser: no Node built-in.',
      severity: 'error',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-no-server',
      comment: 'Browser code reaches the server through +data.ts services or the JSON API, never by import.',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: '^(server|db|scripts)/' },
    },
    {
      name: 'shared-only-shared',
      comment: 'shared/ runs on both sides: it imports its own files and browser-safe packages only.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: [`^shared/`, `(^|/)node_modules/(${SHARED_PACKAGES.join('|')})/`] },
    },
    {
      name: 'db-is-lowest',
      comment: 'db/ is the lowest layer: services call queries, never the other way.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(server|pages|components|scripts)/' },
    },
    {
      name: 'no-importing-scripts',
      comment: 'scripts/ are entry points for people and CI; the running site never depends on one.',
      severity: 'error',
      from: { path: '^(server|db|shared|pages|components)/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'migrations-only-from-runner',
      comment: 'A migration is frozen in time; live code may change, so only the runner (and its tests) load them.',
      severity: 'error',
      from: { pathNot: ['^db/migrations/', '^db/database[.]ts$'] },
      to: { path: '^db/migrations/' },
    },
    {
      name: 'migrations-are-frozen',
      comment: 'A migration copies what it needs (see db/migrations/2026-11-22-001-initial.ts), so later changes never rewrite history.',
      severity: 'error',
      from: { path: '^db/migrations/' },
      to: { pathNot: ['^db/migrations/', '(^|/)node_modules/'], dependencyTypes: ['local', 'npm', 'npm-dev', 'type-only', 'aliased'] },
    },
    {
      name: 'no-file-cycles',
      comment: 'A file never imports, directly or through others, a file that imports it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders inside server/ do not import each other in a loop: what two folders share moves down.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { path: '^server/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach into any layer to check it; the rules hold the code the site runs and the scripts.
    exclude: { path: ['^(node_modules|dist|[.]tools|data|coverage|screenshots|tests)/', '[.]test[.]tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
