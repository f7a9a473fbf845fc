// The answer to a full database disk, in the shapes each engine gives it:
// PostgreSQL's error as the pg driver builds it (SQLSTATE 53100), wrapped by
// Drizzle as a failed query, and the file system's ENOSPC. A real full disk
// under PGlite is in test/faults/database-full.test.ts.
import Fastify, { type FastifyInstance } from "fastify";
import { DatabaseError } from "pg";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_FULL_MSG } from "../lib/storage-full";
import { DATABASE_FULL_HEALTH, FULL_REMEMBERED_MS, watchDatabaseFull, type DatabaseFullWatch } from "./database-full";
import { registerErrorHandler } from "./errors";

/** what PostgreSQL sends when a table cannot grow, as pg's parser makes it */
function postgresDiskFull(): DatabaseError {
  const err = new DatabaseError('could not extend file "base/16384/16415": No space left on device', 120, "error");
  err.code = "53100";
  err.severity = "ERROR";
  err.hint = "Check free disk space.";
  return err;
}

function errnoError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: write failed`), { code, errno: -28, syscall: "write" });
}

describe("a database whose disk is full", () => {
  let app: FastifyInstance;
  let now = Date.parse("2026-03-02T10:00:00Z");
  let watch: DatabaseFullWatch;
  let thrown: unknown;

  async function start() {
    app = Fastify();
    watch = watchDatabaseFull(app, { now: () => new Date(now) });
    registerErrorHandler(app, watch);
    app.post("/write", async () => {
      if (thrown) throw thrown;
      return { ok: true };
    });
    await app.ready();
  }
  afterEach(() => app?.close());

  it("PostgreSQL's SQLSTATE 53100, wrapped by Drizzle, answers 507 with the uploads' words and Retry-After", async () => {
    await start();
    thrown = new DrizzleQueryError("insert into loads …", [], postgresDiskFull());
    const res = await app.inject({ method: "POST", url: "/write" });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ error: STORAGE_FULL_MSG });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(watch.full()).toBe(true);
  });

  it("the file system's ENOSPC answers 507 too; other resource errors (too many connections) stay 503", async () => {
    await start();
    thrown = new DrizzleQueryError("insert …", [], errnoError("ENOSPC") as Error);
    expect((await app.inject({ method: "POST", url: "/write" })).statusCode).toBe(507);
    const tooMany = new DatabaseError("sorry, too many clients already", 40, "error");
    tooMany.code = "53300";
    thrown = tooMany;
    const res = await app.inject({ method: "POST", url: "/write" });
    expect(res.statusCode).toBe(503);
  });

  it(`health says ${DATABASE_FULL_HEALTH} until a write goes through, or until a quiet spell with no refusal`, async () => {
    await start();
    thrown = postgresDiskFull();
    await app.inject({ method: "POST", url: "/write" });
    expect(watch.full()).toBe(true);
    thrown = undefined;
    expect((await app.inject({ method: "POST", url: "/write" })).statusCode).toBe(200);
    expect(watch.full()).toBe(false);

    thrown = postgresDiskFull();
    await app.inject({ method: "POST", url: "/write" });
    now += FULL_REMEMBERED_MS - 1_000;
    expect(watch.full()).toBe(true);
    now += 2_000;
    expect(watch.full()).toBe(false);
  });
});
