// What every module gets from buildApp(): configuration, database, mail, storage
// and a clock that tests can move (issue 7 schedule tests, token expiry).
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Mailer } from "./modules/email/mailer";
import type { LoadsVersionCache } from "./modules/loads/loads-version";
import type { SessionCache } from "./plugins/session-cache";

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mail: Mailer;
  clock: Clock;
  /** the loads change counter, cheaply (the poll path's ETag and per-version caches) */
  loadsVersion: LoadsVersionCache;
  /** verified sessions, for at most a second (the poll path without the database) */
  sessions: SessionCache;
}
