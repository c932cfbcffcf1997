import type { RequestHandler } from 'express';
import type { Db } from '../../db/database.ts';
import { recordReadinessProbe } from '../../db/queries/readiness.ts';
import type { RedisLink } from './redis.ts';

/** A database that takes longer than this to commit one small write is not ready for visitors' leads. */
const WRITE_PROBE_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  db: Db;
  /** The background delivery of notifications; absent where none runs (tests mounting the app alone). */
  outbox?: { isAlive(): boolean } | undefined;
  redis?: RedisLink | undefined;
}

/**
 * `/healthz`: the process answers. `/readyz`: it may take traffic: the database commits a write within a short
 * time, the outbox worker runs, and Redis answers or the site is in its degraded mode (per-instance limits),
 * which still counts as ready. The body names each part's state.
 */
export function healthRoutes(deps: ReadinessDeps): Record<'/healthz' | '/readyz', RequestHandler> {
  const live: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  };
  const ready: RequestHandler = async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const database = await probeWrite(deps.db);
    if (database !== 'writable') req.log.warn({ database }, 'not ready: the database does not accept writes');
    const outbox = deps.outbox ? (deps.outbox.isAlive() ? 'running' : 'stopped') : 'not started';
    const redis = !deps.redis ? 'not configured' : deps.redis.isAvailable ? 'connected' : 'degraded: rate limits per instance';
    const ready = database === 'writable' && outbox !== 'stopped';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', database, outbox, redis });
  };
  return { '/healthz': live, '/readyz': ready };
}

async function probeWrite(db: Db): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), WRITE_PROBE_TIMEOUT_MS);
  });
  const write = recordReadinessProbe(db, new Date().toISOString()).then(
    () => 'writable',
    // Only an error code: messages can name hosts and ports, and this answer is public.
    (err: unknown) => {
      const code = (err as { code?: unknown } | null)?.code;
      return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? `failing (${code})` : 'failing';
    },
  );
  try {
    return await Promise.race([write, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
