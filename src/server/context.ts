// What every module gets from buildApp(): configuration, database, mail, storage
// and a clock that tests can move (issue 7 schedule tests, token expiry).
// Modules import the context, never the reverse (issue 13): a part that a module
// provides is declared beside it (`declare module "../../context"`, as Fastify's
// own decorators are): `mail` in email/mailer.ts, `jobs` in jobs/job-registry.ts,
// `loadsVersion` in loads/loads-version.ts.
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { SessionCache } from "./plugins/session-cache";

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** verified sessions, for at most a second (the poll path without the database) */
  sessions: SessionCache;
}
