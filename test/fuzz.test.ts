// Fuzz of every API route (no input, however malformed,
// produces a 500 or changes data it should not). For each route, FUZZ_CASES
// generated requests (default 300, which keeps `npm test` well under 15 minutes;
// `npm run fuzz` = 2500 per route, > 150,000 in all, and also demands that some
// cases of each route succeed) with hostile bodies, queries, path ids and headers, sent as admin,
// manager, carrier, a pending account and nobody. Every case must:
//  * never answer 5xx;
//  * when it answers 4xx, leave the data exactly as it was: a fingerprint of
//    every business table is taken before and after (see fingerprint());
//  * never show a password hash/field or reset token, and never show a carrier
//    (or anyone signed out) a private field of a load that is not theirs.
//
// PGlite by default: the fuzz is about input handling in our code, which is the
// same on both engines (the access matrix and the invariant tests run on
// PostgreSQL too), and PGlite needs no server. FUZZ_ENGINE=postgres (with
// TEST_DATABASE_URL) runs it on PostgreSQL. Failures are collected for the whole
// route and reported together with the seed (FUZZ_SEED reproduces a run); every
// route logs one line (cases, statuses, 5xx count, time) and the run ends with a
// total, the figures docs/reliability.md quotes.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";
import { createUser, login } from "./factories";
import { queryRows } from "../src/server/db/client";
import { companyDocuments, invoices } from "../src/server/db/schema";
import { authAttempts, bids, companies, loads, objects, sessions, users as usersTable, type LoadRow, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { issueApplicantToken } from "../src/server/modules/registration/registration.service";
import { LOAD_STATUSES } from "../src/contract/constants";
import { MAY_HOLD_SECRET, checkLeaks, secrets } from "./fuzz-support";
import {
  contentType,
  cookieMangle,
  enc,
  extraHeaders,
  fuzzBody,
  fuzzQuery,
  nastyString,
  origin,
  segment,
  type FuzzBody,
} from "./fuzz-arbitraries";

const CASES = Number(process.env.FUZZ_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SELF = "__SELF__";
const ENGINE = process.env.FUZZ_ENGINE === "postgres" ? "postgres" : "pglite";

type FuzzActor = "admin" | "manager" | "carrier" | "pending" | "anonymous";
const actorArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant<FuzzActor>("admin") },
  { weight: 2, arbitrary: fc.constant<FuzzActor>("manager") },
  { weight: 4, arbitrary: fc.constant<FuzzActor>("carrier") },
  { weight: 1, arbitrary: fc.constant<FuzzActor>("pending") },
  { weight: 2, arbitrary: fc.constant<FuzzActor>("anonymous") },
);

interface Targets {
  loadIds: string[];
  availableIds: string[];
  bidIds: string[];
  /** accounts the fuzz may edit, approve, reject or delete (never an actor) */
  userIds: string[];
  carrierIds: string[];
  emails: string[];
  objectPaths: string[];
  uploadTokens: string[];
  /** the carrier actor's company, the rival's and one without members */
  companyIds: string[];
  /** invoices of the carrier actor's company (issued, paid, void) and the rival's */
  invoiceIds: string[];
}

interface RouteCase {
  path: string;
  query: string;
  body: FuzzBody;
  /** route-specific headers (a resumable upload's Content-Range) */
  headers?: Record<string, string>;
}

interface FuzzRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "ANY";
  path: string;
  cases(tg: Targets): fc.Arbitrary<RouteCase>;
  actors?: fc.Arbitrary<FuzzActor>;
  /** send each case with a fresh session of the actor (login and logout end the session they get) */
  throwaway?: boolean;
  /** clear the throttle counters every n cases, so 429 does not mask the route's behaviour */
  resetAuthEvery?: number;
  /** no case can succeed by design (no valid token or password in the loop) */
  neverSucceeds?: boolean;
  /** route-specific set-up before its cases */
  setup?(t: TestApp, tg: Targets): Promise<void>;
  /** a cookie sent beside the actor's own in 3 cases of 4 (the registration calls' applicant cookie) */
  applicantCookie?: () => string;
  /** the Content-Type headers this route's cases draw from (default: mostly JSON) */
  contentType?: fc.Arbitrary<string | undefined>;
}

const noBody = fc.constant<FuzzBody>({ kind: "none" });
const id = (pool: readonly string[]) => segment(pool);
const uuidOr = (pool: readonly string[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() });

/** GET with only query and header fuzz. */
function getRoute(path: string, query?: fc.Arbitrary<Record<string, string>>, extra: Partial<FuzzRoute> = {}): FuzzRoute {
  return { method: "GET", path, cases: () => fc.record({ path: fc.constant(path), query: fuzzQuery(query), body: noBody }), ...extra };
}

/** A route with one `:id` from `pool` and a body mutated from `base`. */
function idRoute(
  method: FuzzRoute["method"],
  template: string,
  pool: (tg: Targets) => readonly string[],
  base?: (tg: Targets) => fc.Arbitrary<Record<string, unknown>>,
  extra: Partial<FuzzRoute> = {},
): FuzzRoute {
  return {
    method,
    path: template,
    cases: (tg) =>
      fc.record({
        path: id(pool(tg)).map((v) => template.replace(/:[a-z]+/, v)),
        query: fuzzQuery(),
        body: base ? fuzzBody(base(tg)) : fc.oneof({ weight: 4, arbitrary: noBody }, { weight: 1, arbitrary: fuzzBody() }),
      }),
    ...extra,
  };
}

/** A route without path parameters and a body mutated from `base`. */
function bodyRoute(method: FuzzRoute["method"], path: string, base?: (tg: Targets) => fc.Arbitrary<Record<string, unknown>>, extra: Partial<FuzzRoute> = {}): FuzzRoute {
  return {
    method,
    path,
    cases: (tg) => fc.record({ path: fc.constant(path), query: fuzzQuery(), body: base ? fuzzBody(base(tg)) : fuzzBody() }),
    ...extra,
  };
}

