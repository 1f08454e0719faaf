import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    rollupOptions: {
      // Fold tiny side-effect-free chunks (single icons, one-line helpers) into chunks loaded with
      // them: each script request also costs its headers (`npm run audit:pages`).
      output: { experimentalMinChunkSize: 1_000 },
    },
  },
});
