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
    // A journey waits for what the user waits for (the state a click causes), up to a
    // bound a busy machine still meets; vitest's own default of 1 s made a toast that
    // came after 1.2 s on a loaded CI machine look like one that never came.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    hookTimeout: 120_000,
    pool: "forks",
    // a worker imports the server and Playwright once for all its journey files; each
    // file still starts its own server on its own database and its own Chromium
    isolate: false,
    maxWorkers: 2,
    reporters: ["default", r("../test/skip-report.ts")],
  },
});
