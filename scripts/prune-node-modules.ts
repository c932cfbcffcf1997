/**
 * `node scripts/prune-node-modules.ts LIST DIR`: deletes from the node_modules folder DIR every package that is not
 * named in LIST (the JSON array scripts/bundle-server.ts writes), and the `.bin` links. The Docker image runs this
 * on its production install: Vike depends on Vite, esbuild, Babel and Rolldown for building, which the running
 * site never loads. An entry that names a file inside a package (`pkg/dir/file`) keeps that package with only the
 * files so named, its package.json and its licence.
 *
 * Then, from the packages kept, what Node never loads: type declarations, TypeScript sources (Node does not strip
 * types under node_modules), source maps and Markdown (licences stay), and better-sqlite3's C sources and its
 * prebuilt binaries for other platforms. Measured on the image: 111 MB of packages became 63 MB
 * (docs/decisions/020-cache-hit-path.md).
 */
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const [listFile, dir] = process.argv.slice(2);
if (!listFile || !dir) {
  console.error('Usage: node scripts/prune-node-modules.ts LIST DIR');
  process.exit(1);
}
/** `@scope/name/a/b` → [`@scope/name`, `a/b`]; `name/a` → [`name`, `a`]; a bare package name has no file. */
function splitEntry(entry: string): [string, string | undefined] {
  const parts = entry.split('/');
  const size = entry.startsWith('@') ? 2 : 1;
  return [parts.slice(0, size).join('/'), parts.length > size ? parts.slice(size).join('/') : undefined];
}

const keep = new Set<string>();
const onlyFiles = new Map<string, Set<string>>();
for (const entry of JSON.parse(readFileSync(listFile, 'utf8')) as string[]) {
  const [name, file] = splitEntry(entry);
  keep.add(name);
  if (file) onlyFiles.set(name, (onlyFiles.get(name) ?? new Set(['package.json', 'LICENSE'])).add(file));
}
let removed = 0;
for (const entry of readdirSync(dir)) {
  const names = entry.startsWith('@') ? readdirSync(join(dir, entry)).map((name) => `${entry}/${name}`) : [entry];
  for (const name of names) {
    if (keep.has(name) || name === '.package-lock.json') continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed += 1;
  }
  if (entry.startsWith('@') && readdirSync(join(dir, entry)).length === 0) rmSync(join(dir, entry), { recursive: true });
}
let trimmed = 0;
for (const [name, files] of onlyFiles) {
  const root = join(dir, name);
  for (const file of readdirSync(root, { recursive: true }) as string[]) {
    const path = join(root, file);
    if (!files.has(file) && statSync(path).isFile()) {
      rmSync(path);
      trimmed += 1;
    }
  }
}
/** Files no running package reads; licences are kept whatever their extension. */
const NOT_RUN = /\.(?:d\.[cm]?ts|[cm]?ts|tsx|map|md|markdown|tsbuildinfo|flow)$/i;
const LICENCE = /^licen[cs]e/i;
/**
 * better-sqlite3 ships SQLite's C sources (to build when no prebuilt binary fits) and a binary for each of eight
 * platforms; it loads `prebuilds/<platform>-<arch>.node` (`linuxmusl-…` on musl). The build stage runs on the image's
 * own base, so the binary it would load is the one kept.
 */
function prebuildFor(): string {
  const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime;
  const platform = process.platform === 'linux' && !glibc ? 'linuxmusl' : process.platform;
  return `${platform}-${process.arch}.node`;
}
let stripped = 0;
const sqlite = join(dir, 'better-sqlite3');
if (keep.has('better-sqlite3')) {
  for (const unused of ['deps', 'src', 'binding.gyp']) rmSync(join(sqlite, unused), { recursive: true, force: true });
  const own = prebuildFor();
  for (const binary of readdirSync(join(sqlite, 'prebuilds'))) {
    if (binary !== own) rmSync(join(sqlite, 'prebuilds', binary));
  }
}
for (const file of readdirSync(dir, { recursive: true }) as string[]) {
  if (!NOT_RUN.test(file) || LICENCE.test(basename(file))) continue;
  const path = join(dir, file);
  if (statSync(path).isFile()) {
    rmSync(path);
    stripped += 1;
  }
}
console.log(
  `kept ${keep.size} packages, removed ${removed}, ${trimmed} files their list does not name, and ${stripped} files Node never loads`,
);
