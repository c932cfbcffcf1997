import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { DbHandle } from '../db/database.ts';
import type { PageServices } from '../shared/page-context.ts';
import type { Config } from './core/config.ts';
import type { Logger } from './core/logger.ts';
import { errorHandler, jsonNotFound } from './http/error-handler.ts';
import { contentSecurityPolicy, securityHeaderList, securityHeaders } from './http/security-headers.ts';
import { requestLog } from './http/request-log.ts';
import { earlyHits } from './http/early-hits.ts';
import type { PageRenderer } from './http/render.ts';
import { healthRoutes } from './http/health.ts';
import { pageRoutes } from './http/pages.ts';
import { robotsTxt } from './http/robots.ts';
import { NO_METRICS, createMetrics } from './http/metrics.ts';
import { outboxBacklog } from '../db/queries/outbox.ts';
import { requestContext } from './core/request-context.ts';
import { blogApiRouter } from './blog/blog-api.ts';
import { feedsRouter } from './blog/feeds.ts';
import { BLOG_AREA, createBlogService } from './blog/blog-service.ts';
import { type RenderedPage, createPageCache } from './http/page-cache.ts';
import { captchaRouter } from './leads/captcha-routes.ts';
import { CHALLENGE_PATHS } from '../shared/challenge-paths.ts';
import { functionsRouter } from './leads/functions-routes.ts';
import { noScriptFormsRouter } from './leads/no-script-forms.ts';
import { captchaCspSources, createCaptcha, publicCaptchaConfig } from './leads/captcha/index.ts';
import { createLeadService } from './leads/lead-service.ts';
import type { RedisLink } from './http/redis.ts';
import { createStaffAuth, privatePages } from './staff/staff-auth.ts';
import { createStaffService } from './staff/users.ts';
import { originCheck } from './http/origin-check.ts';
import { adminAccountRouter } from './staff/account-routes.ts';
import { adminAuthRouter } from './staff/sign-in-routes.ts';
import { createSignInProof } from './staff/sign-in-proof.ts';
import { adminStaffRouter } from './staff/staff-routes.ts';
import { createPasskeyService } from './staff/passkeys.ts';
import { passkeyRouter } from './staff/passkey-routes.ts';
import { adminBlogRouter } from './blog/admin-blog-routes.ts';
import { createPreviewService } from './blog/post-previews.ts';
import { sharedPreviewHeaders } from './blog/preview-page-headers.ts';
import { SHARED_PREVIEW_PATH } from '../shared/previews.ts';
import { adminLeadsRouter } from './inbox/inbox-routes.ts';
import { createInboxService } from './inbox/inbox-service.ts';
import { deliverySettings } from './inbox/dashboard.ts';
import { adminPrivacyRouter } from './privacy/privacy-routes.ts';
import { createPrivacyService } from './privacy/privacy-service.ts';
import { privacyHashKey } from './core/client-ip.ts';
import { createAdminPageService } from './admin-pages.ts';
import { createSettingsService } from './settings/settings-service.ts';
import { createPostImages, postImagesRouter } from './sharing/post-images.ts';
import { pageCardsRouter } from './sharing/page-cards.ts';
import { adminSettingsRouter } from './settings/settings-routes.ts';
import { createSiteWordsService } from './site-words/site-words-service.ts';
import { adminSiteWordsRouter } from './site-words/site-words-routes.ts';
import { createWordsPreviews } from './site-words/words-previews.ts';
import { adminImagesRouter, mediaRouter } from './media/image-routes.ts';
import { createImageService } from './media/image-service.ts';
import { NO_VISIT_COUNTER, type VisitCounter } from './analytics/visit-counter.ts';
import { beaconRouter } from './analytics/beacon-routes.ts';
import { createAnalyticsReader } from './analytics/analytics-report.ts';
import { adminAnalyticsRouter } from './analytics/analytics-routes.ts';
import type { BackupSchedule } from './backup/backup-schedule.ts';
import { offsiteBackupState, readOffsiteBackupStatus } from './backup/backup-status.ts';
import { readBackupJobs } from '../db/queries/backup-jobs.ts';
import { type RedirectTable, createRedirectTable } from './http/redirect-table.ts';
import { createRedirectService } from './redirects/redirect-service.ts';
import { adminRedirectsRouter } from './redirects/redirect-routes.ts';
import { siteExportRouter } from './export/export-routes.ts';
import { findUserById } from '../db/queries/users.ts';
import { type ImportService, createImportService } from './import/import-service.ts';
import { adminImportRouter } from './import/import-routes.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  logger: Logger;
  renderer: PageRenderer;
  /** Set when REDIS_URL is: rate limits then count across every instance while Redis answers. */
  redis?: RedisLink | undefined;
  /** The outbox worker of this instance, whose liveness /readyz reports. */
  outbox?: { isAlive(): boolean } | undefined;
  /** Render the pages every visit touches at once (the server does; tests that count renders do not). */
  warmPages?: boolean;
  /** Answer stored pages before the middleware chain (default); off, the chain answers them (tests compare the two). */
  answerHitsEarly?: boolean;
  /** Counts page views and links leads to their visits (server/analytics); started by the server, which flushes it at shutdown. */
  visits?: VisitCounter;
  /** The off-site backup's schedule (server/backup), started by the server when BACKUP_URL is set: told of each lead. */
  backups?: Pick<BackupSchedule, 'leadStored'> | undefined;
}

