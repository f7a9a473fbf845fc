// What every module gets from buildApp(): configuration, database, mail, storage
// and a clock that tests can move (the email schedule's tests, token expiry).
// The context imports only what lies below it (config, db): a part provided by a
// layer above is declared beside it (`declare module "…/context"`, as Fastify's
// own decorators are): `sessions` in plugins/session-cache.ts, `mail` in
// mail/mailer.ts, `jobs` in modules/jobs/job-registry.ts, `loadsVersion` in
// modules/loads/loads-version.ts.
import type { Config } from "./config";
import type { Database, Db } from "./db/client";

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
}
