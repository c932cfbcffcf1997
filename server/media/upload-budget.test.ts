import { describe, expect, it } from 'vitest';
import { AppError } from '../core/errors.ts';
import { UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MINUTES, createDecodeQueue, createUploadRate } from './upload-budget.ts';

/** A promise the test settles by hand. */
function gate() {
  let open = () => {};
  let fail = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = () => reject(new Error('decode failed'));
  });
  return { promise, open, fail };
}

/** What `act` threw, or undefined. */
function thrown(act: () => unknown): AppError | undefined {
  try {
    act();
  } catch (err) {
    return err as AppError;
  }
  return undefined;
}

describe('the decode queue', () => {
  it('runs one at a time in arrival order, refuses past its length, and moves on when a decode fails', async () => {
    const queue = createDecodeQueue(2);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(() => {
        started.push(i);
        return g.promise;
      }),
    );
    await expect(queue.run(async () => 'fourth')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      headers: { 'Retry-After': '5' },
    });

    await Promise.resolve();
    expect(started).toEqual([0]);
    gates[0]!.fail();
    await expect(runs[0]).rejects.toThrow('decode failed');
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    gates[2]!.open();
    await Promise.all(runs.slice(1));
    expect(started).toEqual([0, 1, 2]);
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });
});

describe('uploads per person', () => {
  it('refuses the one past the limit until the oldest leaves the window; each person counts apart', () => {
    let now = 0;
    const rate = createUploadRate(() => now);
    const windowMs = UPLOAD_WINDOW_MINUTES * 60_000;
    for (let i = 0; i < UPLOADS_PER_WINDOW; i += 1) {
      now = i * 1000;
      rate.take('ann');
    }
    now = 60_000;
    const refused = thrown(() => rate.take('ann'));
    expect(refused).toMatchObject({ code: 'RESOURCE_EXHAUSTED', status: 429 });
    // The first upload (at 0) leaves the window at windowMs.
    expect(refused?.headers['Retry-After']).toBe(String((windowMs - 60_000) / 1000));
    expect(thrown(() => rate.take('bob'))).toBeUndefined();

    now = windowMs - 1;
    expect(thrown(() => rate.take('ann'))).toBeInstanceOf(AppError);
    now = windowMs;
    expect(thrown(() => rate.take('ann'))).toBeUndefined();
    // That one took the place of the upload at 0; the next waits for the one at 1 s.
    expect(thrown(() => rate.take('ann'))?.headers['Retry-After']).toBe('1');
  });
});