/** Pages nearly every visit touches: rendered at start and again after each content change. */
const WARM_PATHS = ['/', '/services', '/contact', '/quote', '/blog', '/about'];
/**
 * Public pages and feeds; never the admin (its sign-in page carries per-visitor data), a shared preview (a link
 * turned off must stop working at once) or Vike's JSON requests.
 */
const CACHEABLE_PATHS = /^\/(?!admin(?:\/|$))(?!preview(?:\/|$))(?!.*\.pageContext\.json$)/;
/** The site: what `http.createServer` is given, and the Express app behind it. */
export interface Site {
  /** Every request: a current stored page is answered at once (early-hits.ts), anything else goes to Express. */
  listener: RequestListener;
  /** The middleware chain and routes (tests read its routes). */
  express: Express;
  /** A public page rendered now, past the page cache (the bench times it). */
  renderPublic: (url: string) => Promise<RenderedPage | null>;
  /** The redirects this instance answers: the server flushes their hits at shutdown (`stop`), an import calls `changed()`. */
  redirects: RedirectTable;
  /** Imports: the server stops them at shutdown (`stop`: the dry runs' files on this instance go). */
  imports: Pick<ImportService, 'stop'>;
}

/** A path-matcher as Express matches routes: ignoring case and a trailing slash. */
function routePaths(paths: string[]): (path: string) => boolean {
  const set = new Set(paths.map((path) => path.toLowerCase()));
  return (path) => set.has(path.toLowerCase().replace(/(.)\/$/, '$1'));
}

