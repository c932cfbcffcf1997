import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so tests never load the Vike plugin; pages are tested through the real build.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on two cores, while a file often waits on sockets,
    // disks and Chromium. Two at a time is measured in the README (the suite's time); npm test runs the browser
    // tests three at a time (scripts/test.ts), as they wait on pages more than they compute.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // Unit tests mock nothing and keep no global state, so the files share their workers' module cache
          // (npm run check's inner loop: a third less time than a fresh module graph per file).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/property-*.test.ts'],
          globalSetup: ['tests/helpers/ensure-build.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Generated payloads against the real endpoints: PROPERTY_RUNS per property (tests/helpers/property-payloads.ts).
        test: {
          name: 'property',
          include: ['tests/integration/property-*.test.ts'],
          globalSetup: ['tests/helpers/ensure-build.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Real faults with real processes: a database or Redis that goes silent, refuses or comes back.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/helpers/ensure-build.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file runs several server processes and times their recovery: one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // What a person waits for (an upload resized, a save) may take seconds on a busy machine; expect.poll's
          // own default of 1 s failed an upload once with two files at a time. Locators wait 30 s by themselves.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['tests/helpers/ensure-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
