import { randomUUID } from 'node:crypto';
import compression from 'compression';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { DbHandle } from '../db/database.ts';
import type { PageServices } from '../shared/page-context.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { errorHandler, jsonNotFound } from './middleware/errors.ts';
import { securityHeaders } from './middleware/security.ts';
import type { PageRenderer } from './render.ts';
import { healthRouter } from './routes/health.ts';
import { pageHandler } from './routes/pages.ts';
import { robotsRouter } from './routes/robots.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  logger: Logger;
  renderer: PageRenderer;
}

/** Builds the whole site as an Express app; it never listens, so tests mount it directly. */
export function createApp(deps: AppDeps): Express {
  const { config, database, logger, renderer } = deps;
  const production = config.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      // One short line per request: no headers (cookies), no bodies, no query strings (search terms, tokens).
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders(production));
  app.use(compression());
  app.use(renderer.assets);
  app.use(healthRouter(database.db));
  app.use(robotsRouter(config.SITE_URL));

  const services: PageServices = {};
  app.use(['/api', '/functions'], jsonNotFound);
  app.get('/{*splat}', pageHandler(renderer, config, services));
  app.use(errorHandler);
  return app;
}
