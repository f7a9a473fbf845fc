// Lint keeps the three layers apart (style.md §8): contract imports neither web nor
// server; web never imports server; server never imports web; process.env only in
// config.ts; on the server, a module reaches another only through its service.
import tseslint from "typescript-eslint";

const restrict = (patterns) => ["error", { patterns }];

const SERVER_NOT_WEB = { group: ["**/web/**", "@web/*", "react", "react-dom"], message: "server never imports web code" };

// Module rooms (style.md §3 and "Growing it"; issue 13): a module reaches another
// only through its service (`<module>.service`), never its repository, routes or
// other internals, except for these files, which are shared on purpose.
const SHARED_MODULE_FILES = [
  "loads/load-visibility", // toLoad(), canSeeLoad(): every load that leaves the server goes through them
  "loads/load-transition", // transitionLoad(): every status change goes through it (a bid award, a POD)
  "loads/loads-version", // the loads change counter's per-version memo (stats shares the board's)
  "loads/load-list-reader", // a load list read whole in its own filters and order, batch by batch (CSV exports)
  "email/account-mail", // the account mails auth and users queue
  "email/mail-job", // queueMail(): the outbox every module writes its mail to (notifications)
  "email/templates", // the mail layout every email shares (notifications)
  "jobs/job-registry", // the job kinds each module registers
  "saved-searches/lane-alert-queue", // queueLaneAlert(): a load that becomes available writes its lane-alert job (load-transition)
  "integrations/webhooks/webhook-events", // raiseLoadWebhook(s): every load change is a webhook event in its transaction (load-transition)
];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Imports of another module through `prefix` ("../" inside a module, "../modules/" from db/): its public face only. */
const otherModulesInternals = (prefix) => ({
  regex: `^${escape(prefix)}(?!\\.\\./)(?!(?:[^/]+/[^/]+\\.service|${SHARED_MODULE_FILES.map(escape).join("|")})$)[^/]+/`,
  message: "reach another module through its service (<module>.service), never its repository or other internals (eslint.config.js lists the shared exceptions)",
});

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
      "no-restricted-imports": restrict([SERVER_NOT_WEB]),
    },
  },
  {
    // tests may set up through any module's internals; the code itself may not
    files: ["src/server/modules/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": restrict([SERVER_NOT_WEB, otherModulesInternals("../")]),
    },
  },
  {
    // the layers under the modules never reach into them (the modules use these, not the reverse)
    files: ["src/server/plugins/**", "src/server/lib/**", "src/server/db/**", "src/server/context.ts", "src/server/config.ts"],
    ignores: ["**/*.test.ts", "src/server/db/seed.ts"],
    rules: {
      "no-restricted-imports": restrict([
        SERVER_NOT_WEB,
        { group: ["**/modules/**"], message: "plugins, lib, db, context and config do not import modules: modules import them" },
      ]),
    },
  },
  {
    // demo data is seeded through the modules' public faces (style.md §12)
    files: ["src/server/db/seed.ts"],
    rules: {
      "no-restricted-imports": restrict([SERVER_NOT_WEB, otherModulesInternals("../modules/")]),
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
