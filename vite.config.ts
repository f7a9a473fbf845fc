import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The web app is built into dist/web and served by the API process (one port).
export default defineConfig({
  root: r("./src/web"),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@contract": r("./src/contract"), "@web": r("./src/web") } },
  // the manifest names the board's chunks for the server's preload hints (plugins/web-preload.ts)
  build: { outDir: r("./dist/web"), emptyOutDir: true, sourcemap: false, target: "es2022", manifest: true },
  server: { proxy: { "/api": "http://localhost:5000", "/objects": "http://localhost:5000" } },
});
