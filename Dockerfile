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

# build: the Vike production build (pages, client assets) into dist/.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node_modules/.bin/vite build --logLevel warn

# runtime: Node runs server/*.ts directly (type stripping); only dist/ comes from the build.
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/site.db \
    npm_config_update_notifier=false \
    npm_config_cache=/tmp/npm-cache
WORKDIR /app
RUN useradd --uid 10001 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin site \
 && mkdir -p /data \
 && chown site:site /data
COPY --from=deps /prod_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
COPY server ./server
COPY shared ./shared
COPY db ./db
COPY scripts ./scripts
USER site
# The SQLite database (and its backups/) live here; mount a named volume or a host folder owned by uid 10001.
VOLUME /data
EXPOSE 3000
# Slim images have no curl; Node's fetch does the probe. /readyz also checks the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start (server/index.ts). SIGTERM drains requests and closes the database; run with --init
# (compose: `init: true`) so a process reaper is PID 1.
STOPSIGNAL SIGTERM
CMD ["node", "server/index.ts"]
