/**
 * Every path written in the docs and in code comments names something in this repository: a file, a folder, a
 * decision record, or a section of docs/product.md. A rename that leaves a comment pointing nowhere, or a
 * reference to a document outside the repository, fails `npm run check` here.
 *
 * Usage: node scripts/check-references.ts [root]   (exit 1 listing each dead reference as file:line)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');

const TOP_FOLDERS = ['server', 'db', 'shared', 'pages', 'components', 'scripts', 'tests', 'docs', 'deploy', 'public', '.ci'];
const TOP_FILES = [
  'README.md',
  'Dockerfile',
  'docker-compose.yml',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
  '.dependency-cruiser.cjs',
];
/** Documents that once lived beside the repository; the product's own account is docs/product.md. */
const OUTSIDE = /\b(SPEC|DESIGN|CONVENTIONS)\.md\b/g;

const PATH = new RegExp(
  String.raw`(?<![\w@./-])((?:\.{1,2}/)*(?:${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\w@+()\[\].,*/-]*[\w/*\])])(#[\w-]+)?`,
  'g',
);
const FILE = new RegExp(String.raw`(?<![\w@./-])(${TOP_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})(#[\w-]+)?(?![\w.-])`, 'g');
const MARKDOWN_LINK = /\]\((?!https?:|mailto:|#)([^)\s]+?)(#[\w-]+)?\)/g;

/** The text that is prose: all of a markdown file; the comments of code. */
function proseLines(file: string, text: string): Array<[number, string]> {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines.map((line, i) => [i + 1, line]);
  const out: Array<[number, string]> = [];
  let inBlock = false;
  const hashComments = /(\.sh|Dockerfile|\.ya?ml|\/run)$/.test(file);
  lines.forEach((line, i) => {
    if (hashComments) {
      const at = line.search(/(^|\s)#/);
      if (at >= 0) out.push([i + 1, line.slice(at)]);
      return;
    }
    let rest = line;
    if (inBlock) {
      const end = rest.indexOf('*/');
      out.push([i + 1, end >= 0 ? rest.slice(0, end) : rest]);
      if (end < 0) return;
      inBlock = false;
      rest = rest.slice(end + 2);
    }
    // A comment marker right after a quote is text in a string (a test's fixture), not a comment.
    const start = rest.search(/(^|[^'"`\\])\/\*/);
    const lineComment = rest.search(/(^|[^:'"`\\])\/\//);
    if (lineComment >= 0 && (start < 0 || lineComment < start)) out.push([i + 1, rest.slice(lineComment)]);
    else if (start >= 0) {
      const end = rest.indexOf('*/', start + 2);
      out.push([i + 1, rest.slice(start, end >= 0 ? end : undefined)]);
      if (end < 0) inBlock = true;
    }
  });
  return out;
}

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let anchors = anchorsCache.get(path);
  if (!anchors) {
    const text = readFileSync(path, 'utf8');
    anchors = new Set([...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((m) => m[1]!));
    for (const heading of text.matchAll(/^#+\s+(.+)$/gm)) {
      anchors.add(
        heading[1]!
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s/g, '-'),
      );
    }
    anchorsCache.set(path, anchors);
  }
  return anchors;
}

/** Whether `target` (repository-relative, maybe with a #section) names something that exists. */
function exists(target: string, section: string | undefined): boolean {
  const path = join(root, target.replace(/[.,)\]]+$/, ''));
  let found = existsSync(path);
  // "docs/decisions/002" and "docs/decisions/002-database-dialects" name a decision record by its number.
  if (!found && /docs\/decisions\/\d{3}/.test(target)) {
    const number = /docs\/decisions\/(\d{3})/.exec(target)![1]!;
    found = readdirSync(join(root, 'docs/decisions')).some((f) => f.startsWith(`${number}-`));
  }
  // "server/http/pages" or a glob-like "tests/integration/property-*" name a module or a family of files.
  if (!found && !path.includes('*')) found = ['.ts', '.tsx', '.js', '.md'].some((ext) => existsSync(path + ext));
  if (!found && path.includes('*')) {
    // A glob names a family of files: its folder must exist and, when the glob is in the file name, match one.
    const folder = dirname(path.slice(0, path.indexOf('*')) + 'x');
    const name = relative(folder, path);
    const pattern = new RegExp(
      `^${name
        .split('*')
        .map((part) => part.replace(/[.+()[\]]/g, '\\$&'))
        .join('.*')}$`,
    );
    found = existsSync(folder) && (name.includes('/') || readdirSync(folder).some((f) => pattern.test(f)));
  }
  if (found && section && path.endsWith('.md')) return anchorsOf(path).has(section.slice(1));
  return found;
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)) && /\.(md|ts|tsx|js|cjs|mjs|sh|ya?ml)$|(^|\/)(Dockerfile|run)$/.test(f));

const dead = new Set<string>();
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const [line, written] of proseLines(file, text)) {
    const where = `${file}:${line}`;
    const report = (reference: string) => dead.add(`${where}: ${reference.replace(/[.,)\]]+$/, '')}`);
    for (const m of written.matchAll(OUTSIDE)) dead.add(`${where}: ${m[0]} is not in this repository (see docs/product.md)`);
    // A markdown link's text and target are two references, not one path running into the next.
    const prose = written.replaceAll('](', '] (');
    for (const m of prose.matchAll(PATH)) {
      const target = /^\.{1,2}\//.test(m[1]!) ? relative(root, resolve(root, dirname(file), m[1]!)) : m[1]!;
      if (!exists(target, m[2])) report(m[0]);
    }
    for (const m of prose.matchAll(FILE)) if (!exists(m[1]!, m[2])) report(m[0]);
    if (file.endsWith('.md')) {
      for (const m of written.matchAll(MARKDOWN_LINK)) {
        const target = relative(root, resolve(root, dirname(file), m[1]!));
        if (!exists(target, m[2])) report(`${target}${m[2] ?? ''}`);
      }
    }
  }
}

if (dead.size > 0) {
  console.error(`${dead.size} reference(s) to nothing in this repository:\n${[...dead].join('\n')}`);
  process.exit(1);
}
console.log(`references: ${files.length} files, every path they name exists`);
