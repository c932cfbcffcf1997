/**
 * `npm run build:server`: the production server and the operator's commands as plain JavaScript bundles beside the
 * Vike build (`dist/*.mjs`), so the Docker image runs no TypeScript and carries no sources, and the list of npm
 * packages those bundles and the Vike build can load (`dist/runtime-packages.json`), so the image keeps only
 * those (scripts/prune-node-modules.ts). Run after `vite build`.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { CARD_FONT } from '../shared/sharing-card.ts';

/** Output name → source. The bundles sit in dist/, one level below the project, as the sources sit in server/. */
const ENTRIES = {
  server: 'server/index.ts',
  'checkpoint-worker': 'db/sqlite/checkpoint-worker.ts',
  'snapshot-worker': 'server/backup/snapshot-worker.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
  'offsite-backup': 'scripts/offsite-backup.ts',
  'admin-create': 'scripts/admin-create.ts',
  import: 'scripts/import.ts',
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
  // Only development serving loads Vite (server/http/render.ts); pg's native binding is optional and not installed.
  external: ['vite', 'pg-native'],
};

await build({
  ...common,
  entryPoints: ENTRIES,
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // npm packages stay in node_modules: the Vike build imports the same React and Vike, and a package loaded
  // twice would be two different modules.
  packages: 'external',
});

// Which packages can be loaded at run time: everything reachable from the bundles and from Vike's server build,
// found by bundling them once more, packages included, without writing anything.
const vikeServer = readdirSync('dist/server', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => join('dist/server', file));
const reach = await build({
  ...common,
  entryPoints: [...Object.values(ENTRIES), ...vikeServer],
  outdir: 'dist/.reach',
  write: false,
  metafile: true,
  // Native addons are loaded by better-sqlite3 at run time.
  loader: { '.node': 'empty' },
});
const packages = new Set<string>();
for (const input of Object.keys(reach.metafile!.inputs)) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) packages.add(match[1]!);
}
// better-sqlite3 finds its compiled addon through `bindings` at run time.
for (const name of Object.keys(
  (JSON.parse(readFileSync('node_modules/better-sqlite3/package.json', 'utf8')) as { dependencies: object }).dependencies,
)) {
  packages.add(name);
}
// The sharing cards' font is read from its package by path (server/sharing/draw-card.ts), which no import shows;
// naming the file keeps only it of the package's faces and formats (scripts/prune-node-modules.ts).
packages.add(CARD_FONT.file);
// sharp loads its platform's prebuilt binary and libvips by names computed at run time: keep those installed.
for (const name of readdirSync('node_modules/@img')) packages.add(`@img/${name}`);
writeFileSync('dist/runtime-packages.json', `${JSON.stringify([...packages].sort(), null, 2)}\n`);
console.log(`bundled ${Object.keys(ENTRIES).length} entries into dist/; ${packages.size} npm packages are loaded at run time`);
