import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const script = new URL('../../scripts/check-node.js', import.meta.url).pathname;

/** Runs scripts/check-node.js as if on Node `version`: the versions are replaced before the script loads. */
function checkAs(version: string) {
  const pretend = `Object.defineProperty(process.versions,"node",{value:"${version}"});Object.defineProperty(process,"version",{value:"v${version}"})`;
  return spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, script], { encoding: 'utf8' });
}

describe('npm start on an older Node', () => {
  it.each(['20.20.2', '22.12.0', '22.17.1', '23.5.0'])(
    'a newcomer on Node %s is told the version needed and how to get it, in one line',
    (version) => {
      const run = checkAs(version);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Node.js 22.18 or newer');
      expect(lines[0]).toContain(`v${version}`);
      expect(lines[0]).toContain('source scripts/use-node24.sh');
    },
  );

  it.each(['22.18.0', '23.6.0', '24.0.0', '25.1.0'])('Node %s (type stripping on by default) passes silently', (version) => {
    const run = checkAs(version);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
