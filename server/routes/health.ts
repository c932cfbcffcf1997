import { Router } from 'express';
import { type Db, isDbReachable } from '../../db/database.ts';

/** `/healthz`: the process answers. `/readyz`: it can also reach its database, so it may take traffic. */
export function healthRouter(db: Db): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const ok = await isDbReachable(db);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'database unavailable' });
  });
  return router;
}
