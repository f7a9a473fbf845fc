// The only place that reads process.env. Bad configuration stops the
// process with one clear line, before anything else happens.
import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";
import { SHIPPED_POSTCODE_DATA } from "./lib/paths";


const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://").optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email("ADMIN_EMAIL must be an email address").optional()),
  ADMIN_PASSWORD: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url("PUBLIC_URL must be a URL").optional()),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional()),
  SMTP_TLS_REJECT_UNAUTHORIZED: z.enum(["true", "false"]).default("true"),
  MAIL_FROM: z.string().default("no-reply@localhost"),
  NEW_USER_MAILBOX: z.string().default("newusers@localhost"),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  TZ_BUSINESS: z.string().default("Europe/London"),
  TRUST_PROXY: optionalText,
  POSTCODE_DATA: optionalText,
  DISTANCE_PROVIDER: z.enum(["centroid", "osrm"]).default("centroid"),
  OSRM_URL: optionalText,
  PRODUCT_NAME: z.string().default("Flatbed Network"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("development"),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // tests only (NODE_ENV=test): the server's clock starts at this instant and runs on
  TEST_NOW: optionalText.pipe(z.iso.datetime({ offset: true }).optional()),
  // webhooks to private/loopback/link-local addresses only when true
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  // how long a background job's claim holds without being renewed (a killed process's jobs are taken over after this)
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
  // connections kept for writing requests (PostgreSQL); 0 = writes share the
  // read pool and, on PGlite, queue with the reads (docs/decisions/0026-write-priority.md)
  DB_WRITE_POOL: z.coerce.number().int().min(0).max(50).default(4),
  // uploads are refused (503) while the local store's disk has less free space than this; 0: no floor
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  // GET /metrics: off unless one of these is set (a bearer token, and/or the addresses that may scrape)
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  METRICS_ALLOW: optionalText,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections kept for writing requests; 0: no write priority (db/write-priority.ts) */
  writePoolSize: number;
  adminEmail?: string;
  adminPassword?: string;
  publicUrl: string;
  smtpUrl?: string;
  smtpRejectUnauthorized: boolean;
  mailFrom: string;
  newUserMailbox: string;
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  businessTimeZone: string;
  /** proxies in front: how many hops, or which addresses (Fastify's trustProxy); false: none */
  trustProxy: TrustProxy;
  postcodeData?: string;
  distanceProvider: "centroid" | "osrm";
  osrmUrl?: string;
  productName: string;
  logLevel: string;
  production: boolean;
  sessionDays: number;
  /** NODE_ENV=test only: the instant the server's clock starts at */
  testNow?: Date;
  /** webhooks may go to private, loopback and link-local addresses */
  webhookAllowPrivate: boolean;
  /** the job runner's lease (modules/jobs/job-runner.ts), in ms */
  jobLeaseMs: number;
  /** how long a webhook delivery waits for an answer (10 s; tests shorten it) */
  webhookTimeoutMs: number;
  /** free bytes the local store's disk keeps: below it new uploads are refused with 503 (0: no floor; S3: none) */
  uploadMinFreeBytes: number;
  /** what a user's uploads not yet attached may hold at once (100 MB; tests lower it) */
  uploadBudgetBytes: number;
  /** GET /metrics (metrics/): undefined = off (404); otherwise every part that is set must hold */
  metrics?: MetricsAccess;
}

/** Who may read GET /metrics: the bearer token it must carry and/or the addresses (CIDRs) it must come from. */
export interface MetricsAccess {
  token?: string;
  allow?: string[];
}

export class ConfigError extends Error {}

