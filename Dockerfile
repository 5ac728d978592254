# syntax=docker/dockerfile:1
# Amiko's server image: the Fastify server and the built web app, its data (SQLite and photos) in /data.
#   docker build -t amiko .
#   docker run -p 3000:3000 -v amiko-data:/data amiko        # or: docker compose up (docker-compose.yml)
# docs/operations.md has the rest. Everything is fetched while building; the image needs nothing from the
# internet when it runs.

# Node's slim Debian image, the Debian the project's machines and CI run (bookworm).
FROM node:24-bookworm-slim AS base
# A compiler for the native addons (better-sqlite3, sharp, @node-rs/argon2): they install a prebuilt binary
# when one exists for the platform and build from source when not. Only the build stages have it; the
# final image starts again from the slim image.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
# pnpm at the version package.json pins ("packageManager": "pnpm@<version>"); its store is
# $PNPM_HOME/store, kept between builds by the cache mounts below.
ENV PNPM_HOME=/pnpm
WORKDIR /src
COPY package.json ./
RUN npm install --global --no-fund --no-audit "$(node -p 'require("./package.json").packageManager')"

# What installing reads: the lockfile, the workspace's settings, every package.json and the patches pnpm
# applies to dependencies (patches/, docs/decisions.md "postgres.js, patched"), without the sources.
# This stage runs again for any change, but while its result is the same the installs below that copy it
# come from Docker's cache: a change of code does not install again.
FROM base AS manifests
COPY . /context
RUN cd /context \
    && find . -name node_modules -prune -o -type f \
        \( -name package.json -o -name pnpm-lock.yaml -o -name pnpm-workspace.yaml -o -name .npmrc \
           -o -path ./deploy/production-tree.sh -o -path './patches/*' \) -print \
    | xargs cp --parents --target-directory=/src

# The web app. NODE_ENV stays unset in the build stages: with "production" pnpm would leave out the
# devDependencies that build it (Vite), and Vite takes NODE_ENV from the environment for the bundle.
FROM base AS web
COPY --from=manifests /src ./
RUN --mount=type=cache,id=amiko-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --filter "@amiko/web..."
COPY . .
RUN pnpm build
# The build apps/web/dist links to (apps/web/scripts/build.ts), as a plain folder for the final image.
RUN mv "$(readlink -f apps/web/dist)" /web-dist

# The server with its workspace packages and their production dependencies, in /app. The native addons
# (better-sqlite3, sharp, @node-rs/argon2) are installed here, for the platform being built.
FROM base AS server
COPY --from=manifests /src ./
RUN --mount=type=cache,id=amiko-pnpm-store,target=/pnpm/store \
    sh deploy/production-tree.sh install
COPY . .
RUN sh deploy/production-tree.sh assemble /app

FROM node:24-bookworm-slim
# Production: Secure cookies and HSTS; the dev mailbox and test-mode payments stay off.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/amiko.db \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
# The code belongs to root and is read-only for the server; only /data is the server's. A new named volume
# takes this folder's owner, so it is writable for `node` too.
RUN mkdir -p /data/uploads && chown -R node:node /data
COPY --from=server /app ./
COPY --from=web /web-dist ./apps/web/dist
# The commit built, for the metric amiko_build_info (docker-compose.yml passes AMIKO_COMMIT; the build
# context has no .git). Last, so that a new commit changes no layer but this one.
ARG AMIKO_COMMIT=
ENV AMIKO_COMMIT=$AMIKO_COMMIT
USER node
VOLUME /data
EXPOSE 3000
# No curl in a slim image: Node's own fetch asks /readyz (the database answers).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself, and shuts down as `pnpm start` does.
CMD ["node", "apps/server/src/main.ts"]