/** days for the invoice calls: today (UK), real days, days that only look like days, and not days at all */
const invoiceDay = fc.constantFrom(new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" }), "2026-11-01", "2020-01-01", "2099-12-31", "2026-02-30", "2026-13-01", "0000-01-01", "yesterday", "");
const text = (max = 40) => fc.oneof(fc.constantFrom("Leeds", "Bristol", "M1 1AE", "Steel coils"), fc.string({ minLength: 1, maxLength: max }));
const isoDate = fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
const loadBase = () =>
  fc.record(
    {
      loadNumber: fc.constantFrom("", `FZ-${randomUUID().slice(0, 6)}`, "FN-2026-001"),
      mandataNumber: fc.constantFrom("", "PO-2026-00077"),
      pickupAddress: text(),
      pickupCity: text(),
      pickupState: text(),
      pickupZip: fc.constantFrom("LS1 4AP", "M1 1AE"),
      pickupDate: isoDate,
      pickupTimeType: fc.constantFrom("exact", "before", "between"),
      pickupStartTime: fc.constantFrom("09:00", "", null),
      pickupEndTime: fc.constantFrom("17:30", "", null),
      pickupContact: text(),
      pickupReference: text(),
      pickupInstructions: text(),
      deliveryCity: text(),
      deliveryZip: fc.constantFrom("BS1 4DJ", "HU1 1AA"),
      deliveryDate: isoDate,
      deliveryTimeType: fc.constantFrom("exact", "before", "between"),
      weight: fc.integer({ min: 0, max: 1_000_000 }),
      length: fc.constantFrom(13.6, 0, 9999.9),
      width: fc.constantFrom(2.5, 999.9),
      height: fc.constantFrom(3, 0.1),
      distance: fc.integer({ min: 0, max: 100_000 }),
      price: fc.oneof(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom(0, 0.01, 1250.5)),
      cargoType: text(),
      equipmentType: fc.constantFrom("Flatbed", "Curtain", "MOL"),
      isUrgent: fc.boolean(),
      adr: fc.boolean(),
      forsRequirement: fc.constantFrom("", "Bronze", "Silver", "Gold"),
      pickupSignedBy: fc.constantFrom(null, "Pat"),
      deliverySignedBy: fc.constantFrom(null, "Dee"),
    },
    { requiredKeys: ["pickupCity", "deliveryCity", "price"] },
  );

const podBase = (tg: Targets) =>
  fc.record(
    {
      pickupSignedBy: text(),
      // random dates are mostly refused (in the future, or delivery before pickup);
      // a signed-yesterday pair keeps cases that get past validation
      pickupSignedDate: fc.oneof({ arbitrary: fc.constant(new Date(Date.now() - 30 * 3600_000).toISOString()), weight: 9 }, { arbitrary: isoDate, weight: 1 }),
      deliverySignedBy: text(),
      deliverySignedDate: fc.oneof({ arbitrary: fc.constant(new Date(Date.now() - 20 * 3600_000).toISOString()), weight: 9 }, { arbitrary: isoDate, weight: 1 }),
      signedPaperworkUrl: fc.oneof(fc.constantFrom(...tg.objectPaths), fc.constantFrom("", null, "/objects/../etc/passwd", "http://evil.example/objects/x", `/api/objects/upload/${"a".repeat(43)}`)),
    },
    { requiredKeys: ["pickupSignedBy", "pickupSignedDate", "deliverySignedBy", "deliverySignedDate"] },
  );

const userBase = (tg: Targets) =>
  fc.record(
    {
      name: text(),
      carrierName: text(),
      contactNumber: fc.constantFrom("+44 7700 900123", "0113 000 0000", "123"),
      email: fc.oneof(fc.uuid().map((u) => `fz-${u.slice(0, 8)}@example.com`), fc.constantFrom(...tg.emails)),
      password: fc.constantFrom("", "", "", "Fuzzed1!pass"),
      role: fc.constantFrom("carrier", "manager", "admin"),
      isAdmin: fc.boolean(),
      isApproved: fc.boolean(),
    },
    { requiredKeys: ["name"] },
  );

const companyBase = () =>
  fc.record(
    {
      name: fc.oneof(text(), fc.constantFrom("", "Fuzz Haulage Ltd", " fuzz HAULAGE ltd ")),
      companyNumber: fc.constantFrom("01234567", "sc 123456", "1234567", "", "ABC12345"),
      vatNumber: fc.constantFrom("GB123456789", "GB 123 4567 89 012", "123", ""),
      operatorLicence: fc.constantFrom("OB1234567", "ob 1234567", "O1", ""),
      forsLevel: fc.constantFrom("", "Bronze", "Silver", "Gold", "Platinum"),
    },
    { requiredKeys: [] },
  );

const PDF = Buffer.from("%PDF-1.4\n%fuzz\n");

// company documents: pending documents of the carrier's company to review, and
// fresh uploads of the carrier's own to post (each can be posted once)
const documentTargets = { ids: [] as string[], uploads: [] as string[] };
async function seedDocumentTargets(t: TestApp, tg: Targets): Promise<void> {
  const rows = await t.app.ctx.db
    .insert(companyDocuments)
    .values([0, 1, 2, 3].map((i) => ({ companyId: tg.companyIds[0], kind: "goods_in_transit", objectPath: `/objects/${randomUUID()}`, expiresOn: "2099-06-30", status: i === 3 ? "verified" : "pending" })))
    .returning({ id: companyDocuments.id });
  documentTargets.ids = rows.map((r) => r.id);
  const cookie = await sessionFor(t, tg.carrierIds[0]);
  documentTargets.uploads = [];
  for (let i = 0; i < 3; i++) {
    const ticket = (await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } })).json() as { uploadURL: string; objectPath: string };
    await t.app.inject({ method: "PUT", url: ticket.uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
    documentTargets.uploads.push(ticket.objectPath);
  }
}
const documentBase = (tg: Targets) =>
  fc.record(
    {
      kind: fc.constantFrom("vehicle_insurance", "goods_in_transit", "fors_certificate", "passport"),
      objectPath: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...documentTargets.uploads) }, { weight: 1, arbitrary: fc.constantFrom(...tg.objectPaths, "/objects/nope") }),
      expiresOn: fc.constantFrom("2099-01-31", "2099-01-31", "2020-01-01", "2026-02-30", "31/01/2099"),
      coverAmount: fc.oneof(fc.constant(null), fc.constantFrom(250000, -1, 0, 1e12)),
    },
    { requiredKeys: ["kind", "objectPath", "expiresOn"] },
  );
// registration with documents: a fresh applicant (a pending account and its cookie, as
// POST /api/register issues them) for each route, finished uploads of theirs to post and unused URLs
const applicantTargets = { cookie: "", uploads: [] as string[], tokens: [] as string[] };
async function seedApplicant(t: TestApp): Promise<void> {
  const user = await createUser(t.app, { isApproved: false, carrierName: `Applicant ${randomUUID().slice(0, 6)} Ltd` });
  const { token } = await issueApplicantToken({ tx: t.app.ctx.db, userId: user.id, now: t.app.ctx.clock.now() });
  const cookie = `applicant=${token}`;
  Object.assign(applicantTargets, { cookie, uploads: [], tokens: [] });
  // an applicant gets 4 tickets in all (contract "Upload budgets"): 3 files and 1 unused URL
  for (let i = 0; i < 4; i++) {
    const { uploadURL, objectPath } = (await t.app.inject({ method: "POST", url: "/api/registration/upload", headers: { cookie } })).json() as { uploadURL: string; objectPath: string };
    if (i < 3) {
      await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
      applicantTargets.uploads.push(objectPath);
    } else applicantTargets.tokens.push(uploadURL.split("/").pop()!);
  }
}
const applicantRoute = { setup: seedApplicant, applicantCookie: () => applicantTargets.cookie };
const registrationDocumentBase = (tg: Targets) =>
  fc.record(
    {
      kind: fc.constantFrom("vehicle_insurance", "goods_in_transit", "fors_certificate", "passport"),
      objectPath: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...applicantTargets.uploads) }, { weight: 1, arbitrary: fc.constantFrom(...tg.objectPaths, "/objects/nope") }),
      expiresOn: fc.constantFrom("2099-01-31", "2099-01-31", "2020-01-01", "2026-02-30", "31/01/2099"),
      coverAmount: fc.oneof(fc.constant(null), fc.constantFrom(250000, -1, 0, 1e12)),
    },
    { requiredKeys: ["kind", "objectPath", "expiresOn"] },
  );
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const uploadBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: "raw", text: PDF }),
  fc.constant<FuzzBody>({ kind: "raw", text: PNG }),
  fc.constant<FuzzBody>({ kind: "raw", text: Buffer.concat([PDF, Buffer.alloc(100_000, 0x41)]) }),
  fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.from(a) })),
  fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.concat([PDF.subarray(0, 5), Buffer.from(a)]) })),
  fc.constant<FuzzBody>({ kind: "none" }),
  fuzzBody(),
);

