import { describe, expect, it } from 'vitest';
import { type HashLane, HashQueueFullError, TRUSTED_LANE, createHashQueue } from './hash-queue.ts';

/** Work that finishes when the test says so, recording the order it started in. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => (started.push(name), done), finish };
}

const from = (address: string): HashLane => ({ trusted: false, address });

describe('the password hashing queue', () => {
  it('serves trusted checks first, then one address at a time, and refuses past its bounds at once', async () => {
    const queue = createHashQueue({ running: 1, untrustedRunning: 1, waiting: 4, waitingPerAddress: 2 });
    const started: string[] = [];
    const busy = gate(started, 'running');
    const first = queue.run(from('1.1.1.1'), busy.work);
    // The flood's address queues two, two other addresses one each, then someone trusted arrives last.
    const [a1, a2, b1, c1, trusted] = ['a1', 'a2', 'b1', 'c1', 'trusted'].map((name) => gate(started, name));
    const runs = [
      queue.run(from('1.1.1.1'), a1!.work),
      queue.run(from('1.1.1.1'), a2!.work),
      queue.run(from('2.2.2.2'), b1!.work),
      queue.run(from('3.3.3.3'), c1!.work),
      queue.run(TRUSTED_LANE, trusted!.work),
    ];
    // A third from the flood's address, and a fifth waiting in all, are refused without waiting.
    await expect(queue.run(from('1.1.1.1'), async () => 'never')).rejects.toBeInstanceOf(HashQueueFullError);
    await expect(queue.run(from('4.4.4.4'), async () => 'never')).rejects.toBeInstanceOf(HashQueueFullError);

    busy.finish();
    await first;
    for (const g of [trusted, a1, b1, c1, a2]) {
      await new Promise((resolve) => setImmediate(resolve));
      g!.finish();
    }
    await Promise.all(runs);
    // Trusted first; then the addresses in turn (1.1.1.1, 2.2.2.2, 3.3.3.3, back to 1.1.1.1).
    expect(started).toEqual(['running', 'trusted', 'a1', 'b1', 'c1', 'a2']);
  });

  it('untrusted checks keep to their share of the slots, leaving the rest to trusted ones', async () => {
    const queue = createHashQueue({ running: 2, untrustedRunning: 1, waiting: 4, waitingPerAddress: 2 });
    const started: string[] = [];
    const [a1, b1, trusted] = ['a1', 'b1', 'trusted'].map((name) => gate(started, name));
    const runs = [queue.run(from('1.1.1.1'), a1!.work), queue.run(from('2.2.2.2'), b1!.work)];
    await new Promise((resolve) => setImmediate(resolve));
    // One slot is free, but not for untrusted checks: b1 waits, and a trusted check takes the slot at once.
    expect(started).toEqual(['a1']);
    expect(queue.hasRoom(TRUSTED_LANE)).toBe(true);
    runs.push(queue.run(TRUSTED_LANE, trusted!.work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'trusted']);
    a1!.finish();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'trusted', 'b1']);
    trusted!.finish();
    b1!.finish();
    await Promise.all(runs);
  });

  it('trusted checks are never refused, however many wait', async () => {
    const queue = createHashQueue({ running: 1, untrustedRunning: 1, waiting: 0, waitingPerAddress: 0 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => queue.run(TRUSTED_LANE, async () => i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
