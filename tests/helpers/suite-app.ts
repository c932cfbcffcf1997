import { beforeAll } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * Registers a suite's set-up: `open` runs before its tests, and the app it opened is closed once they and the
 * suite's afterAll hooks are done. The object returned is filled in by that hook, so tests and later hooks read it
 * (the describe body runs before any hook and must not).
 */
export function useTestApp<T extends TestApp>(open: () => Promise<T>): T {
  const suite = {} as T;
  beforeAll(async () => {
    Object.assign(suite, await open());
    // A teardown returned from beforeAll runs after every afterAll of the suite, and only if the app was opened.
    return () => suite.close();
  });
  return suite;
}
