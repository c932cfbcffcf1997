/**
 * The project's own lint rules for its layers (docs/architecture.md). Written here rather than taken from an
 * import plugin because those resolve paths through native binaries the package registry does not carry for every
 * platform, which breaks `npm ci`. Every import here is relative with its extension, so resolving is a path join.
 *
 * - `layers/no-restricted-paths`: a file in a zone's `target` folders may not import from its `from` folders
 *   (except the `except` ones).
 * - `layers/no-cycle`: no file may import, directly or through others, a file that imports it back.
 * Type-only imports count too: a type import of a row or a server module is the same coupling.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const IMPORT_PATTERNS = [
  /(?:^|[\s;])(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The file a relative specifier names, or undefined for packages and missing files. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(fromFile), specifier);
  return statSync(target, { throwIfNoEntry: false })?.isFile() ? target : undefined;
}

const importsCache = new Map();
function importsOf(file) {
  let found = importsCache.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8');
    found = new Set();
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(file, match[1]);
        if (target) found.add(target);
      }
    }
    importsCache.set(file, found);
  }
  return found;
}

/** The chain of files from `start` back to `goal`, if the imports lead there. */
function pathBack(start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let at = file; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of importsOf(file)) {
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

function isInside(file, folder) {
  return file === folder || file.startsWith(folder + sep);
}

/** Calls `check(node, specifier)` for every import, re-export and dynamic import with a literal path. */
function importVisitor(check) {
  const withSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: withSource,
    ExportNamedDeclaration: withSource,
    ExportAllDeclaration: withSource,
    ImportExpression: withSource,
  };
}

const noRestrictedPaths = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { zones: { type: 'array' } } }] },
  create(context) {
    const root = context.cwd;
    const zones = (context.options[0]?.zones ?? []).map((zone) => ({
      target: [zone.target].flat().map((p) => resolve(root, p)),
      from: [zone.from].flat().map((p) => resolve(root, p)),
      except: (zone.except ?? []).map((p) => resolve(root, p)),
      message: zone.message,
    }));
    const file = context.filename;
    const applicable = zones.filter((zone) => zone.target.some((t) => isInside(file, t)));
    if (applicable.length === 0) return {};
    return importVisitor((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target) return;
      for (const zone of applicable) {
        const forbidden = zone.from.some((f) => isInside(target, f)) && !zone.except.some((e) => isInside(target, e));
        if (forbidden) context.report({ node, message: `${specifier}: ${zone.message}` });
      }
    });
  },
};

const noCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    return importVisitor((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || isInside(target, resolve(root, 'node_modules'))) return;
      const chain = pathBack(target, file);
      if (chain) {
        const names = [file, ...chain].map((f) => relative(root, f)).join(' → ');
        context.report({ node, message: `Import cycle: ${names}` });
      }
    });
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths, 'no-cycle': noCycle } };
