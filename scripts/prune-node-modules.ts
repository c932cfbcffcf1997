/**
 * `node scripts/prune-node-modules.ts LIST DIR`: deletes from the node_modules folder DIR every package that is not
 * named in LIST (the JSON array scripts/bundle-server.ts writes), and the `.bin` links. The Docker image runs this
 * on its production install: Vike depends on Vite, esbuild, Babel and Rolldown for building, which the running
 * site never loads.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const [listFile, dir] = process.argv.slice(2);
if (!listFile || !dir) {
  console.error('Usage: node scripts/prune-node-modules.ts LIST DIR');
  process.exit(1);
}
const keep = new Set(JSON.parse(readFileSync(listFile, 'utf8')) as string[]);
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
console.log(`kept ${keep.size} packages, removed ${removed}`);
