# Production image: compiled TypeScript, production dependencies only, non-root.
# The same image runs the API (default command), the worker (`node dist/workers/main.js`, probed on
# WORKER_HEALTH_PORT) and the first-run bootstrap (`npm run bootstrap`).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
ENV PUPPETEER_SKIP_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# Evidence PDFs are printed by Debian's chromium (CHROMIUM_PATH defaults to /usr/bin/chromium).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The dashboard's script and stylesheet are served as they are (src/dashboard/page.ts reads them beside it, else from src).
COPY --from=build /app/src/dashboard/assets ./dist/dashboard/assets
USER node
EXPOSE 8080
# Ready, not just up: the API's /ready, or a worker's on its WORKER_HEALTH_PORT when that is set.
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.WORKER_HEALTH_PORT||process.env.PORT)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/api/server.js"]
