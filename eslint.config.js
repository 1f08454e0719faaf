import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";

/**
 * Module boundaries (docs/contract-and-data-flow.md). `contract/` is what browser and server share, so it may
 * import only zod, the date libraries and itself. The browser (`app/`) reaches shared code only
 * through `#contract/*`, never `server/`, `models/` or server-only packages; the server, the models and
 * the scripts never import `app/`, which the Docker image does not ship. Type-only imports count too:
 * a shared type belongs in the contract.
 */
const restrict = (files, ...patterns) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
/** contract/ imports only these packages, `#contract/*`, and relative paths `relative` allows. */
const contractOnly = (relative) => ({
  regex: `^(?!(?:zod|date-fns|@date-fns/tz)(?:/|$)|${relative}|#contract/)`,
  message: "contract/ may import only zod, date-fns, @date-fns/tz and contract/.",
});
const NO_SERVER_CODE = {
  regex: "^(?:\\.{1,2}/)+(?:server|models)(?:/|$)",
  message: "The browser reaches shared code through #contract/*, not server/ or models/.",
};
const SERVER_PACKAGES = ["mongoose", "sharp", "multer", "express"];
const NO_APP = {
  regex: "^(?:~/|(?:\\.{1,2}/)+app(?:/|$))",
  message: "The server, models and scripts run without app/ (the Docker image ships none).",
};
const NO_SERVER_IN_MODELS = {
  regex: "^(?:\\.{1,2}/)+server(?:/|$)",
  message:
    "models/ imports nothing from server/: the server provides it (models/model-services.ts).",
};
const boundaries = [
  // Any depth: packages; then, one level deep `../` leaves the contract, two levels deep `../../`.
  restrict(["contract/**/*.ts"], contractOnly("\\.{1,2}/")),
  restrict(["contract/*.ts"], contractOnly("\\./")),
  restrict(["contract/*/*.ts"], contractOnly("\\./|\\.\\./(?!\\.\\./)")),
  restrict(["app/**/*.ts", "app/**/*.tsx"], NO_SERVER_CODE, {
    group: [...SERVER_PACKAGES, "node:*"],
    message: "Server-only package: not in the browser bundle.",
  }),
  // Rendered only on the server (React Router's `.server` convention): Node built-ins are fine.
  restrict(["app/entry.server.tsx", "app/**/*.server.ts", "app/**/*.server.tsx"], NO_SERVER_CODE, {
    group: SERVER_PACKAGES,
    message: "Server-only package: not in the app's modules.",
  }),
  // The one bridge: the type of the load context React Router hands to loaders.
  { files: ["app/load-context.d.ts"], rules: { "no-restricted-imports": "off" } },
  restrict(["server/**/*.ts", "scripts/**/*.ts"], NO_APP),
  restrict(["models/**/*.ts"], NO_APP, NO_SERVER_IN_MODELS),
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      // A copy of the build for `npm run audit:pages` (AUDIT_BUILD_DIR, docs/performance.md).
      ".audit-build/**",
      "data/**",
      "uploads/**",
      ".react-router/**",
      "node_modules/**",
      "tests/artifacts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...boundaries,
  {
    // Services take plain input (a CartOwner, an OrderReader), never the request or the response:
    // routers and middleware (e.g. middleware/cart-owner.ts) speak HTTP. (The rule replaces the
    // server's, so it repeats the server's boundary.)
    files: ["server/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "express",
              message: "Services never see req/res: resolve what they need in a middleware.",
            },
          ],
          patterns: [NO_APP],
        },
      ],
    },
  },
  prettier,
);
