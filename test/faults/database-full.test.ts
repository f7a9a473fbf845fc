// A full disk under the embedded database, for real: PGlite's data directory
// sits on a small tmpfs, a file fills what is left, and the kernel answers
// ENOSPC. A write is then refused with 507 and the uploads' words (not 503
// "briefly unavailable"), logged as an error, reported by GET /api/health, and
// writes work again once the file is gone, without a restart.
// Mounting a tmpfs needs root (or CAP_SYS_ADMIN): elsewhere the case says so and skips.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../src/server/app";
import { testConfig } from "../../src/server/config";
import { openDatabase, type Database } from "../../src/server/db/client";
import { STORAGE_FULL_MSG } from "../../src/server/lib/storage-full";
import { DATABASE_FULL_HEALTH } from "../../src/server/plugins/database-full";
import { signedIn } from "../factories";
import { copyMigratedPglite } from "../helpers";
import { NO_TMPFS_WHAT, skipWhen } from "../skips";
import { loadBody } from "./support";

/** room for the migrated template (about 40 MB) and a little more */
const DISK_MB = 64;

/** mounts a tmpfs of DISK_MB on a new directory; the reason when this machine does not allow it */
function mountSmallDisk(): { dir: string } | { why: string } {
  const dir = mkdtempSync(join(tmpdir(), "lb-db-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DISK_MB}m`, "tmpfs", dir], { stdio: "pipe" });
    return { dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const said = String((err as { stderr?: unknown }).stderr ?? err).trim().split("\n")[0];
    return { why: `cannot mount a size-limited tmpfs here (needs root or CAP_SYS_ADMIN): ${said}` };
  }
}

/** writes a file until the file system has no byte left */
function fillDisk(path: string): void {
  const fd = openSync(path, "w");
  try {
    for (let chunk = 1 << 20; chunk >= 512; ) {
      try {
        writeSync(fd, Buffer.alloc(chunk));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
        chunk >>= 1;
      }
    }
  } finally {
    closeSync(fd);
  }
}

const disk = mountSmallDisk();

describe("a full disk under the embedded database", skipWhen("why" in disk, { what: NO_TMPFS_WHAT, why: "why" in disk ? disk.why : "" }), () => {
  const dir = "dir" in disk ? disk.dir : "";
  const pad = join(dir, "pad");
  const logs: Record<string, unknown>[] = [];
  let database: Database;
  let app: App;
  let cookie: string;

  beforeAll(async () => {
    copyMigratedPglite(dir);
    database = await openDatabase({ dataDir: dir });
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
        cb();
      },
    });
    app = await buildApp({ config: testConfig({ dataDir: dir, logLevel: "info" }), database, serveWeb: false, logStream });
    await app.ready();
    ({ cookie } = await signedIn(app, { role: "manager" }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    execFileSync("umount", ["-l", dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a write with 507 and the uploads' words, logs an error, says so in /api/health, and takes writes again once space is freed", async () => {
    const createLoad = (i: number) => app.inject({ method: "POST", url: "/api/loads", headers: { cookie }, payload: loadBody(i) });
    expect((await createLoad(0)).statusCode).toBe(201);

    fillDisk(pad);
    // a write fits until its table or index needs a new page: create loads until one does not
    let refused;
    for (let i = 1; i <= 300 && !refused; i++) {
      const res = await createLoad(i);
      if (res.statusCode !== 201) refused = res;
    }
    expect(refused, "no load was refused with the disk full").toBeDefined();
    expect(refused!.statusCode).toBe(507);
    expect(refused!.json()).toEqual({ error: STORAGE_FULL_MSG });
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThan(0);
    expect(logs.some((l) => l.level === 50 && /disk is full/.test(String(l.msg)))).toBe(true);

    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: DATABASE_FULL_HEALTH });
    // reads still answer
    expect((await app.inject({ url: "/api/loads", headers: { cookie } })).statusCode).toBe(200);

    rmSync(pad);
    expect((await createLoad(1000)).statusCode).toBe(201);
    const after = await app.inject({ url: "/api/health" });
    expect(after.json()).toEqual({ status: "ok" });
  });
});
