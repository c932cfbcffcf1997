import { describe, expect, it } from 'vitest';
import { imageCommand, serveCommand } from '../helpers/serve-command.ts';

// The memory budget (docs/decisions/020-cache-hit-path.md) is judged on the image (scripts/container-test.sh) and
// reported for `npm run serve`'s command (tests/bench/memory-flags.ts): both must start the same process, with the
// same heap limits and allocator settings.
describe('the production server is started the same way with and without Docker', () => {
  it('the same bundle, V8 flags and allocator settings in `npm run serve` and the Dockerfile', () => {
    const serve = serveCommand();
    expect(serve.args.at(-1)).toBe('dist/server.mjs');
    expect(serve.args).toContain('--max-old-space-size=128');
    expect(serve.args.some((arg) => arg.startsWith('--max-semi-space-size='))).toBe(true);
    // Memory is kept by V8's own limits, never by collections run by hand (docs/decisions/020-cache-hit-path.md).
    expect(serve.args).not.toContain('--expose-gc');
    const allocator = Object.keys(serve.env).filter((name) => name.startsWith('MALLOC_'));
    expect(allocator.sort()).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);
    const image = imageCommand(allocator);
    expect(image.args).toEqual(serve.args);
    expect(image.env).toEqual(Object.fromEntries(allocator.map((name) => [name, serve.env[name]])));
  });
});
