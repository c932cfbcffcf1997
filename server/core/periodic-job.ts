import type { Logger } from './logger.ts';

export interface PeriodicJob {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at once and then every `intervalMs`, never two runs at a time. A failed run is logged as `failure`
 * and the next one tries again. Each instance may run its own: the jobs that use this are idempotent.
 */
export function startPeriodicJob(
  work: () => Promise<unknown>,
  options: { intervalMs: number; logger: Logger; failure: string },
): PeriodicJob {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= work()
      .catch((err: unknown) => options.logger.warn({ err }, options.failure))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
