// After `vite build`: write .br and .gz beside every text asset so the server sends
// them pre-compressed (@fastify/static preCompressed) — no compression work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const root = new URL("../dist/web", import.meta.url).pathname;
let count = 0;
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(js|css|html|svg|json|txt)$/.test(name)) {
      const body = readFileSync(p);
      writeFileSync(`${p}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
})(root);
console.log(`compressed ${count} assets in dist/web`);
