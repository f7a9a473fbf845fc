// Production runs compiled JavaScript: `npm start` is `node` on
// dist/server/main.js, with no tsx or TypeScript compiler in the process tree, and
// the compiled server finds everything it loads by path (migrations, the built web
// app, the shipped postcode table, the PDFs' fonts in assets/fonts). Needs `npm run build` first,
// which `npm test` runs before vitest; without it this test fails and says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, http, httpLogin } from "./process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILT = join(ROOT, "dist", "server", "main.js");

/** the command line of pid and of every process below it (Linux /proc) */
function processTree(root: number): { pid: number; args: string[] }[] {
  const rows = readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .flatMap((n) => {
      try {
        const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${n}/status`, "utf8"))?.[1]);
        const args = readFileSync(`/proc/${n}/cmdline`, "utf8").split("\0").filter(Boolean);
        return [{ pid: Number(n), ppid, args }];
      } catch {
        return []; // ended meanwhile
      }
    });
  const tree: { pid: number; args: string[] }[] = [];
  const walk = (pid: number) => {
    for (const row of rows.filter((r) => r.ppid === pid)) {
      tree.push(row);
      walk(row.pid);
    }
  };
  const self = rows.find((r) => r.pid === root);
  if (self) tree.push(self);
  walk(root);
  return tree;
}

describe("the compiled server (npm start)", () => {
  let dataDir: string;
  let child: ChildProcess;
  let url: string;
  let output = "";

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build\` first (npm test does)`);
    dataDir = mkdtempSync(join(tmpdir(), "lb-compiled-"));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // `npm start` without its prestart build (npm test has just built)
    child = spawn("npm", ["start", "--ignore-scripts", "--silent"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "/root",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group: npm, the shell and node stop together
    });
    child.stdout!.on("data", (d) => (output += String(d)));
    child.stderr!.on("data", (d) => (output += String(d)));
    const start = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}): ${output}`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
      if (ok) break;
      if (Date.now() - start > 60_000) throw new Error(`no 200 from /api/health in 60 s: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /api/health with 200 from node running dist/server/main.js, with no tsx in the process tree", async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const tree = processTree(child.pid!);
    // npm → sh -c "node … dist/server/main.js" → node, the process that listens
    const server = tree.find((p) => /(^|\/)node$/.test(p.args[0]) && p.args.slice(1).some((a) => /(^|\/)dist\/server\/main\.js$/.test(a)));
    expect(server, JSON.stringify(tree)).toBeDefined();
    const all = tree.flatMap((p) => p.args).join(" ");
    expect(all).not.toMatch(/tsx|typescript|\.ts\b/);
  });

  it("finds its migrations, web app, postcode table and PDF fonts from dist/", async () => {
    // migrations ran, and the first start's admin (contract: admin@localhost with a
    // random password printed once) can sign in with what the log printed
    const printed = /Sign in as the admin: (admin@localhost) \/ (\S+)/.exec(output);
    expect(printed, output).not.toBeNull();
    const cookie = await httpLogin(url, printed![1], printed![2]);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const distance = await http(url, "POST", "/api/calculate-distance", cookie, { pickupPostcode: "LS1 1AA", deliveryPostcode: "M1 1AA" });
    expect(distance.status).toBe(200);
    const guide = await fetch(`${url}/api/pdf/user-guide`, { headers: { cookie } });
    expect(guide.status).toBe(200);
    const guidePdf = Buffer.from(await guide.arrayBuffer());
    expect(guidePdf.subarray(0, 5).toString()).toBe("%PDF-");
    // drawn with the fonts shipped in assets/fonts, found from the package root
    expect(guidePdf.toString("latin1")).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSansCondensed\b/);
  });
});
