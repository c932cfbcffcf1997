import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The layers of docs/architecture.md are held by lint (eslint.config.js, eslint/layers-plugin.js). Each case lints
 * one import written into a file of a layer, with the project's own configuration, and reads which layer rule
 * answered: a rule that stopped firing, or fired on an allowed import, fails here rather than going unseen.
 */
const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith('layers/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers lint holds', () => {
  it.each([
    ['pages never import server/', 'pages/probe.tsx', "import type { Config } from '../server/config.ts';"],
    ['components never import db/', 'components/probe.tsx', "import type { Db } from '../db/database.ts';"],
    ['shared/ never imports server/', 'shared/probe.ts', "import type { Config } from '../server/config.ts';"],
    ['shared/ imports nothing outside shared/, tooling included', 'shared/probe.ts', "import layers from '../eslint/layers-plugin.js';"],
    ['db/ never imports server/', 'db/probe.ts', "import type { Config } from '../server/config.ts';"],
    ['a migration imports nothing of ours', 'db/migrations/probe.ts', "import { readTimeMinutes } from '../../shared/read-time.ts';"],
  ])('%s', async (_rule, file, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^layers\/no-restricted-paths: /);
  });

  it('an import that closes a cycle is refused, naming the chain', async () => {
    // shared/messages.ts imports shared/numbers.ts, so numbers importing messages would close a cycle.
    const errors = await layerErrors('shared/numbers.ts', "import { MESSAGES } from './messages.ts';");
    expect(errors).toEqual(['layers/no-cycle: Import cycle: shared/numbers.ts → shared/messages.ts → shared/numbers.ts']);
  });

  it.each([
    ['shared/ imports shared/', 'shared/probe.ts', "import { formatWholeNumber } from './numbers.ts';"],
    ['a service imports its queries', 'server/probe.ts', "import type { Db } from '../db/database.ts';"],
    ['a page imports shared/ and components/', 'pages/probe.tsx', "import { MESSAGES } from '../shared/messages.ts';\nimport { requestJson } from '../components/request.ts';"],
  ])('allowed: %s', async (_rule, file, code) => {
    await expect(layerErrors(file, code)).resolves.toEqual([]);
  });
});
