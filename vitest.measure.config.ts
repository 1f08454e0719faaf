import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// Measurements (`npm run bench:import`): they print figures and are
// not part of `npm test`, whose tests must never depend on how fast this machine is. The include
// list is replaced, not merged (mergeConfig would add the whole suite's).
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["tests/measure/**/*.measure.ts"], testTimeout: 1_800_000 },
});
