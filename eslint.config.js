// Lint keeps the three layers apart (style.md §8): contract imports neither web nor
// server; web never imports server; server never imports web; process.env only in config.ts.
import tseslint from "typescript-eslint";

const restrict = (patterns) => ["error", { patterns }];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "migrations/**", ".tmp/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["src/contract/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/server/**", "**/web/**", "@web/*", "fastify", "react", "drizzle-orm*"], message: "contract imports neither server nor web" },
      ]),
    },
  },
  {
    files: ["src/web/**"],
    rules: {
      "no-restricted-imports": restrict([
        { group: ["**/server/**", "fastify", "drizzle-orm*", "pg", "@electric-sql/*", "node:*"], message: "web never imports server code" },
      ]),
    },
  },
  {
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": restrict([{ group: ["**/web/**", "@web/*", "react", "react-dom"], message: "server never imports web code" }]),
    },
  },
  {
    files: ["src/**"],
    ignores: ["src/server/config.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "read configuration in src/server/config.ts only" }],
    },
  },
);
