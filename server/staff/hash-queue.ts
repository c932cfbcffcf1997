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
  /** scrypt runs at once (each takes one of libuv's four threads, and a core). */
  running: number;
  /** Of those, untrusted checks: fewer than `running`, so a flood leaves a core to the event loop and known people. */
  untrustedRunning: number;
  /** Checks of untrusted lanes waiting, all addresses together. */
  waiting: number;
  /** Checks of one address waiting. */
  waitingPerAddress: number;
}

export interface HashQueue {
  /** Runs `work` when a slot is free; throws HashQueueFullError when its lane may not wait any longer. */
  run<T>(lane: HashLane, work: () => Promise<T>): Promise<T>;
  /** Whether a check of `lane` would be taken now: asked first, so a refused guess costs no database work either. */
  hasRoom(lane: HashLane): boolean;
}

/**
 * The global budget for password hashing. A flood of guesses from many addresses must not starve real staff:
 * trusted checks go first and may use every slot, untrusted ones fewer; waiting untrusted checks take turns one
 * address at a time (a flood from one address waits behind its own guesses, not before everyone else), and past
 * `waiting` in all or `waitingPerAddress` for one address a check is refused at once. Trusted checks are never
 * refused: they are few, and made by people already known.
 */
export function createHashQueue(limits: HashQueueLimits): HashQueue {
  let running = 0;
  let runningUntrusted = 0;
  const trusted: Array<() => void> = [];
  /** Map order is turn order: an address served goes to the back if it still has checks waiting. */
  const byAddress = new Map<string, Array<() => void>>();
  let untrustedWaiting = 0;

  const canStart = (lane: HashLane) => running < limits.running && (lane.trusted || runningUntrusted < limits.untrustedRunning);
  /** Nobody of the lane's kind is waiting ahead of it. */
  const noneAhead = (lane: HashLane) => (lane.trusted ? trusted.length === 0 : byAddress.size === 0);

  function start(lane: HashLane): void {
    running += 1;
    if (!lane.trusted) runningUntrusted += 1;
  }

  function hasRoom(lane: HashLane): boolean {
    if (lane.trusted || (canStart(lane) && noneAhead(lane))) return true;
    return untrustedWaiting < limits.waiting && (byAddress.get(lane.address)?.length ?? 0) < limits.waitingPerAddress;
  }

  function wait(lane: HashLane): Promise<void> {
    return new Promise((resolve, reject) => {
      if (lane.trusted) return void trusted.push(resolve);
      if (!hasRoom(lane)) return reject(new HashQueueFullError());
      const queue = byAddress.get(lane.address) ?? [];
      queue.push(resolve);
      byAddress.set(lane.address, queue);
      untrustedWaiting += 1;
    });
  }

  /** The next untrusted check in turn, taken off its address's queue. */
  function nextUntrusted(): (() => void) | undefined {
    for (const [address, queue] of byAddress) {
      const turn = queue.shift()!;
      byAddress.delete(address);
      if (queue.length) byAddress.set(address, queue);
      untrustedWaiting -= 1;
      return turn;
    }
    return undefined;
  }

  /** Starts waiting checks while slots are free: trusted first, then untrusted within their share. */
  function dispatch(): void {
    while (running < limits.running) {
      const first = trusted.shift();
      if (first) {
        start(TRUSTED_LANE);
        first();
        continue;
      }
      const turn = runningUntrusted < limits.untrustedRunning ? nextUntrusted() : undefined;
      if (!turn) return;
      start({ trusted: false, address: '' });
      turn();
    }
  }

  return {
    hasRoom,
    async run(lane, work) {
      // Started by dispatch() when its turn comes; a lane with nobody ahead and a free slot starts at once.
      if (canStart(lane) && noneAhead(lane)) start(lane);
      else await wait(lane);
      try {
        return await work();
      } finally {
        running -= 1;
        if (!lane.trusted) runningUntrusted -= 1;
        dispatch();
      }
    },
  };
}
