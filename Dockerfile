# The Northbridge IT site as one image: `docker build -t northbridge-site .`
# Run:  docker run --init -p 3000:3000 -v site-data:/data -e SESSION_SECRET=… northbridge-site
# Any Debian-based image with Node 24 and npm works as the base (CI builds its own, see scripts/container-test.sh).
ARG BASE_IMAGE=node:24-bookworm-slim

# deps: every dependency (for the build) and, set apart, the production ones only (for the runtime image).
FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# better-sqlite3 ships N-API prebuilds, so no compiler is needed (its "allowScripts" stays false).
ENV npm_config_update_notifier=false
RUN npm ci --omit=dev --no-audit --no-fund \
 && mv node_modules /prod_modules \
 && npm ci --no-audit --no-fund

# build: the Vike production build (pages, client assets) and the server and commands bundled as JavaScript, all
# into dist/; then the production packages pruned to those dist/ can load (no Vite, esbuild, Babel, Rolldown).
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /prod_modules /prod_modules
COPY . .
RUN node_modules/.bin/vite build --logLevel warn \
 && node scripts/bundle-server.ts \
 && node scripts/prune-node-modules.ts dist/runtime-packages.json /prod_modules

# runtime: dist/ and the pruned packages only, no sources; the npm commands run the bundles.
FROM ${BASE_IMAGE} AS runtime
# glibc's allocator: two arenas instead of one per thread, and blocks of 16 KB or more (stored pages, zlib's
# buffers) mapped on their own and given back when freed: the same RSS budget as `npm run serve`
# (docs/decisions/020-cache-hit-path.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/site.db \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=16384 \
    npm_config_update_notifier=false \
    npm_config_cache=/tmp/npm-cache
WORKDIR /app
RUN useradd --uid 10001 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin site \
 && mkdir -p /data \
 && chown site:site /data
COPY --from=build /prod_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN npm pkg set 'scripts.db:migrate=node dist/db-migrate.mjs' 'scripts.db:backup=node dist/db-backup.mjs' \
      'scripts.db:restore=node dist/db-restore.mjs' 'scripts.admin:create=node dist/admin-create.mjs' \
      'scripts.import=node dist/import.mjs' \
      'scripts.backup:now=node dist/offsite-backup.mjs now' 'scripts.backup:list=node dist/offsite-backup.mjs list' \
      'scripts.backup:restore=node dist/offsite-backup.mjs restore' 'scripts.backup:verify=node dist/offsite-backup.mjs verify'
USER site
# The SQLite database (and its backups/) live here; mount a named volume or a host folder owned by uid 10001.
VOLUME /data
EXPOSE 3000
# Slim images have no curl; Node's fetch does the probe. /readyz also checks the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start (server/index.ts, bundled as dist/server.mjs). SIGTERM drains requests and closes the database; run with --init
# (compose: `init: true`) so a process reaper is PID 1.
STOPSIGNAL SIGTERM
# The heap limits are the ones `npm run serve` uses: the old-space cap keeps V8 from reserving heap for garbage
# (tests/bench/README.md, soak), the 16 MB semi-space keeps the young generation's memory bounded while a cache hit's
# garbage stays under 5% of CPU (docs/decisions/020-cache-hit-path.md).
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=16", "dist/server.mjs"]