/** false: no proxy; n: the right-most n X-Forwarded-For hops are proxies; a list: these addresses/CIDRs are. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy for a TrustProxy. Fastify treats a bare number as "trust no
 * hop" (it cannot tell a proxy from a direct client by count alone), so a count is
 * given as the function it means: the socket and the n-1 hops before it are proxies,
 * the client is the n-th address from the right. That is sound only when clients
 * can reach the server through the proxies alone (docs/deployment.md); otherwise
 * list the proxies' addresses.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === "number") return tp > 0 ? (_address, hop) => hop < tp : false;
  return tp;
}

const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix) === family) return true; // a netmask
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: trust only the proxies configured, never every hop, or a
 * client that writes its own left-most X-Forwarded-For address would escape every
 * per-address limit. A number is a hop count (the right-most n addresses are our
 * proxies); otherwise a comma list of proxy addresses or CIDRs (or proxy-addr's
 * loopback, linklocal, uniquelocal). true/yes mean one hop, as before.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "" || value === "false" || value === "no" || value === "off" || value === "0") return false;
  if (value === "true" || value === "yes" || value === "on") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw new ConfigError("Invalid configuration: TRUST_PROXY: at most 20 proxy hops");
    return hops;
  }
  const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
  const bad = entries.find((e) => !PROXY_RANGE_NAMES.has(e) && !isAddressOrCidr(e));
  if (bad !== undefined || !entries.length) {
    throw new ConfigError(
      `Invalid configuration: TRUST_PROXY: expected a number of proxy hops (e.g. 1) or a comma list of proxy addresses or CIDRs, not ${JSON.stringify(bad ?? raw)}`,
    );
  }
  return entries;
}

/** METRICS_TOKEN, METRICS_ALLOW: undefined when neither is set, so the endpoint stays off. */
export function parseMetricsAccess(token: string | undefined, allowRaw: string | undefined): MetricsAccess | undefined {
  const allow = allowRaw?.split(",").map((e) => e.trim()).filter(Boolean);
  // a netmask form (10.0.0.0/255.0.0.0) is refused: the check takes prefix lengths only
  const bad = allow?.find((e) => !isAddressOrCidr(e) || isIP(e.split("/")[1] ?? "") !== 0);
  if (bad !== undefined) {
    throw new ConfigError(`Invalid configuration: METRICS_ALLOW: expected a comma list of addresses or CIDRs, not ${JSON.stringify(bad)}`);
  }
  if (!token && !allow?.length) return undefined;
  return { token, allow: allow?.length ? allow : undefined };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0] ?? "")}: ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither");
  }
  if (e.TZ_BUSINESS) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: e.TZ_BUSINESS });
    } catch {
      throw new ConfigError(`Invalid configuration: TZ_BUSINESS: unknown time zone ${e.TZ_BUSINESS}`);
    }
  }
  if (e.DISTANCE_PROVIDER === "osrm" && !e.OSRM_URL) {
    throw new ConfigError("Invalid configuration: DISTANCE_PROVIDER=osrm needs OSRM_URL");
  }
  // contract: the table shipped in the repository unless POSTCODE_DATA names another
  const postcodeData = e.POSTCODE_DATA ?? (existsSync(SHIPPED_POSTCODE_DATA) ? SHIPPED_POSTCODE_DATA : undefined);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    writePoolSize: e.DB_WRITE_POOL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    smtpRejectUnauthorized: e.SMTP_TLS_REJECT_UNAUTHORIZED === "true",
    mailFrom: e.MAIL_FROM,
    newUserMailbox: e.NEW_USER_MAILBOX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    businessTimeZone: e.TZ_BUSINESS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    postcodeData,
    distanceProvider: e.DISTANCE_PROVIDER,
    osrmUrl: e.OSRM_URL,
    productName: e.PRODUCT_NAME,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === "production",
    sessionDays: e.SESSION_DAYS,
    testNow: e.TEST_NOW && e.NODE_ENV === "test" ? new Date(e.TEST_NOW) : undefined,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    webhookTimeoutMs: 10_000,
    uploadMinFreeBytes: e.UPLOAD_MIN_FREE_MB * 1024 * 1024,
    uploadBudgetBytes: 100 * 1024 * 1024,
    metrics: parseMetricsAccess(e.METRICS_TOKEN, e.METRICS_ALLOW),
  };
}

/**
 * `npm run demo`: the same configuration with demo defaults: its own data folder
 * (./data-demo) and, unless ADMIN_EMAIL/ADMIN_PASSWORD are set, a known admin.
 */
export function loadDemoConfig(
  demo: { adminEmail: string; adminPassword: string },
  env: Record<string, string | undefined> = process.env,
): Config {
  const adminSet = Boolean(env.ADMIN_EMAIL || env.ADMIN_PASSWORD);
  return loadConfig({
    ...env,
    DATA_DIR: env.DATA_DIR ?? "./data-demo",
    ...(adminSet ? {} : { ADMIN_EMAIL: demo.adminEmail, ADMIN_PASSWORD: demo.adminPassword }),
  });
}

/** Test helper: a config built from defaults plus overrides, never from the real environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // no disk floor unless a test sets one: a test machine short of space still runs the upload tests
  return { ...loadConfig({ LOG_LEVEL: "silent", PORT: "0" }), uploadMinFreeBytes: 0, ...overrides };
}