/** An import file: the columns, then rows whose cells are good, hostile, formulas or missing (a CSV line of quoted cells). */
const csvCell = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("Leeds", "LS1 4AP", "2099-01-31", "850", "-1", "yes", "Flatbed", "", "ZZ9 9ZZ", "2020-01-01", "FN-2026-001") },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom("=HYPERLINK(\"http://evil.example\")", "@SUM(1)", "\t=1", "+44 7700 900123") },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
const IMPORT_HEADER = ["loadNumber", "pickupCity", "pickupZip", "pickupDate", "deliveryCity", "deliveryZip", "deliveryDate", "price", "weight", "isUrgent", "cargoType"];
const quoteCell = (v: string) => `"${v.replaceAll('"', '""')}"`;
const importBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 6, arbitrary: fc
    .array(fc.array(csvCell, { minLength: IMPORT_HEADER.length - 1, maxLength: IMPORT_HEADER.length + 1 }), { minLength: 0, maxLength: 6 })
    .map((rows): FuzzBody => ({ kind: "raw", text: Buffer.from([IMPORT_HEADER.join(","), ...rows.map((r) => r.map(quoteCell).join(","))].join("\r\n")) })) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a): FuzzBody => ({ kind: "raw", text: Buffer.from(a) })) },
  { weight: 1, arbitrary: fuzzBody() },
);