/** Builds the whole site; it never listens, so tests mount it directly. */
export function createApp(deps: AppDeps): Site {
  const { config, database, logger, renderer, visits = NO_VISIT_COUNTER } = deps;
  const production = config.NODE_ENV === 'production';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // Metrics only with a token to read them: off, no request pays for timing (README, "Metrics").
  const metrics = config.METRICS_TOKEN
    ? createMetrics(config.METRICS_TOKEN, {
        pageCacheBytes: () => pageCache.stats().bytes,
        outboxBacklog: async () => {
          const now = Date.now();
          return (await outboxBacklog(database.db)).map(({ kind, pending, oldestPendingAt, failed }) => ({
            kind,
            pending,
            failed,
            oldestSeconds: oldestPendingAt ? Math.max(0, (now - Date.parse(oldestPendingAt)) / 1000) : 0,
          }));
        },
        backupJobs: async () => (offsiteBackupState(database.engine, config) === 'on' ? readBackupJobs(database.db) : null),
      })
    : null;
  const events = metrics?.events ?? NO_METRICS;
  if (metrics) app.use(metrics.timing);

  // A request id and one short line per request: no headers (cookies), no bodies, no query strings (search terms, tokens).
  app.use(requestLog(app, logger));
  app.use((req, _res, next) => requestContext.run({ requestId: String(req.id) }, next));
  const csp = contentSecurityPolicy(production, captchaCspSources(config.CAPTCHA_PROVIDER));
  const security = securityHeaderList(csp, production, new URL(config.SITE_URL).protocol === 'https:');
  app.use(securityHeaders(security));
  // Health and robots answer before the static files, which would otherwise stat the disk for each probe. The
  // early answer of stored pages never answers these paths: a stored 404 under /metrics must not hide the metrics.
  const beforePages: Array<[string, RequestHandler]> = [
    ...Object.entries(healthRoutes({ db: database.db, outbox: deps.outbox, redis: deps.redis })),
    ...(metrics ? [['/metrics', metrics.answer] as [string, RequestHandler]] : []),
    ['/robots.txt', robotsTxt(config.SITE_URL)],
  ];
  for (const [path, handler] of beforePages) app.get(path, handler);
  // Redirects come next, before the page cache and every other route, here as on the early path (early-hits.ts).
  const redirectTable = createRedirectTable({ db: database.db, logger });
  app.use(redirectTable.middleware);
  // Cross-site POSTs are refused before any route runs (the public /functions included).
  app.use(originCheck(config.SITE_URL));

  // The lead endpoints come next: their small JSON answers gain nothing from the layers below (compression,
  // static files, blog routes), and every lead is worth the shortest path.
  const captcha = createCaptcha(config);
  const images = createImageService({ db: database.db, unusedDays: config.UNUSED_IMAGE_DAYS });
  // A settings save bumps the blog's content version, so every instance's page cache renders its pages again.
  const settings = createSettingsService({
    db: database.db,
    logger,
    contentArea: BLOG_AREA,
    onChange: () => pageCache.invalidate(),
    images,
  });
  // A publish of the pages' words bumps the same version, naming the pages showing them: every instance renders
  // those again, and only those (docs/decisions/027-publish-drops-its-pages.md).
  const words = createSiteWordsService({ db: database.db, logger, contentArea: BLOG_AREA, onChange: () => pageCache.recheck() });
  const leads = createLeadService({
    db: database.db,
    captcha: captcha.verifier,
    logger,
    config,
    redis: deps.redis,
    settings,
    metrics: events,
    visits,
    backups: deps.backups,
    serviceNames: () => words.serviceNames(),
  });
  const challengeLimits = { perMinute: config.RATE_LIMIT_PER_MINUTE * 10, perDay: config.RATE_LIMIT_PER_DAY * 10 };
  if (captcha.altcha) app.use(captchaRouter(CHALLENGE_PATHS.forms, captcha.altcha, challengeLimits, deps.redis));
  app.use(functionsRouter({ leads, config, redis: deps.redis, visitOf: (req) => visits.visitOf(req) }));
  app.use(beaconRouter(visits, challengeLimits, deps.redis));
  app.use(noScriptFormsRouter());

  // Public pages are rendered once per content version and stored compressed; every blog write drops them
  // (page-cache.ts). A stored page leaves here as it is, before the compression and static-file layers.
  const pageCache = createPageCache({
    db: database.db,
    area: BLOG_AREA,
    paths: CACHEABLE_PATHS,
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    counts: events.pageCache,
    pageAnswered: visits.enabled ? (req) => visits.pageAnswered(req) : undefined,
  });
  app.use(pageCache.sendStored);

  app.use(compression());
  app.use(renderer.assets);

  // A post's sharing image is drawn when it is published, after the save's transaction.
  const blog = createBlogService({
    db: database.db,
    onChange: () => pageCache.invalidate(),
    onPublished: (post) => void postImages.prepare(post),
    siteUrl: config.SITE_URL,
  });
  const postImages = createPostImages({ db: database.db, logger, getPostById: (id) => blog.getPostById(id) });
  app.use(postImagesRouter(postImages));
  app.use(pageCardsRouter({ current: async () => words.current((await settings.current()).name) }));
  const customPages = async () => (await words.current((await settings.current()).name)).customPages;
  app.use(
    feedsRouter(blog, settings, pageCache, config.SITE_URL, async () =>
      (await customPages()).map((p) => ({ path: `/${p.address}`, updatedAt: p.publishedAt })),
    ),
  );
  app.use(blogApiRouter(blog));
  app.use(mediaRouter(images));

  // Staff: sessions and sign-in, then the admin API; the session also tells public pages to show the Admin menu.
  const staff = createStaffService({ db: database.db, settings: config, companyName: async () => (await settings.current()).name });
  const staffAuth = createStaffAuth(config, database.db, staff);
  app.use(staffAuth.middleware);
  const signInProof = createSignInProof(database.db, config);
  app.use(captchaRouter(CHALLENGE_PATHS.signIn, signInProof, challengeLimits, deps.redis));
  app.use(adminAuthRouter(staff, config, staffAuth.passport, staffAuth.store, signInProof, events.signIn));
  app.use(adminAccountRouter(staff));
  const passkeys = createPasskeyService({
    db: database.db,
    settings: config,
    staff,
    companyName: async () => (await settings.current()).name,
  });
  app.use(
    passkeyRouter({
      passkeys,
      accounts: staff,
      config,
      store: staffAuth.store,
      limits: challengeLimits,
      redis: deps.redis,
      counts: events.signIn,
    }),
  );
  app.use(adminStaffRouter(staff, { accounts: staff, config, store: staffAuth.store }));
  const inbox = createInboxService({
    db: database.db,
    timeZone: config.TIME_ZONE,
    delivery: deliverySettings(config),
    settings,
    repliesPerHour: config.REPLIES_PER_HOUR,
    serviceNames: () => words.serviceNames(),
  });
  app.use(adminLeadsRouter(inbox, config.TIME_ZONE));
  app.use(adminPrivacyRouter(createPrivacyService({ db: database.db, hashKey: privacyHashKey(config) })));
  // One share link mechanism: a link shows a post's preview or a page's draft (server/blog/share-links.ts).
  const wordsPreviews = createWordsPreviews({
    db: database.db,
    words,
    companyName: async () => (await settings.current()).name,
    siteUrl: config.SITE_URL,
  });
  const previews = createPreviewService({
    db: database.db,
    blog,
    siteUrl: config.SITE_URL,
    sharedWords: (key, link) => wordsPreviews.shared(key, link),
  });
  app.use(adminBlogRouter(blog, previews));
  app.use(adminSettingsRouter(settings));
  app.use(adminSiteWordsRouter(words, settings, config.TIME_ZONE, wordsPreviews));
  app.use(adminImagesRouter(images));
  const imports = createImportService({
    db: database.db,
    images,
    logger,
    // The byline of a post whose file names no author: the importing person's name.
    nameOf: async (actor) => (actor.userId && (await findUserById(database.db, actor.userId))?.name) || (await settings.current()).name,
    onChange: () => pageCache.invalidate(),
    redirectsChanged: () => redirectTable.changed(),
    applySettings: (input, actor) => settings.update(input, actor),
    requestWaitMs: config.IMPORT_REQUEST_WAIT_MS,
  });
  app.use(adminImportRouter(imports));
  const analytics = createAnalyticsReader(database.db, config.TIME_ZONE, config.ANALYTICS);
  app.use(adminAnalyticsRouter(database.db, analytics));
  const redirects = createRedirectService({ db: database.db, table: redirectTable });
  app.use(adminRedirectsRouter(redirects));
  app.use(siteExportRouter({ db: database.db, settings, siteUrl: config.SITE_URL }));
  app.use('/admin', privatePages);
  app.use(SHARED_PREVIEW_PATH, sharedPreviewHeaders);

  const services: PageServices = {
    captcha: publicCaptchaConfig(config),
    blog,
    admin: createAdminPageService({
      inbox,
      blog,
      staff,
      analytics,
      db: database.db,
      previews,
      images,
      backupStatus: () => readOffsiteBackupStatus(database.db, database.engine, config),
      redirects,
      imports,
    }),
    previews,
    settings,
    words: { ...words, shareLinks: (key) => wordsPreviews.links(key) },
  };
  app.use(['/api', '/functions'], jsonNotFound);
  const pages = pageRoutes(renderer, config, services, csp, pageCache);
  app.get('/{*splat}', pages.handler);
  if (deps.warmPages) void pageCache.warm(WARM_PATHS.map((url) => ({ url, produce: () => pages.renderPublic(url) })));
  app.use(errorHandler);

  // Stored pages are answered before Express, with the headers the chain above would send (early-hits.ts), when
  // the cache is current; everything else runs the chain.
  if (deps.answerHitsEarly === false)
    return { listener: app, express: app, renderPublic: pages.renderPublic, redirects: redirectTable, imports };
  const answerEarly = earlyHits({
    redirects: redirectTable,
    pageCache,
    securityHeaders: security,
    logger,
    metrics,
    answeredBefore: routePaths(beforePages.map(([path]) => path)),
  });
  return {
    listener: (req, res) => {
      if (!answerEarly(req, res)) app(req, res);
    },
    express: app,
    renderPublic: pages.renderPublic,
    redirects: redirectTable,
    imports,
  };
}
