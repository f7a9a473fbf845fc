// Every API route the fuzz sends hostile requests to, in the order it runs them (a
// route's seed is FUZZ_SEED + its place in this list). The earlier areas live in their
// own files; a new route is added to the end of ROUTES here.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { loads } from "../src/server/db/schema";
import { fuzzQuery, nastyString, segment, type FuzzBody } from "./fuzz-arbitraries";
import { bodyRoute, getRoute, id, idRoute, noBody, uuidOr, type FuzzActor, type FuzzRoute } from "./fuzz-kit";
import { PDF, invoiceDay, text, uploadBody } from "./fuzz-bodies";
import { BOARD_ROUTES } from "./fuzz-routes-board";
import { COMPANY_ROUTES } from "./fuzz-routes-companies";
import { STOPS_ROUTES } from "./fuzz-routes-stops";
import { CLAIMS_ROUTES } from "./fuzz-routes-claims";
import { MESSAGES_ROUTES } from "./fuzz-routes-messages";
import { SCORECARD_ROUTES } from "./fuzz-routes-scorecards";
import { TRUCKS_ROUTES } from "./fuzz-routes-trucks";

export const ROUTES: FuzzRoute[] = [
  ...BOARD_ROUTES,
  ...COMPANY_ROUTES,
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
  // stops on a booked load
  ...STOPS_ROUTES,
  // waiting-time settings, claims and decisions
  ...CLAIMS_ROUTES,
  // messages on a load, counter-offers and a bid's history
  ...MESSAGES_ROUTES,
  // scorecards (a company's, the network's) and a reset with its reason
  ...SCORECARD_ROUTES,
  ...TRUCKS_ROUTES,
];
