import { createHash } from 'node:crypto';
import type { RedisLink } from '../http/redis.ts';

const DAY_MS = 24 * 3600_000;

export interface AcknowledgementQuota {
  /** True (and counted) when `email` may get another acknowledgement today. */
  take(email: string): Promise<boolean>;
}

/**
 * Anyone can type someone else's address into the forms, which would make this site mail them over and over:
 * each address gets ACKNOWLEDGEMENTS_PER_DAY acknowledgements a day; the lead itself is always stored and staff always told.
 * Counted in Redis across instances (in memory without it, or while it is away); keyed by a hash, so no
 * address sits in Redis.
 */
export function createAcknowledgementQuota(perDay: number, redis?: RedisLink): AcknowledgementQuota {
  const keyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const counts = new Map<string, { count: number; resetAt: number }>();
  function countInMemory(key: string): number {
    const now = Date.now();
    if (counts.size > 10_000) for (const [k, v] of counts) if (v.resetAt <= now) counts.delete(k);
    const entry = counts.get(key);
    if (!entry || entry.resetAt <= now) {
      counts.set(key, { count: 1, resetAt: now + DAY_MS });
      return 1;
    }
    return ++entry.count;
  }
  return {
    take: async (email) => {
      const key = `ack:${keyOf(email)}`;
      if (redis?.isAvailable) {
        try {
          const count = Number(await redis.command(['INCR', key]));
          if (count === 1) await redis.command(['PEXPIRE', key, String(DAY_MS)]);
          return count <= perDay;
        } catch {
          // Logged by the link; counted in memory meanwhile (as the rate limits do).
        }
      }
      return countInMemory(key) <= perDay;
    },
  };
}
