import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// After the bundle is written: the sign-in page as HTML (issue 19, scripts/prerender-sign-in.tsx)
const prerenderSignIn = {
  name: "prerender-sign-in",
  apply: "build" as const,
  closeBundle() {
    const run = spawnSync(process.execPath, ["--import", "tsx", r("./scripts/prerender-sign-in.tsx")], { stdio: "inherit" });
    if (run.status !== 0) throw new Error("prerender-sign-in failed");
  },
};

// The web app is built into dist/web and served by the API process (one port).
export default defineConfig({
  root: r("./src/web"),
  plugins: [react(), tailwindcss(), prerenderSignIn],
  resolve: { alias: { "@contract": r("./src/contract"), "@web": r("./src/web") } },
  // the manifest names the board's chunks for the server's preload hints (plugins/web-preload.ts)
  // login.html: the sign-in page prerendered with a script of its own (issue 19, scripts/prerender-sign-in.tsx)
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    manifest: true,
    rollupOptions: { input: { main: r("./src/web/index.html"), login: r("./src/web/login.html") } },
  },
  server: { proxy: { "/api": "http://localhost:5000", "/objects": "http://localhost:5000" } },
});
