/** Whose password check this is: where it waits for a hashing slot (hash-queue.ts). */
export type HashLane =
  /** A browser that signed in to the account before, a signed-in person re-entering their password, a new password. */
  | { trusted: true }
  /** Anyone else, by client address. */
  | { trusted: false; address: string };

export const TRUSTED_LANE: HashLane = { trusted: true };

/** The queue is full: the check is refused at once instead of waiting behind a flood. */
export class HashQueueFullError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashQueueFullError';
  }
}

export interface HashQueueLimits {
  /** scrypt runs at once (each takes one of libuv's four threads). */
  running: number;
  /** Checks of untrusted lanes waiting, all addresses together. */
  waiting: number;
  /** Checks of one address waiting. */
  waitingPerAddress: number;
}

export interface HashQueue {
  /** Runs `work` when a slot is free; throws HashQueueFullError when its lane may not wait any longer. */
  run<T>(lane: HashLane, work: () => Promise<T>): Promise<T>;
}

/**
 * The global budget for password hashing. A flood of guesses from many addresses must not starve real staff:
 * trusted checks go first; the others take turns one address at a time (a flood from one address waits behind
 * its own guesses, not before everyone else), and past `waiting` in all or `waitingPerAddress` for one address a
 * check is refused at once. Trusted checks are never refused: they are few, and made by people already known.
 */
export function createHashQueue(limits: HashQueueLimits): HashQueue {
  let running = 0;
  const trusted: Array<() => void> = [];
  /** Map order is turn order: an address served goes to the back if it still has checks waiting. */
  const byAddress = new Map<string, Array<() => void>>();
  let untrustedWaiting = 0;

  function wait(lane: HashLane): Promise<void> {
    return new Promise((resolve, reject) => {
      if (lane.trusted) return void trusted.push(resolve);
      const queue = byAddress.get(lane.address) ?? [];
      if (untrustedWaiting >= limits.waiting || queue.length >= limits.waitingPerAddress) return reject(new HashQueueFullError());
      queue.push(resolve);
      byAddress.set(lane.address, queue);
      untrustedWaiting += 1;
    });
  }

  function nextTurn(): (() => void) | undefined {
    const first = trusted.shift();
    if (first) return first;
    for (const [address, queue] of byAddress) {
      const turn = queue.shift()!;
      byAddress.delete(address);
      if (queue.length) byAddress.set(address, queue);
      untrustedWaiting -= 1;
      return turn;
    }
    return undefined;
  }

  return {
    async run(lane, work) {
      if (running < limits.running) running += 1;
      else await wait(lane);
      try {
        return await work();
      } finally {
        // Hand the slot straight to the next in turn, or free it.
        const next = nextTurn();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
