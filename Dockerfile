# Portal do Beneficiário — one image for every instance (API + built SPA on one origin).
# Build: docker build -t portal-beneficiario .   Run: see deploy/compose.yaml and the README.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/br/package.json packages/br/
COPY packages/contract/package.json packages/contract/
COPY packages/operadora/package.json packages/operadora/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p apps/api/node_modules

FROM node:24-bookworm-slim
# Required at run time and never baked in: CHAVE_DE_SELAGEM, or CHAVE_DE_SELAGEM_ARQUIVO naming a mounted
# secret file (/run/secrets/…); without it the server refuses to start (README "Running in production").
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/operadora operadora
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): SIGTERM reaches the server and starts the graceful shutdown.
CMD ["node", "apps/api/dist/server.js"]
