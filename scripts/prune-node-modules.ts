/**
 * `node scripts/prune-node-modules.ts LIST DIR`: deletes from the node_modules folder DIR every package that is not
 * named in LIST (the JSON array scripts/bundle-server.ts writes), and the `.bin` links. The Docker image runs this
 * on its production install: Vike depends on Vite, esbuild, Babel and Rolldown for building, which the running
 * site never loads. An entry that names a file inside a package (`pkg/dir/file`) keeps that package with only the
 * files so named, its package.json and its licence.
 */
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
console.log(`kept ${keep.size} packages, removed ${removed}, and ${trimmed} files their list does not name`);
