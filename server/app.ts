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
import { requestContext } from './request-context.ts';
import { blogApiRouter } from './routes/blog-api.ts';
import { feedsRouter } from './routes/feeds.ts';
import { BLOG_AREA, createBlogService } from './services/blog.ts';
import { createPageCache } from './services/page-cache.ts';
import { captchaRouter } from './routes/captcha.ts';
import { functionsRouter } from './routes/functions.ts';
import { captchaCspSources, createCaptcha, publicCaptchaConfig } from './services/captcha/index.ts';
import { createLeadService } from './services/leads.ts';
import type { RedisClient } from './services/rate-limit.ts';
import { createStaffAuth, privatePages } from './auth/index.ts';
import { originCheck } from './middleware/origin-check.ts';
import { adminAccountRouter } from './routes/admin-account.ts';
import { adminAuthRouter } from './routes/admin-auth.ts';
import { adminBlogRouter } from './routes/admin-blog.ts';
import { adminLeadsRouter } from './routes/admin-leads.ts';
import { adminPrivacyRouter } from './routes/admin-privacy.ts';
import { createAdminPageService } from './services/admin-pages.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  logger: Logger;
  renderer: PageRenderer;
  /** Connected when REDIS_URL is set: rate limits then count across every instance. */
  redis?: RedisClient | undefined;
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
  app.use((req, _res, next) => requestContext.run({ requestId: String(req.id) }, next));
  app.use(securityHeaders(production, captchaCspSources(config.CAPTCHA_PROVIDER)));
  // Health and robots answer before the static files, which would otherwise stat the disk for each probe.
  app.use(healthRouter(database.db));
  app.use(robotsRouter(config.SITE_URL));
  // Cross-site POSTs are refused before any route runs (the public /functions included).
  app.use(originCheck(config.SITE_URL));

  // The lead endpoints come next: their small JSON answers gain nothing from the layers below (compression,
  // static files, blog routes), and every lead is worth the shortest path.
  const captcha = createCaptcha(config);
  const leads = createLeadService({ db: database.db, captcha: captcha.verifier, logger, config });
  if (captcha.altcha) {
    const challengeLimits = { perMinute: config.RATE_LIMIT_PER_MINUTE * 10, perDay: config.RATE_LIMIT_PER_DAY * 10 };
    app.use(captchaRouter(captcha.altcha, challengeLimits, deps.redis));
  }
  app.use('/functions', functionsRouter({ leads, config, redis: deps.redis }));

  app.use(compression());
  app.use(renderer.assets);

  // Public blog pages are rendered once per content version; every blog write drops them (page-cache.ts).
  const pageCache = createPageCache({ db: database.db, area: BLOG_AREA, paths: /^\/blog(\/[^/]+)?\/?$/ });
  const blog = createBlogService({ db: database.db, onChange: () => pageCache.invalidate() });
  app.use(feedsRouter(blog, pageCache, config.SITE_URL));
  app.use(blogApiRouter(blog));

  // Staff: sessions and sign-in, then the admin API; the session also tells public pages to show the Admin menu.
  const staffAuth = createStaffAuth(config, database.db);
  app.use(staffAuth.middleware);
  app.use(adminAuthRouter(database.db, config, staffAuth.passport, staffAuth.store));
  app.use(adminAccountRouter(database.db, config));
  app.use(adminLeadsRouter(database.db, config));
  app.use(adminPrivacyRouter(database.db, config));
  app.use(adminBlogRouter(database.db, blog));
  app.use('/admin', privatePages);

  const services: PageServices = {
    captcha: publicCaptchaConfig(config),
    blog,
    admin: createAdminPageService(database.db, config, blog),
  };
  app.use(['/api', '/functions'], jsonNotFound);
  app.get('/{*splat}', pageHandler(renderer, config, services, pageCache));
  app.use(errorHandler);
  return app;
}
