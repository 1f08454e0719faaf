import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Precompressed copies (name.js.br, name.js.gz) that server/app.ts serves as they are: the
    // strongest settings cost time once per build instead of CPU on every first download.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1_024,
      logLevel: "silent",
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
    }),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // build/client/.vite/manifest.json: the server looks up the popup dialog's chunks to preload.
    manifest: true,
    rollupOptions: {
      // Fold tiny side-effect-free chunks (single icons, one-line helpers) into chunks loaded with
      // them: each script request also costs its headers (`npm run audit:pages`).
      output: { experimentalMinChunkSize: 1_000 },
    },
  },
});
