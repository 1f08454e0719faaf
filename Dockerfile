# syntax=docker/dockerfile:1
# Build: install everything, build the storefront, then keep only production dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Run: non-root, only what the server needs.
FROM node:24-slim
ENV NODE_ENV=production PORT=5454 UPLOADS_DIR=/app/uploads
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/models ./models
COPY --from=build --chown=node:node /app/contract ./contract
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /app/uploads /app/data && chown node:node /app/uploads /app/data
USER node
EXPOSE 5454
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:5454/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/index.ts"]
