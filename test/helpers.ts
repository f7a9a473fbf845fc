// Shared test set-up: a fresh database per call from the migrated template, a
// real in-process SMTP server, and the real app. Nothing of ours is mocked.
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { openDatabase, type Database } from "../src/server/db/client";
import { buildApp, type App } from "../src/server/app";
import { testConfig, type Config } from "../src/server/config";
import type { Clock } from "../src/server/context";
import { startJobRunner, type JobRunner, type JobRunnerOptions } from "../src/server/modules/jobs/job-runner";
import { runPaths, withDb } from "./paths";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

function paths() {
  const runId = process.env.LB_TEST_RUN;
  if (!runId) throw new Error("test/global-setup.ts did not run");
  return { runId, ...runPaths(runId) };
}

export interface TestDatabase {
  database: Database;
  dataDir: string;
  databaseUrl?: string;
  /** open another handle on the same data (a second process, a restart) */
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * Puts a migrated, empty embedded database into `dataDir` (where a server started with
 * DATA_DIR=dataDir opens it): a copy of the run's template takes well under a second,
 * where creating one from nothing takes ~8 s on this machine.
 */
export function copyMigratedPglite(dataDir: string): void {
  // the template was opened with dataDir = pgliteTemplate, so its files are in pgliteTemplate/db
  cpSync(`${paths().pgliteTemplate}/db`, `${dataDir}/db`, { recursive: true });
}

export async function createTestDatabase(engine: Engine = "pglite"): Promise<TestDatabase> {
  const p = paths();
  const id = randomUUID().slice(0, 8);
  const dataDir = `${p.dir}/${id}`;
  mkdirSync(dataDir, { recursive: true });
  if (engine === "pglite") {
    copyMigratedPglite(dataDir);
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      reopen: () => openDatabase({ dataDir }),
      async drop() {
        await database.close().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `lbt_${p.runId}_${id}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${p.pgTemplateDb}"`);
  await admin.end();
  const databaseUrl = withDb(url, name);
  const database = await openDatabase({ dataDir, databaseUrl });
  return {
    database,
    dataDir,
    databaseUrl,
    reopen: () => openDatabase({ dataDir, databaseUrl }),
    async drop() {
      await database.close().catch(() => {});
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** make the next n deliveries fail: with a transient 421, or the reply code given (550: permanent) */
  failNext(n: number, responseCode?: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** `port`: listen there (a relay that comes back on the address the app already knows). */
export async function startSmtpSink(opts: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let failures = 0;
  let failCode = 421;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        const err = Object.assign(new Error(failCode >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: failCode });
        stream.on("end", () => callback(err));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext(n, responseCode = 421) {
      failures = n;
      failCode = responseCode;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const start = Date.now();
      while (messages.length < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} emails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A clock tests can set and move. */
export class TestClock implements Clock {
  constructor(private t = new Date()) {}
  now() {
    return new Date(this.t.getTime());
  }
  set(d: Date | string) {
    this.t = new Date(d);
  }
  advance(ms: number) {
    this.t = new Date(this.t.getTime() + ms);
  }
}

export interface TestApp {
  app: App;
  sink: SmtpSink;
  testDb: TestDatabase;
  config: Config;
  /** the outbox worker of this app (delivers its mail to the sink), unless started with jobs: false */
  jobs: JobRunner | null;
  close(): Promise<void>;
}

/** A test app's outbox worker: quick to notice due jobs and a relay that is back. */
export const TEST_JOB_RUNNER: JobRunnerOptions = { pollMs: 200, watchEveryMs: 100 };

export async function createTestApp(
  opts: {
    engine?: Engine;
    clock?: Clock;
    config?: Partial<Config>;
    serveWeb?: boolean;
    logStream?: NodeJS.WritableStream;
    /** the outbox worker's options; false: none (the test drives jobs itself) */
    jobs?: false | JobRunnerOptions;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(opts.engine ?? "pglite");
  const sink = await startSmtpSink();
  const config = testConfig({
    dataDir: testDb.dataDir,
    databaseUrl: testDb.databaseUrl,
    smtpUrl: sink.url,
    publicUrl: "http://localhost:5000",
    ...opts.config,
  });
  const app = await buildApp({ config, database: testDb.database, clock: opts.clock, serveWeb: opts.serveWeb ?? false, logStream: opts.logStream });
  await app.ready();
  const jobs = opts.jobs === false ? null : startJobRunner(app.ctx, { ...TEST_JOB_RUNNER, ...opts.jobs });
  return {
    app,
    sink,
    testDb,
    config,
    jobs,
    async close() {
      await jobs?.stop();
      await app.close();
      app.ctx.mail.close();
      await sink.close();
      await testDb.drop();
    },
  };
}

/** ms until check() holds; throws after `ms` (changes that reach this process by NOTIFY). */
export async function eventually(check: () => Promise<boolean>, ms = 1500): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}
