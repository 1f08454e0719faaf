import { defineConfig } from "vitest/config";
import path from "node:path";

// Separate from vite.config.ts: the React Router plugin must not run under vitest.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for something the app does on its own time: a server answer and a render, a
    // background SMS or email, a list loaded again after a save. Vitest's default (1 s) is shorter
    // than that takes on a loaded 2-core CI machine; 15 s is Playwright's own wait in the browser
    // tests (harness.ts). A poll that passes returns at once, so only a failure waits longer.
    expect: { poll: { timeout: 15_000 } },
    reporters: ["default"],
  },
});