const savedSearchBase = () =>
  fc.record(
    {
      name: text(),
      alert: fc.constantFrom("instant", "daily", "off", "hourly"),
      filters: fc.record(
        {
          search: text(),
          weight: fc.constantFrom("gt10000", "bogus"),
          status: fc.constantFrom("available", "nope"),
          pickupNear: fc.record({ postcode: fc.constantFrom("LS1", "ZZ9", "x"), miles: fc.constantFrom(10, 300, 5, 1.5) }),
          deliveryNear: fc.constant(null),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
const rateParams = {
  pickup: fc.oneof(fc.constantFrom("LS1", "ls1 4ap", " B5 ", "B", "ZZ9 9ZZ", "HELLO", "", " "), nastyString),
  delivery: fc.constantFrom("B5", "EC1A 1BB", "12345", ""),
  equipmentType: fc.constantFrom("Flatbed", "MOL", "all", "Lorry", ""),
};

const ROUTES: FuzzRoute[] = [
  // ---------------------------------------------------------------- app and public
  getRoute("/api/health"),
  getRoute("/api/health/live"),
  getRoute("/api/public-config"),
  getRoute("/manifest.webmanifest"),
  getRoute("/api/pdf/user-guide", fc.record({ version: fc.constantFrom("1.0", "2.0", "1.0 "), download: fc.constantFrom("1", "true", "0") }, { requiredKeys: [] })),
  {
    // unknown paths and methods: 404 (or 405/415/403), never a 500
    method: "ANY",
    path: "/api/<unknown>",
    cases: () =>
      fc.record({
        path: fc.array(fc.oneof(nastyString.map(enc), fc.string({ maxLength: 12 }).map(enc)), { minLength: 1, maxLength: 4 }).map((p) => `/api/zz${p.join("/")}`),
        query: fuzzQuery(),
        body: fuzzBody(),
      }),
  },
  // ---------------------------------------------------------------- auth
  bodyRoute(
    "POST",
    "/api/login",
    // never the real password: no successful login (and no argon2 hash) in the loop
    (tg) => fc.record({ email: fc.constantFrom(...tg.emails, "nobody@example.com"), password: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), nastyString) }),
    { throwaway: true, resetAuthEvery: 200, neverSucceeds: true },
  ),
  bodyRoute("POST", "/api/logout", undefined, { throwaway: true }),
  bodyRoute(
    "POST",
    "/api/register",
    (tg) =>
      fc.record({
        email: fc.oneof({ weight: 5, arbitrary: fc.uuid().map((u) => `fz-${u.slice(0, 8)}@example.com`) }, { weight: 1, arbitrary: fc.constantFrom(...tg.emails) }),
        password: fc.constantFrom("Register1!pass", "short"),
        name: text(),
        carrierName: text(),
        contactNumber: fc.constantFrom("+44 7700 900123", "(0113) 000-0000"),
        role: fc.constantFrom("carrier", "manager", "admin"),
        isAdmin: fc.boolean(),
      }),
    { resetAuthEvery: 100 },
  ),
  bodyRoute("POST", "/api/auth/forgot-password", (tg) => fc.record({ email: fc.constantFrom(...tg.emails, "nobody@example.com") }), { resetAuthEvery: 15 }),
  bodyRoute("POST", "/api/auth/reset-password", () => fc.record({ token: fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.constant(randomToken())), newPassword: fc.constantFrom("Reset1!password", "weak") }), { neverSucceeds: true }),
  idRoute("PATCH", "/api/users/:id/change-password", (tg) => [SELF, SELF, ...tg.userIds], () =>
    fc.record({ currentPassword: fc.oneof(fc.constant("Wrong1!current"), fc.string({ minLength: 1, maxLength: 20 })), newPassword: fc.constantFrom("Changed1!pass", "weak") }),
    { neverSucceeds: true },
  ),
  getRoute("/api/auth/user"),
  // ---------------------------------------------------------------- users
  getRoute("/api/users"),
  getRoute("/api/users/carrier"),
  getRoute("/api/users/pending"),
  idRoute("POST", "/api/users/:id/approve", (tg) => tg.userIds),
  idRoute("POST", "/api/users/:id/reject", (tg) => tg.userIds),
  idRoute("PUT", "/api/users/:id", (tg) => [SELF, ...tg.userIds], userBase),
  idRoute("DELETE", "/api/users/:id", (tg) => [SELF, ...tg.userIds]),
  // ---------------------------------------------------------------- loads
  getRoute(
    "/api/loads",
    fc.record(
      {
        search: fc.constantFrom("FN", "leeds", "Bristol", "%", "_", "\\"),
        weight: fc.constantFrom("lt1000", "1000-5000", "gt10000", "all"),
        distance: fc.constantFrom("lt100", "100-300", "gt500", "all"),
        price: fc.constantFrom("500-1000", "gt5000", "all"),
        status: fc.constantFrom("available", "accepted,approved", "completed,cancelled", "all"),
        equipmentType: fc.constantFrom("Flatbed", "MOL", "all"),
        carrier: fc.constantFrom("unassigned", "Fuzz Haulage Ltd", "a,b,unassigned"),
        from: fc.constantFrom("2026-11-01", "2026-02-29"),
        to: fc.constantFrom("2026-12-31", "2027-01-01"),
        limit: fc.constantFrom("1", "50", "500", "1000", "1001"),
        offset: fc.constantFrom("0", "3", "1000000"),
        sort: fc.constantFrom("-pickupDate", "pickupDate", "price", "-price", "ratePerMile", "-ratePerMile", "distance", "-createdAt", "bogus"),
        pickupNear: fc.constantFrom("LS1", "ls1 4ap", "ZZ9 9ZZ", "HELLO", ""),
        pickupMiles: fc.constantFrom("10", "50", "300", "5", "301", "x"),
        deliveryNear: fc.constantFrom("BS1", "M1 1AE", "SW1A"),
        deliveryMiles: fc.constantFrom("25", "1e3"),
      },
      { requiredKeys: [] },
    ),
  ),
  getRoute("/api/loads/next-number"),
  // ---------------------------------------------------------------- saved searches
  // ---------------------------------------------------------------- notifications
  getRoute("/api/notifications", fc.record({ unread: fc.constantFrom("true", "false", "yes"), limit: fc.constantFrom("1", "200", "201", "-1"), offset: fc.constantFrom("0", "5", "x") }, { requiredKeys: [] })),
  bodyRoute("POST", "/api/notifications/read"),
  getRoute("/api/notification-preferences"),
  bodyRoute("PUT", "/api/notification-preferences", () => fc.record({ email: fc.record({ bid_placed: fc.boolean(), load_approved: fc.boolean() }, { requiredKeys: [] }) })),
  // no validly signed token in the loop: every case is a refusal by design
  getRoute("/api/unsubscribe", fc.record({ token: fc.oneof(nastyString, fc.constant("00000000-0000-0000-0000-000000000000.bid_placed.x")) }, { requiredKeys: [] }), { neverSucceeds: true }),
  bodyRoute("POST", "/api/unsubscribe", undefined, { neverSucceeds: true }),
  getRoute("/api/saved-searches", fc.record({ limit: fc.constantFrom("1", "200", "201"), offset: fc.constantFrom("0", "5") }, { requiredKeys: [] })),
  bodyRoute("POST", "/api/saved-searches", savedSearchBase),
  // the id pool holds no saved search, so these probe the 404 and validation paths only
  idRoute("PUT", "/api/saved-searches/:id", (tg) => tg.loadIds, savedSearchBase, { neverSucceeds: true }),
  idRoute("DELETE", "/api/saved-searches/:id", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  getRoute("/api/loads/next-po-number"),
  idRoute("GET", "/api/loads/:id", (tg) => tg.loadIds),
  idRoute("GET", "/api/loads/:id/views", (tg) => tg.loadIds),
  idRoute("GET", "/api/loads/:id/events", (tg) => tg.loadIds),
  idRoute("GET", "/api/loads/:id/bids", (tg) => tg.loadIds),
  bodyRoute("POST", "/api/loads", loadBase),
  idRoute("PUT", "/api/loads/:id", (tg) => tg.loadIds, loadBase),
  idRoute("POST", "/api/loads/:id/copy", (tg) => tg.loadIds),
  idRoute("PATCH", "/api/loads/:id/accept", (tg) => tg.loadIds, (tg) => fc.record({ userId: fc.constantFrom(SELF, SELF, ...tg.carrierIds) }, { requiredKeys: [] })),
  idRoute("PATCH", "/api/loads/:id/status", (tg) => tg.loadIds, (tg) =>
    fc.record(
      {
        status: fc.constantFrom(...LOAD_STATUSES),
        userId: fc.constant(SELF),
        acceptedBy: fc.oneof(uuidOr(tg.carrierIds), fc.constant(null)),
        acceptedByCarrier: fc.oneof(text(), fc.constant(null)),
        reason: text(),
      },
      { requiredKeys: ["status"] },
    ),
  ),
  idRoute("PATCH", "/api/loads/:id/reset-to-available", (tg) => tg.loadIds),
  idRoute("POST", "/api/loads/:id/view", (tg) => tg.loadIds),
  // ---------------------------------------------------------------- bids
  bodyRoute("POST", "/api/bids", (tg) =>
    fc.record({ loadId: uuidOr(tg.loadIds), bidAmount: fc.oneof(fc.double({ min: 0.01, max: 99_999, noNaN: true }), fc.constantFrom(0.01, 1250)), notes: text() }, { requiredKeys: ["loadId", "bidAmount"] }),
  ),
  getRoute("/api/user/bids"),
  getRoute("/api/admin/bids"),
  getRoute("/api/loads/with-bids"),
  idRoute("POST", "/api/bids/:id/accept", (tg) => tg.bidIds),
  idRoute("POST", "/api/bids/:id/reject", (tg) => tg.bidIds),
  // ---------------------------------------------------------------- POD and files
  idRoute("PUT", "/api/loads/:id/pod", (tg) => tg.loadIds, podBase),
  bodyRoute("POST", "/api/objects/upload"),
  {
    method: "PUT",
    path: "/api/objects/upload/:token",
    cases: (tg) =>
      fc.record({
        path: segment(tg.uploadTokens).map((tok) => `/api/objects/upload/${tok}`),
        query: fuzzQuery(),
        body: uploadBody,
      }),
  },
  idRoute("GET", "/objects/:key", (tg) => tg.objectPaths.map((p) => p.slice("/objects/".length))),
  // CSV load import: hostile files, mostly as text/csv, dry run or commit
  {
    method: "POST",
    path: "/api/loads/import",
    cases: () => fc.record({ path: fc.constant("/api/loads/import"), query: fc.constantFrom("dryRun=true", "dryRun=true", "", "dryRun=maybe"), body: importBody }),
    contentType: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("text/csv", "text/csv; charset=utf-8") }, { weight: 1, arbitrary: contentType }),
  },
  getRoute("/api/loads/import/template.csv"),
  bodyRoute("POST", "/api/calculate-distance", () =>
    fc.record({ pickupPostcode: fc.constantFrom("LS1 4AP", "ls14ap", "M1", "ZZ99 9ZZ", "BT1 1AA"), deliveryPostcode: fc.constantFrom("BS1 4DJ", "EC1A 1BB", "") }),
  ),
  // ---------------------------------------------------------------- lane rates
  {
    method: "GET",
    path: "/api/rates/lane",
    cases: (tg) =>
      fc.record({
        path: fc.constant("/api/rates/lane"),
        query: fuzzQuery(
          fc.oneof(
            // the contract's form, the bid dialog's form (a load of any status, a stranger's id), and both mixed
            fc.record({ pickup: rateParams.pickup, delivery: rateParams.delivery, equipmentType: rateParams.equipmentType }, { requiredKeys: ["pickup", "delivery"] }),
            fc.record({ loadId: uuidOr(tg.loadIds), equipmentType: rateParams.equipmentType }, { requiredKeys: ["loadId"] }),
            fc.record({ ...rateParams, loadId: fc.oneof(uuidOr(tg.loadIds), fc.constant("not-a-uuid")) }, { requiredKeys: [] }),
          ),
        ),
        body: noBody,
      }),
  },
  // ---------------------------------------------------------------- CSV exports: each takes its tab's list query
  ...(["/api/export/loads.csv", "/api/export/bids.csv"] as const).map((path) =>
    getRoute(
      path,
      fc.record(
        {
          search: fc.constantFrom("FN", "leeds", "%", "_", "\\", "=HYPERLINK"),
          status: fc.constantFrom("available", "accepted,approved", "expired,cancelled", "all", "nope"),
          carrier: fc.constantFrom("unassigned", "Fuzz Haulage Ltd", "a,b,unassigned"),
          weight: fc.constantFrom("gt10000", "all", "heavy"),
          from: fc.constantFrom("2026-11-01", "2026-02-29"),
          to: fc.constantFrom("2026-12-31", "1999-01-01"),
          sort: fc.constantFrom("-pickupDate", "pickupDate", "price", "-price", "ratePerMile", "-ratePerMile", "distance", "-createdAt", "bogus"),
          pickupNear: fc.constantFrom("LS1", "ZZ9 9ZZ", ""),
          limit: fc.constantFrom("1", "1000", "1001", "0"),
          offset: fc.constantFrom("0", "3", "1000000", "-1"),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
  ...(["/api/export/users.csv", "/api/export/carriers.csv"] as const).map((path) =>
    getRoute(
      path,
      fc.record(
        {
          search: fc.constantFrom("fuzz", "Ltd", "%", "@"),
          sort: fc.constantFrom("name", "-totalEarnings", "carrierName", "-acceptedLoads", "-joinedAt", "lastLoginAt", "password"),
          limit: fc.constantFrom("1", "1000", "1001"),
          offset: fc.constantFrom("0", "2", "x"),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
  // ---------------------------------------------------------------- the company record
  getRoute(
    "/api/companies",
    fc.record(
      {
        search: fc.constantFrom("Fuzz", "ltd", "%", "_", "\\"),
        compliance: fc.constantFrom("compliant", "expiring", "non_compliant", "good"),
        sort: fc.constantFrom("name", "-name", "memberCount", "-memberCount", "compliance", "-compliance", "createdAt", "-createdAt", "size"),
        limit: fc.constantFrom("1", "50", "200", "201", "0"),
        offset: fc.constantFrom("0", "2", "-1", "x"),
      },
      { requiredKeys: [] },
    ),
  ),
  idRoute("GET", "/api/companies/:id", (tg) => tg.companyIds),
  idRoute("PUT", "/api/companies/:id", (tg) => tg.companyIds, companyBase),
  idRoute("POST", "/api/companies/:id/merge", (tg) => tg.companyIds, (tg) => fc.record({ intoId: uuidOr(tg.companyIds) }, { requiredKeys: [] })),
  idRoute("POST", "/api/companies/:id/vat-number/confirm", (tg) => tg.companyIds, () => fc.record({ vatNumber: fc.constantFrom("GB123456789", "gb 123 4567 89", "", "x") }, { requiredKeys: [] })),
  idRoute("PUT", "/api/users/:id/company", (tg) => [SELF, ...tg.userIds], (tg) => fc.record({ companyId: uuidOr(tg.companyIds) }, { requiredKeys: [] })),
  // ---------------------------------------------------------------- company documents and compliance
  idRoute("GET", "/api/companies/:id/documents", (tg) => tg.companyIds),
  idRoute("POST", "/api/companies/:id/documents", (tg) => tg.companyIds, documentBase, { setup: seedDocumentTargets }),
  idRoute("POST", "/api/documents/:id/verify", () => documentTargets.ids, undefined, { setup: seedDocumentTargets }),
  idRoute("POST", "/api/documents/:id/reject", () => documentTargets.ids, () => fc.record({ reason: text() }, { requiredKeys: [] }), { setup: seedDocumentTargets }),
  getRoute(
    "/api/documents",
    fc.record({ view: fc.constantFrom("pending", "expiring", "expired", "all", ""), limit: fc.constantFrom("1", "1000", "1001"), offset: fc.constantFrom("0", "3", "x") }, { requiredKeys: [] }),
  ),
  getRoute("/api/compliance/summary"),
  // ---------------------------------------------------------------- registration with documents
  bodyRoute("POST", "/api/registration/upload", undefined, applicantRoute),
  {
    method: "PUT",
    path: "/api/registration/upload/:token",
    cases: () => fc.record({ path: segment(applicantTargets.tokens).map((tok) => `/api/registration/upload/${tok}`), query: fuzzQuery(), body: uploadBody }),
    ...applicantRoute,
  },
  bodyRoute("POST", "/api/registration/documents", registrationDocumentBase, applicantRoute),
  getRoute("/api/registration/documents", undefined, applicantRoute),
  getRoute("/api/compliance/me"),
  getRoute("/api/admin/compliance-settings"),
  // requireCompliance stays off for the routes after this one (staff are never checked anyway)
  bodyRoute("PUT", "/api/admin/compliance-settings", () => fc.record({ requireCompliance: fc.constant(false), enforceFors: fc.boolean() })),
  // ---------------------------------------------------------------- admin email, stats, live
  bodyRoute("POST", "/api/admin/send-available-loads-email", undefined, {
    // the call takes no input; with no available load it answers without sending
    // mail, which keeps 1,000 cases to seconds (sending is tested in the email module)
    async setup(t) {
      await t.app.ctx.db.update(loads).set({ status: "cancelled" }).where(sql`${loads.status} = 'available'`);
    },
  }),
  getRoute("/api/admin/email-schedule-settings"),
  // the mail outbox: paging and status checked; the ids name no mail or batch
  // (resend and progress with real ones are tested in the email module)
  getRoute(
    "/api/admin/mail",
    fc.record(
      { status: fc.constantFrom("failed", "queued", "sent", "done", ""), limit: fc.constantFrom("1", "200", "201", "0", "-1", "x"), offset: fc.constantFrom("0", "3", "-1", "1e9") },
      { requiredKeys: [] },
    ),
  ),
  idRoute("POST", "/api/admin/mail/:id/resend", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  idRoute("GET", "/api/admin/mail/batches/:id", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  bodyRoute("PUT", "/api/admin/email-schedule-settings", () =>
    fc.record({
      enabled: fc.boolean(),
      frequency: fc.constantFrom("daily", "weekly"),
      time: fc.constantFrom("09:00", "23:59", "00:00"),
      daysOfWeek: fc.subarray(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
    }),
  ),
  getRoute("/api/stats"),
  // ---------------------------------------------------------------- self-billing invoices
  getRoute(
    "/api/invoices",
    fc.record(
      {
        status: fc.constantFrom("issued", "paid", "void", "overdue", ""),
        carrier: fc.oneof(fc.constantFrom("Fuzz", "%", "_", "\\"), nastyString),
        from: invoiceDay,
        to: invoiceDay,
        overdue: fc.constantFrom("true", "false", "yes", ""),
        limit: fc.constantFrom("1", "50", "200", "201", "0", "-1", "x"),
        offset: fc.constantFrom("0", "2", "-1", "1e9"),
      },
      { requiredKeys: [] },
    ),
  ),
  // the staff Invoices tab's export: the list's query
  getRoute(
    "/api/export/invoices.csv",
    fc.record({ status: fc.constantFrom("issued", "paid", "void", "x"), carrier: fc.oneof(fc.constant("Fuzz"), nastyString), from: invoiceDay, to: invoiceDay, overdue: fc.constantFrom("true", "false", "1") }, { requiredKeys: [] }),
  ),
  idRoute("GET", "/api/invoices/:id", (tg) => tg.invoiceIds),
  idRoute("GET", "/api/invoices/:id/pdf", (tg) => tg.invoiceIds),
  {
    method: "GET",
    path: "/api/invoices/statement",
    cases: (tg) =>
      fc.record({
        path: fc.constant("/api/invoices/statement"),
        query: fuzzQuery(
          fc.record(
            { from: invoiceDay, to: invoiceDay, format: fc.constantFrom("pdf", "csv", "xls", ""), companyId: fc.oneof(uuidOr(tg.companyIds), fc.constant("not-a-uuid")), download: fc.constantFrom("1", "true", "") },
            { requiredKeys: ["from", "to"] },
          ),
        ),
        body: noBody,
      }),
  },
  idRoute("POST", "/api/invoices/:id/paid", (tg) => tg.invoiceIds, () => fc.record({ paidOn: invoiceDay, paymentReference: text() })),
  bodyRoute("POST", "/api/invoices/paid", (tg) =>
    fc.record({ ids: fc.array(uuidOr(tg.invoiceIds), { maxLength: 6 }), paidOn: invoiceDay, paymentReference: text() }),
  ),
  getRoute("/api/admin/invoice-settings"),
  bodyRoute("PUT", "/api/admin/invoice-settings", () =>
    fc.record({
      paymentTermsDays: fc.oneof(fc.constantFrom(0, 14, 30, 365, 366, -1, 2.5), fc.integer()),
      companyName: text(),
      companyAddress: text(200),
      companyVatNumber: fc.constantFrom("GB123456789", "", "x".repeat(21)),
    }),
  ),
  // the staff insight page: weeks 1–104, anything else 400
  getRoute("/api/insight", fc.record({ weeks: fc.constantFrom("1", "4", "12", "52", "104", "105", "0", "-3", "2.5", "1e3", "twelve", "") }, { requiredKeys: [] })),
  // a signed-in stream never ends (the matrix test opens one over real HTTP); here: everyone else
  getRoute("/api/live", undefined, { actors: fc.constantFrom<FuzzActor>("anonymous", "pending"), neverSucceeds: true }),
  // ---------------------------------------------------------------- integrations
  getRoute("/api/openapi.json"),
  getRoute("/api/docs"),
  bodyRoute("POST", "/api/admin/api-tokens", () =>
    fc.record(
      {
        name: fc.oneof(fc.constantFrom("TMS", "", " "), nastyString),
        // mostly real scopes, so some cases are created (201); sometimes unknown ones
        scopes: fc.oneof(fc.subarray(["loads:read", "loads:write", "bids:read", "bids:write", "users:read"], { minLength: 1 }), fc.subarray(["loads:read", "admin", ""])),
        expiresOn: fc.constantFrom("2099-12-31", "2020-01-01", "2026-02-30", "tomorrow", null),
      },
      { requiredKeys: ["name", "scopes"] },
    ),
  ),
  getRoute("/api/admin/api-tokens", fc.record({ limit: fc.constantFrom("1", "200", "201", "0", "x"), offset: fc.constantFrom("0", "-1", "1e9") }, { requiredKeys: [] })),
  idRoute("DELETE", "/api/admin/api-tokens/:id", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  // webhooks: URLs that need no DNS (an address, a TEST-NET one, or not a URL)
  bodyRoute("POST", "/api/admin/webhooks", () =>
    fc.record(
      {
        // mostly an address it may send to and real events, so some cases are created (201)
        // and the long run's some-case-succeeds check holds; the rest are refused ones
        url: fc.oneof(
          { weight: 3, arbitrary: fc.constant("https://93.184.216.34/hook") },
          { weight: 2, arbitrary: fc.constantFrom("http://127.0.0.1/x", "http://[::1]/", "http://169.254.169.254/", "ftp://192.0.2.1/", "not a url", "") },
        ),
        events: fc.oneof(
          { weight: 3, arbitrary: fc.subarray(["load.created", "invoice.paid", "bid.placed"], { minLength: 1 }) },
          { weight: 1, arbitrary: fc.subarray(["load.created", "invoice.paid", "bid.placed", "load.exploded", ""]) },
        ),
        description: fc.oneof(fc.constant(null), text()),
      },
      { requiredKeys: ["url", "events"] },
    ),
  ),
  getRoute("/api/admin/webhooks"),
  idRoute("PUT", "/api/admin/webhooks/:id", (tg) => tg.loadIds, () => fc.record({ url: fc.constantFrom("https://192.0.2.21/", "http://10.0.0.1/"), events: fc.constant(["invoice.paid"]) }), { neverSucceeds: true }),
  idRoute("DELETE", "/api/admin/webhooks/:id", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  idRoute("GET", "/api/admin/webhooks/:id/deliveries", (tg) => tg.loadIds, undefined, { neverSucceeds: true }),
  {
    method: "POST",
    path: "/api/admin/webhooks/:id/deliveries/:deliveryId/retry",
    neverSucceeds: true,
    cases: (tg) =>
      fc.record({
        path: fc.tuple(id(tg.loadIds), id(tg.loadIds)).map(([a, b]) => `/api/admin/webhooks/${a}/deliveries/${b}/retry`),
        query: fuzzQuery(),
        body: noBody,
      }),
  },
  // (at the end, so the seeds of the routes before stay as they were)
  // resumable uploads: chunks with good, wrong and hostile Content-Range headers; the held offset
  {
    method: "PUT",
    path: "/api/objects/upload/:token (Content-Range)",
    cases: (tg) => {
      const path = segment(tg.uploadTokens).map((tok) => `/api/objects/upload/${tok}`);
      // a well-formed chunk of a PDF: the whole file in one (200) or the first of two (202)
      const matched = fc.record({ path, query: fc.constant(""), body: fc.constantFrom(PDF, Buffer.concat([PDF, Buffer.alloc(100_000, 0x41)])), whole: fc.boolean() }).map(({ path, query, body, whole }) => ({
        path,
        query,
        body: { kind: "raw", text: body } as FuzzBody,
        headers: { "content-range": `bytes 0-${body.length - 1}/${whole ? body.length : body.length * 2}` },
      }));
      const hostile = fc.record({
        path,
        query: fuzzQuery(),
        body: uploadBody,
        headers: fc
          .oneof(
            fc.tuple(fc.nat({ max: 400_000 }), fc.nat({ max: 400_000 }), fc.nat({ max: 20_000_000 })).map(([a, b, n]) => `bytes ${a}-${a + b}/${n}`),
            fc.constantFrom("bytes 0-7/8", "bytes 0-99/1000", "bytes 0-0/0", "bytes */100", "bytes 5-2/10", "bytes 0-999999999/999999999", "items 0-1/2", "", "bytes -1-2/3"),
            fc.string({ maxLength: 40 }),
          )
          .map((range) => ({ "content-range": range })),
      });
      return fc.oneof({ weight: 1, arbitrary: matched }, { weight: 3, arbitrary: hostile });
    },
  },
  {
    method: "GET",
    path: "/api/objects/upload/:token",
    cases: (tg) => fc.record({ path: segment(tg.uploadTokens).map((tok) => `/api/objects/upload/${tok}`), query: fuzzQuery(), body: noBody }),
  },
];

/**
 * A fingerprint of every business table: row count and the sum of the rows'
 * transaction ids (xmin changes whenever a row is inserted, updated or deleted
 * and committed; a rolled-back change leaves it as it was). Left out, on
 * purpose: auth_attempts (refused sign-ins are meant to be counted), email_log
 * (written by the outbox worker, which this app does not run), change_counters
 * (its statement-level trigger also fires on an UPDATE that matched no row).
 * jobs is in: a refused request must not queue mail or other work. Also left
 * out: idempotency_keys, where a 4xx answer to a request with an Idempotency-Key
 * is kept on purpose (a retry gets the same 4xx).
 */
const FINGERPRINT_TABLES = [
  "users",
  "sessions",
  "loads",
  "bids",
  "load_views",
  "load_events",
  "email_schedule_settings",
  "objects",
  "jobs",
  "companies",
  "company_documents",
  "applicant_tokens",
  "invoices",
  "invoice_counters",
  "invoice_settings",
  "api_tokens",
  "webhook_endpoints",
] as const;
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const parts = FINGERPRINT_TABLES.map((name) => sql`(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from ${sql.identifier(name)}) as ${sql.identifier(name)}`);
  const [row] = await queryRows<Record<string, string>>(t.app.ctx.db, sql`select ${sql.join(parts, sql`, `)}`);
  return row;
}

async function sessionFor(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

interface Failure {
  route: string;
  actor: FuzzActor;
  request: string;
  status: number;
  problem: string;
  response: string;
}

const short = (s: string, n = 240) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
function describeBody(b: FuzzBody): string {
  if (b.kind === "none") return "(no body)";
  if (b.kind === "raw") return `raw ${short(Buffer.isBuffer(b.text) ? `<${b.text.length} bytes>` : JSON.stringify(b.text), 160)}`;
  let s: string;
  try {
    s = JSON.stringify(b.value) ?? String(b.value);
  } catch {
    s = String(b.value);
  }
  return `json ${short(s, 300)}`;
}

/** One line a route for the run's summary. */
const tally: { route: string; cases: number; fiveXx: number; failures: number; ms: number; statuses: string }[] = [];

describe(`API fuzz on ${ENGINE}`, () => {
  let t: TestApp;
  const actors = {} as Record<FuzzActor, { user: UserRow | null; cookie?: string }>;

  beforeAll(async () => {
    // no outbox worker: its background writes (a reset token stored minutes after the
    // request) would look like a change made by whatever request came next
    t = await createTestApp({ engine: ENGINE, jobs: false });
    const admin = await createUser(t.app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
    const manager = await createUser(t.app, { role: "manager", carrierName: "Network Ops" });
    const carrier = await createUser(t.app, { carrierName: "Fuzz Haulage Ltd" });
    const pending = await createUser(t.app, { isApproved: false, carrierName: "Pending Fuzz Ltd" });
    actors.admin = { user: admin, cookie: await login(t.app, admin.email) };
    actors.manager = { user: manager, cookie: await login(t.app, manager.email) };
    actors.carrier = { user: carrier, cookie: await login(t.app, carrier.email) };
    actors.pending = { user: pending, cookie: await sessionFor(t, pending.id) };
    actors.anonymous = { user: null };
  });
  afterAll(async () => {
    await t?.close();
    if (tally.length) {
      const sum = (k: "cases" | "fiveXx" | "failures" | "ms") => tally.reduce((a, r) => a + r[k], 0);
      console.log(
        `fuzz total on ${ENGINE}: ${tally.length} routes, ${sum("cases")} cases (${CASES} a route), ${sum("fiveXx")} × 5xx, ${sum("failures")} failures, ${(sum("ms") / 1000).toFixed(0)} s, FUZZ_SEED=${SEED}`,
      );
    }
  });

  /** Fresh loads, bids, accounts and files for one route, so one route's successes do not starve the next. */
  async function seedTargets(): Promise<Targets> {
    const db = t.app.ctx.db;
    const carrier = actors.carrier.user!;
    // companies: the carrier is again a member of "Fuzz Haulage Ltd" (an earlier
    // route may have renamed or merged it away), the rival of its own, one company has nobody
    const companyOf = async (name: string) => {
      await db.insert(companies).values({ name, nameKey: name.toLowerCase() }).onConflictDoNothing();
      return (await db.select().from(companies).where(sql`${companies.nameKey} = ${name.toLowerCase()}`))[0];
    };
    const ownCompany = await companyOf(carrier.carrierName!);
    await db.update(usersTable).set({ carrierName: carrier.carrierName, companyId: ownCompany.id }).where(sql`${usersTable.id} = ${carrier.id}`);
    const rivalName = `Rival ${randomUUID().slice(0, 6)} Ltd`;
    const rivalCompany = await companyOf(rivalName);
    const emptyCompany = await companyOf(`Empty ${randomUUID().slice(0, 6)} Ltd`);
    const rival = await createUser(t.app, { carrierName: rivalName, companyId: rivalCompany.id });
    const mine = { acceptedBy: carrier.id, acceptedByCarrier: carrier.carrierName, acceptedAt: new Date() };
    const theirs = { acceptedBy: rival.id, acceptedByCarrier: rival.carrierName, acceptedAt: new Date() };
    const shapes: Partial<LoadRow>[] = [
      { status: "available" },
      { status: "available" },
      { status: "available", price: 0 },
      { status: "accepted", ...mine },
      { status: "approved", ...mine },
      { status: "completed", ...mine, completedAt: new Date() },
      { status: "completed", ...mine, completedAt: new Date(), pickupSignedBy: "Pat", deliverySignedBy: "Dee", pickupSignedDate: new Date(), deliverySignedDate: new Date() },
      { status: "accepted", ...theirs },
      { status: "approved", ...theirs },
      { status: "cancelled", ...mine },
    ];
    const rows: LoadRow[] = [];
    for (const s of shapes) {
      const [row] = await db
        .insert(loads)
        .values({ loadNumber: `FZ-${randomUUID().slice(0, 12)}`, pickupCity: "Leeds", deliveryCity: "Bristol", distance: 200, price: 1200, ratePerMile: 6, pickupDate: new Date(Date.now() + 7 * 86_400_000), ...secrets(), ...s } as typeof loads.$inferInsert)
        .returning();
      rows.push(row);
    }
    // self-billing invoices: the carrier's company's issued (on a completed load
    // an edit may re-raise), paid (on the POD-locked one) and void, and one of the rival's
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
    const invoice = (load: LoadRow, companyId: string, status: string) => ({
      number: `SB-2098-${randomUUID().slice(0, 8)}`,
      loadId: load.id,
      companyId,
      carrierName: load.acceptedByCarrier ?? "",
      net: "1200.00",
      vatRate: "20.00",
      vat: "240.00",
      gross: "1440.00",
      issuedOn: today,
      dueOn: today,
      status,
      ...(status === "paid" ? { paidOn: today, paymentReference: "BACS" } : {}),
    });
    const invoiceRows = await db
      .insert(invoices)
      .values([invoice(rows[5], ownCompany.id, "issued"), invoice(rows[6], ownCompany.id, "paid"), invoice(rows[4], ownCompany.id, "void"), invoice(rows[8], rivalCompany.id, "issued")])
      .returning({ id: invoices.id });
    const pendingUsers = [await createUser(t.app, { isApproved: false }), await createUser(t.app, { isApproved: false })];
    const targetCarrier = await createUser(t.app);
    const targetAdmin = await createUser(t.app, { role: "admin", isAdmin: true });
    const targetManager = await createUser(t.app, { role: "manager" });
    const available = rows.filter((r) => r.status === "available");
    const bidRows = await db
      .insert(bids)
      .values([
        { loadId: available[0].id, carrierId: rival.id, bidAmount: 1100 },
        { loadId: available[0].id, carrierId: targetCarrier.id, bidAmount: 1000 },
        { loadId: available[1].id, carrierId: rival.id, bidAmount: 900, status: "rejected" },
      ])
      .returning();
    // files: uploaded through the real calls by the carrier and by staff. Earlier routes'
    // tickets are moved out of the upload rate limit's window (30 in 10 minutes a user),
    // so the set-up of route 16 is not refused with 429; within a route the limit holds.
    await db.update(objects).set({ createdAt: sql`${objects.createdAt} - interval '1 hour'` });
    const objectPaths: string[] = [];
    const uploadTokens: string[] = [];
    for (const who of [actors.carrier, actors.carrier, actors.admin, actors.manager]) {
      const ticket = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie: who.cookie! } });
      const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
      uploadTokens.push(uploadURL.split("/").pop()!);
      objectPaths.push(objectPath);
    }
    for (const [i, tok] of uploadTokens.slice(0, 2).entries()) {
      const who = i === 0 ? actors.carrier : actors.admin;
      await t.app.inject({ method: "PUT", url: `/api/objects/upload/${tok}`, headers: { cookie: who.cookie!, "content-type": "application/pdf" }, payload: PDF });
    }
    const users = [...pendingUsers, targetCarrier, targetAdmin, targetManager, rival];
    return {
      loadIds: rows.map((r) => r.id),
      availableIds: available.map((r) => r.id),
      bidIds: bidRows.map((b) => b.id),
      userIds: users.map((u) => u.id),
      carrierIds: [carrier.id, rival.id, targetCarrier.id],
      emails: [...users.map((u) => u.email), actors.carrier.user!.email, actors.pending.user!.email, actors.admin.user!.email.toUpperCase()],
      objectPaths,
      uploadTokens,
      companyIds: [ownCompany.id, rivalCompany.id, emptyCompany.id],
      invoiceIds: invoiceRows.map((r) => r.id),
    };
  }

  // Found by this fuzz (kept as a plain regression test): a deeply nested JSON body
  // to the load calls that walk the body recursively before validation.
  it("deeply nested JSON to the load write calls is never a 500", async () => {
    const tg = await seedTargets();
    const load = tg.availableIds[0];
    const bodies = {
      "array depth 100000": "[".repeat(100_000) + "]".repeat(100_000),
      "object depth 50000": '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000),
      "field holding depth 50000": `{"pickupCity":${"[".repeat(50_000)}${"]".repeat(50_000)}}`,
    };
    const got: string[] = [];
    for (const [method, url] of [
      ["POST", "/api/loads"],
      ["PUT", `/api/loads/${load}`],
      ["PATCH", `/api/loads/${load}/accept`],
      ["PATCH", `/api/loads/${load}/status`],
    ] as const) {
      for (const [name, payload] of Object.entries(bodies)) {
        const res = await t.app.inject({ method, url, payload, headers: { cookie: actors.admin.cookie!, "content-type": "application/json" } });
        got.push(`${method} ${url.replace(load, ":id")} ${name}: ${res.statusCode}`);
      }
    }
    // unknown fields are ignored (contract), so an accept whose only field is a deep
    // object may succeed; what must never happen is a 5xx
    expect(got.filter((g) => /: 5\d\d$/.test(g))).toEqual([]);
    expect(got.filter((g) => /array depth/.test(g) && !/: 4\d\d$/.test(g))).toEqual([]);
  });

  for (const [i, route] of ROUTES.entries()) {
    it(
      `${route.method} ${route.path}: ${CASES} hostile requests, never a 5xx, no change on a 4xx, no leak`,
      async () => {
        const tg = await seedTargets();
        await route.setup?.(t, tg);
        const caseArb = fc.record({
          actor: route.actors ?? actorArb,
          rc: route.cases(tg),
          contentType: route.contentType ?? contentType,
          origin,
          cookie: cookieMangle,
          headers: extraHeaders,
          method: route.method === "ANY" ? fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") : fc.constant(route.method),
        });
        const seed = SEED + i;
        const started = Date.now();
        const cases = fc.sample(caseArb, { numRuns: CASES, seed });
        const failures: Failure[] = [];
        let statuses = new Map<number, number>();
        let before: Record<string, string> | null = null;

        for (const [n, c] of cases.entries()) {
          const who = actors[c.actor];
          let cookie = who.cookie;
          if (route.resetAuthEvery && n % route.resetAuthEvery === 0) {
            await t.app.ctx.db.delete(authAttempts);
            before = null;
          }
          if (route.throwaway && who.user) {
            cookie = await sessionFor(t, who.user.id);
            before = null;
          }
          if (route.applicantCookie && n % 4 !== 3) cookie = [cookie, route.applicantCookie()].filter(Boolean).join("; ");
          if (c.cookie.mode === "append" && cookie) cookie += c.cookie.extra;
          if (c.cookie.mode === "replace") cookie = c.cookie.cookie;

          const selfId = who.user && !(route.path === "/api/users/:id" && (c.actor === "admin" || c.actor === "manager")) ? who.user.id : tg.userIds[2];
          const path = c.rc.path.replace(SELF, selfId);
          const url = c.rc.query ? `${path}?${c.rc.query}` : path;
          const headers: Record<string, string> = { ...(c.headers as Record<string, string>), ...c.rc.headers };
          if (cookie) headers.cookie = cookie;
          if (c.origin) headers.origin = c.origin;
          let payload: string | Buffer | undefined;
          if (c.rc.body.kind === "json") {
            payload = (JSON.stringify(c.rc.body.value) ?? "null").replaceAll(`"${SELF}"`, `"${who.user?.id ?? randomUUID()}"`);
            if (c.contentType !== undefined) headers["content-type"] = c.contentType;
          } else if (c.rc.body.kind === "raw") {
            payload = c.rc.body.text;
            if (c.contentType !== undefined) headers["content-type"] = c.contentType;
          }
          const request = `${c.method} ${short(url, 200)} ${describeBody(c.rc.body)} ct=${headers["content-type"] ?? "-"} origin=${short(c.origin ?? "-", 40)} cookie=${c.cookie.mode}`;

          before ??= await fingerprint(t);
          let res: { statusCode: number; body: string };
          try {
            const r = await t.app.inject({ method: c.method as "GET", url, headers, ...(payload !== undefined ? { payload } : {}) });
            res = { statusCode: r.statusCode, body: r.body };
          } catch (err) {
            failures.push({ route: route.path, actor: c.actor, request, status: 0, problem: `inject threw: ${String(err)}`, response: "" });
            before = null;
            continue;
          }
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const fail = (problem: string) => failures.push({ route: route.path, actor: c.actor, request, status: res.statusCode, problem, response: short(res.body, 300) });

          if (res.statusCode >= 500) fail("5xx");
          const after = await fingerprint(t);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const changed = FINGERPRINT_TABLES.filter((k) => before![k] !== after[k]);
            if (changed.length) fail(`4xx changed data in ${changed.join(", ")}`);
          }
          before = after;

          const viewer = c.cookie.mode === "replace" ? null : who.user;
          const cheap = res.body.includes("$argon2") || /"password"\s*:\s*"/.test(res.body) || res.body.includes("passwordResetToken");
          const isStaffViewer = c.actor === "admin" || c.actor === "manager";
          if (cheap || (!isStaffViewer && (MAY_HOLD_SECRET.test(res.body) || res.body.includes('"pickupCity"')))) {
            try {
              await checkLeaks(t, c.actor === "pending" ? null : viewer, res);
            } catch (err) {
              fail(`leak: ${(err as Error).message.split("\n")[0]}`);
            }
          }
        }

        // one line a distinct problem (status + problem), with its first example
        const distinct = new Map<string, Failure & { count: number }>();
        for (const f of failures) {
          const key = `${f.status} ${f.problem}`;
          const seen = distinct.get(key);
          if (seen) seen.count++;
          else distinct.set(key, { ...f, count: 1 });
        }
        const report = [...distinct.values()].map((f) => `[${f.count}×] ${f.status} ${f.problem}\n    as ${f.actor}: ${f.request}\n    → ${f.response}`);
        const summary = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, k]) => `${s}:${k}`).join(" ");
        const fiveXx = [...statuses.entries()].filter(([s]) => s >= 500).reduce((a, [, k]) => a + k, 0);
        const ms = Date.now() - started;
        tally.push({ route: `${route.method} ${route.path}`, cases: cases.length, fiveXx, failures: failures.length, ms, statuses: summary });
        console.log(`fuzz ${route.method} ${route.path}: ${cases.length} cases, ${fiveXx} × 5xx, ${failures.length} failures, ${(ms / 1000).toFixed(1)} s; statuses ${summary}`);
        expect(report, `seed ${seed} (FUZZ_SEED=${SEED}); statuses ${summary}`).toEqual([]);
        // a fuzz that never gets past validation proves little: some cases must succeed.
        // Only on the long run: a few routes (POD) succeed in ~0.4 % of cases, so 300 may hold none.
        if (!route.neverSucceeds && route.path !== "/api/<unknown>" && CASES >= 1000) {
          const ok = [...statuses.entries()].filter(([s]) => s < 400).reduce((a, [, k]) => a + k, 0);
          expect(ok, `no 2xx/3xx at all for ${route.method} ${route.path}; statuses ${summary}`).toBeGreaterThan(0);
        }
        statuses = new Map();
      },
      600_000,
    );
  }
});
