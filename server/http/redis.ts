import type * as Redis from 'redis';
import type { Logger } from '../core/logger.ts';

/** After a failed command, requests leave Redis alone this long before one tries it again. */
const RETRY_AFTER_FAILURE_MS = 2000;
/** Reconnection back-off: 100 ms, 200 ms, 400 ms … at most 5 s, with jitter so instances do not knock together. */
const RECONNECT_MS = { min: 100, max: 5000 };

export interface RedisLink {
  /** Connected and answering; false while Redis is away, when callers fall back to this instance's memory. */
  readonly isAvailable: boolean;
  /** Sends one command with the short timeout; a failure marks Redis away (logged once) and is rethrown. */
  command(args: string[]): Promise<unknown>;
  close(): void;
}

/**
 * A Redis connection the site never waits on for long: start-up does not wait for it (the site starts in degraded
 * mode when Redis is down), every command gives up after `timeoutMs`, commands fail at once while disconnected,
 * and a lost connection is re-opened with back-off for as long as the site runs. A command that times out means
 * the connection went silent (a dead peer, a network that drops packets), so the client is replaced by a new
 * one; an idle connection is pinged every `timeoutMs` and dropped after three silent periods. The change to degraded mode and back is logged once
 * each way.
 */
function createSiteClient(redis: RedisModule, url: string, timeoutMs: number) {
  return redis.createClient({
    url,
    disableOfflineQueue: true,
    pingInterval: timeoutMs,
    commandOptions: { timeout: timeoutMs },
    socket: {
      connectTimeout: timeoutMs,
      // A connection that answers nothing while being set up is dropped and tried again.
      socketTimeout: timeoutMs * 3,
      reconnectStrategy: (retries: number) =>
        Math.min(RECONNECT_MS.min * 2 ** Math.min(retries, 10), RECONNECT_MS.max) + Math.floor(Math.random() * 100),
    },
  });
}

/** The client library, loaded only where Redis is configured: a site on one process never holds it in memory. */
type RedisModule = typeof Redis;
type Client = ReturnType<typeof createSiteClient>;

export async function connectRedis(url: string, options: { timeoutMs: number; logger: Logger }): Promise<RedisLink> {
  const { timeoutMs, logger } = options;
  const redis = await import('redis');
  const { TimeoutError } = redis;
  let degraded = false;
  let retryAt = 0;
  let closed = false;
  /** The client that last answered a command; a client counts as connected only once it has. */
  let answered: Client | undefined;

  function failed(on: Client, err: unknown): void {
    // A client already replaced has nothing more to say.
    if (on !== client) return;
    answered = undefined;
    retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    if (!degraded) {
      degraded = true;
      logger.warn({ err }, 'Redis unavailable: rate limits now count per instance, in memory, until it is back');
    }
    if (err instanceof TimeoutError && !closed) {
      client.destroy();
      client = open();
    }
  }
  function succeeded(on: Client): void {
    if (on !== client) return;
    answered = on;
    retryAt = 0;
    if (!degraded) return;
    degraded = false;
    logger.info('Redis reachable again: rate limits count across instances');
  }

  async function send(on: Client, args: string[]): Promise<unknown> {
    // The client's own timeout covers only the wait to be written, not the wait for the answer.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const reply = await Promise.race([on.sendCommand(args), timeout]);
      succeeded(on);
      return reply;
    } catch (err) {
      failed(on, err);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  function open(): Client {
    const next = createSiteClient(redis, url, timeoutMs);
    next.on('error', (err: unknown) => failed(next, err));
    // Connected is not yet answering: a silent network accepts connections too.
    next.on('ready', () => void send(next, ['PING']).catch(() => {}));
    next.connect().catch(() => {
      // Reported through 'error'; the client keeps trying until closed.
    });
    return next;
  }
  let client = open();

  return {
    get isAvailable() {
      return answered === client && client.isReady && Date.now() >= retryAt;
    },
    command: (args) => send(client, args),
    close() {
      closed = true;
      client.destroy();
    },
  };
}
