import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Browser journeys in real Chromium against the real server (one per file).
export default defineConfig({
  resolve: { alias: { "@contract": r("../src/contract"), "@web": r("../src/web") } },
  test: {
    root: r(".."),
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: [r("../test/global-setup.ts")],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default", r("../test/skip-report.ts")],
  },
});
