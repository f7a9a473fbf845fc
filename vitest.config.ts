import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { "@contract": r("./src/contract"), "@web": r("./src/web") } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Each worker imports the server once and keeps it for every file it runs: with a
    // fresh import per file, loading the same modules 119 times cost ~190 s of CPU.
    // Files stay independent: each builds its own app on its own database, and module
    // state is either constant or keyed by the app (WeakMaps).
    isolate: false,
    // Two files at a time: without it this machine ran them one after another (~13 min);
    // most of a file's time is waiting on a database, a socket or a clock, not the CPU.
    maxWorkers: 2,
    // the default output, then one line naming every skip and its reason (issue 13)
    reporters: ["default", "./test/skip-report.ts"],
  },
});
