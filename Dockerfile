# syntax=docker/dockerfile:1
# One image for the API and every worker pool; the command picks the role (README "Containers"):
#   node dist/src/server.js        the API (the default; BV_RUN_WORKERS=false when the pools run apart)
#   node dist/workers/verify.js    the bulk verify pool
#   node dist/workers/finalize.js  the finalize pool (result files, webhooks)
#   node dist/workers/scheduler.js the portfolio scheduler
#   node dist/src/sim/main.js      the upstream simulator
# test/integration/container-image.test.ts rebuilds the runtime stage's files from this file in a
# scratch folder and runs them (there is no Docker engine on our machines).

# The exact Node.js release .ci/run installs and the tests run on.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
# Dependencies first: this layer is reused while package-lock.json is unchanged.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY workers ./workers
RUN npm run build

# Production dependencies only, installed apart from the build's: no tsx, TypeScript or vitest.
# TypeScript is an optional peer of valibot (under @bull-board/api) that --omit=dev keeps, because
# our own devDependency makes it "dev or optional" in the lock; nothing runs it, so it goes.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver

FROM node:24.21.0-bookworm-slim AS runtime
# tini as PID 1: it forwards docker stop's SIGTERM to node (its child), which drains, and reaps
# the processes node leaves. Debian's package, in the image, so `docker run` needs no --init.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini=0.19.0-1+b3 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 BV_DATA_DIR=/var/lib/bv
# The young generation npm start gives node (package.json; src/runtime/heap-policy.ts says why),
# for every role and probe: V8 sizes it when the process starts, so it has to be a node option.
ENV NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
# Owned by root and read-only to the service's user: a compromised process cannot rewrite its code.
# package.json says "type": "module", which the compiled files need.
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The one folder the service writes (result files; the admin token when none is given), owner-only.
# uid 1000 is the base image's `node` user; numeric, so that Kubernetes' runAsNonRoot can check it.
RUN mkdir -p /var/lib/bv && chown 1000:1000 /var/lib/bv && chmod 700 /var/lib/bv
USER 1000:1000
EXPOSE 8080
# The API's readiness (Redis takes writes, memory headroom). The pools and the simulator have no
# such port: docker-compose.yml gives each its own check, and `docker run` of a pool wants
# --health-cmd (or --no-healthcheck) likewise.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/server.js"]
