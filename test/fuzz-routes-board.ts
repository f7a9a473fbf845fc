// Routes the fuzz sends hostile requests to: the app, sign-in, users, loads, saved searches, notifications, bids, POD and files, imports, lane rates and CSV exports.
// The runner takes them in the order of ROUTES (test/fuzz-routes.ts).
import fc from "fast-check";
import { randomToken } from "../src/server/lib/crypto";
import { LOAD_STATUSES } from "../src/contract/constants";
import { contentType, enc, fuzzBody, fuzzQuery, nastyString, segment } from "./fuzz-arbitraries";
import { SELF, bodyRoute, getRoute, idRoute, noBody, uuidOr, type FuzzRoute } from "./fuzz-kit";
import { importBody, loadBase, podBase, rateParams, savedSearchBase, text, uploadBody, userBase } from "./fuzz-bodies";

export const BOARD_ROUTES: FuzzRoute[] = [
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
];
