# Verity: one image for every app process (the web app, the API and the job worker).
# Build: docker build -t verity .   Run: see compose.yaml and docs/deployment.md.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, from the lockfile only, so a code change does not reinstall them.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/corpus/package.json packages/corpus/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (precompressed) and the bill of materials, then only what production runs.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# LibreOffice turns written documents into PDF; Chromium pictures the tutorials on this
# installation (build with --build-arg INSTALL_CHROMIUM=false to leave it out: the tutorials then
# have no pictures).
ARG INSTALL_CHROMIUM=true
RUN apt-get update \
  && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-dejavu-core \
  && if [ "$INSTALL_CHROMIUM" = "true" ]; then apt-get install -y --no-install-recommends chromium; fi \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# Liveness: the database answers. Load balancers ask /api/ready instead (503 while draining).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "scripts/health-probe.mjs", "/api/health"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.ts"]
