import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * scripts/check-references.ts (run by `npm run check`) on a small repository with known good and dead references:
 * it must name exactly the dead ones, in docs and in code comments, and leave strings in code alone.
 */
const SCRIPT = resolve(import.meta.dirname, '../../scripts/check-references.ts');

const FILES: Record<string, string> = {
  'docs/product.md': '<a id="quote"></a>\n## Quote\n',
  'docs/decisions/002-database-dialects.md': '# 002\n',
  'server/core/errors.ts': [
    '// Good: docs/product.md#quote, decision docs/decisions/002, server/core/errors.ts.',
    '/* Dead: server/routes/gone.ts and docs/product.md#nowhere */',
    "const probe = 'server/not-a-comment.ts'; " + '// dead in a comment: pages/+Gone.tsx',
    'export {};',
  ].join('\n'),
  'README.md': 'See [the spec](docs/product.md#quote), [a gone page](docs/gone.md) and DESIGN.md.\n',
};

describe('the dead-reference check', () => {
  const root = mkdtempSync(join(tmpdir(), 'references-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names every path that leads nowhere, and only those', () => {
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: root });
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    const dead = run.stderr.trim().split('\n').slice(1).sort();
    expect(dead).toEqual([
      'README.md:1: DESIGN.md is not in this repository (see docs/product.md)',
      'README.md:1: docs/gone.md',
      'server/core/errors.ts:2: docs/product.md#nowhere',
      'server/core/errors.ts:2: server/routes/gone.ts',
      'server/core/errors.ts:3: pages/+Gone.tsx',
    ]);
  });
});
