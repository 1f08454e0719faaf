import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // A page carries only its own routes and asks /__manifest for those its links lead to (the
  // default, stated because the JavaScript budget counts on it: tests/app/bundle-budget.test.ts).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
