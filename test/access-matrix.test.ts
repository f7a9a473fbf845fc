// Runs every cell of the access policy (test/access-policy.ts): each route and
// scenario × each kind of caller, on every engine, through the real app. A
// request that changes state gets fresh data of its own, so cells never depend
// on each other. Every response is also checked for leaks:
//  * no password hash, password field or reset token, for anyone;
//  * for a carrier (and anyone signed out), every load in the body is one they
//    may know exists, and its postcode/address/contact/reference/PO number are
//    absent unless the load is theirs and approved or completed — checked field
//    by field AND by searching the raw body for the seeded secret strings.
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ENGINES, createTestApp, type TestApp } from "./helpers";
import { PASSWORD, createUser, login } from "./factories";
import { unsubscribeSecret, unsubscribeToken } from "../src/server/modules/notifications/unsubscribe";
import { bids, jobs, loads, savedSearches, sessions, users, type LoadRow, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { queryRows } from "../src/server/db/client";
import { ACTORS, POLICY, allows, type Actor, type PolicyCase } from "./access-policy";
import { checkLeaks, secrets } from "./fuzz-support";
import { companies, companyDocuments, invoices } from "../src/server/db/schema";
import { issueApplicantToken } from "../src/server/modules/registration/registration.service";

const CARRIER_CO = "Matrix Haulage Ltd";
const OTHER_CO = "Rival Freight Ltd";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
/** the first half of a resumable upload: a PDF's first 256 KB */
const CHUNK_PDF = Buffer.concat([PDF, Buffer.alloc(256 * 1024 - PDF.length, 0x20)]);
/** a week ahead of the real clock: a pickup date in the past is refused, and an available load whose pickup day has ended leaves the board */
const WEEK_AHEAD = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const POD_BODY = {
  pickupSignedBy: "Pat Pickup",
  pickupSignedDate: "2026-11-22T09:30:00.000Z",
  deliverySignedBy: "Dee Delivery",
  deliverySignedDate: "2026-11-22T15:30:00.000Z",
};

interface Who {
  user: UserRow | null;
  cookie?: string;
}

interface Req {
  method?: string;
  url: string;
  payload?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  /** send as this identity instead of the actor's usual session (a throwaway clone of the actor) */
  as?: Who;
  /** extra assertions after the status check */
  check?: (res: { statusCode: number; body: string }) => Promise<void> | void;
}

interface World {
  t: TestApp;
  port: number;
  actors: Record<Actor, Who>;
  seed: Record<"available" | "ownAccepted" | "ownApproved" | "ownCompleted" | "otherApproved" | "cancelled", LoadRow>;
  files: { ownLoad: string; otherLoad: string; unattached: string };
}


/** A session row inserted directly: the only way to give an unapproved account a cookie. */
async function sessionFor(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

/** A new account of the same kind as the actor, with its own session (for requests that change the caller's account). */
async function cloneOf(w: World, actor: Actor): Promise<Who> {
  if (actor === "anonymous") return { user: null };
  const base = w.actors[actor].user!;
  const n = randomUUID().slice(0, 8);
  const user = await createUser(w.t.app, { role: base.role, isAdmin: base.isAdmin, isApproved: base.isApproved, carrierName: `Clone ${n} Ltd` });
  return { user, cookie: await sessionFor(w.t, user.id) };
}

type Kind = "available" | "zeroPrice" | "ownAccepted" | "ownApproved" | "ownCompleted" | "podComplete" | "otherApproved" | "cancelled";

async function newLoad(w: World, kind: Kind): Promise<LoadRow> {
  const carrier = w.actors.carrier.user!;
  const other = w.actors.otherCarrier.user!;
  const mine = { acceptedBy: carrier.id, acceptedByCarrier: CARRIER_CO, acceptedAt: new Date() };
  const over: Partial<typeof loads.$inferInsert> = {
    available: { status: "available" },
    zeroPrice: { status: "available", price: 0 },
    ownAccepted: { status: "accepted", ...mine },
    ownApproved: { status: "approved", ...mine },
    ownCompleted: { status: "completed", ...mine, completedAt: new Date() },
    podComplete: {
      status: "completed",
      ...mine,
      completedAt: new Date(),
      pickupSignedBy: "Pat",
      pickupSignedDate: new Date(),
      deliverySignedBy: "Dee",
      deliverySignedDate: new Date(),
    },
    otherApproved: { status: "approved", acceptedBy: other.id, acceptedByCarrier: OTHER_CO, acceptedAt: new Date() },
    cancelled: { status: "cancelled", ...mine },
  }[kind];
  const price = over.price ?? 1200;
  const [row] = await w.t.app.ctx.db
    .insert(loads)
    .values({
      loadNumber: `MX-${randomUUID().slice(0, 12)}`,
      pickupCity: "Leeds",
      pickupState: "West Yorkshire",
      pickupDate: new Date(`${WEEK_AHEAD}T09:00:00Z`),
      deliveryCity: "Bristol",
      deliveryState: "Bristol",
      deliveryDate: new Date(`${WEEK_AHEAD}T15:00:00Z`),
      weight: 12000,
      distance: 200,
      price,
      ratePerMile: Math.round((price / 200) * 100) / 100,
      cargoType: "Steel coils",
      ...secrets(),
      ...over,
    })
    .returning();
  return row;
}

async function newBid(w: World, loadId: string, carrierId: string, status = "pending") {
  const [row] = await w.t.app.ctx.db.insert(bids).values({ loadId, carrierId, bidAmount: 999.5, status }).returning();
  return row;
}

/** A saved search of `userId` (an actor without a user: someone else's, so the call can only be refused). */
async function newSavedSearch(w: World, userId: string | undefined): Promise<string> {
  const owner = userId ?? (await freshCarrier(w)).user!.id;
  const [row] = await w.t.app.ctx.db.insert(savedSearches).values({ userId: owner, name: "Matrix lane", filters: { search: "Leeds" }, alert: "off" }).returning();
  return row.id;
}

async function freshCarrier(w: World, over: Partial<typeof users.$inferInsert> = {}): Promise<Who> {
  const user = await createUser(w.t.app, { carrierName: `Fresh ${randomUUID().slice(0, 6)} Ltd`, ...over });
  return { user, cookie: user.isApproved ? await sessionFor(w.t, user.id) : undefined };
}

async function ticketFor(w: World, cookie: string): Promise<{ uploadURL: string; objectPath: string }> {
  const res = await w.t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`upload ticket: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function uploadFile(w: World, cookie: string): Promise<string> {
  const { uploadURL, objectPath } = await ticketFor(w, cookie);
  const res = await w.t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return objectPath;
}

/** Another session of the actor's own account (login and logout end the session they are sent with). */
async function throwaway(w: World, actor: Actor): Promise<Who> {
  const user = w.actors[actor].user;
  return { user, cookie: user ? await sessionFor(w.t, user.id) : undefined };
}

const selfId = (w: World, actor: Actor) => w.actors[actor].user?.id;
const loadBody = (over: Record<string, unknown> = {}) => ({
  pickupCity: "Leeds",
  pickupZip: "LS1 4AP",
  deliveryCity: "Hull",
  deliveryZip: "HU1 1AA",
  pickupDate: `${WEEK_AHEAD}T09:00:00.000Z`,
  deliveryDate: `${WEEK_AHEAD}T15:00:00.000Z`,
  weight: 8000,
  distance: 60,
  price: 650,
  ...over,
});
const registerBody = (over: Record<string, unknown> = {}) => ({
  email: `reg-${randomUUID().slice(0, 8)}@example.com`,
  password: "Register1!pass",
  name: "New Carrier",
  carrierName: `Reg ${randomUUID().slice(0, 6)} Ltd`,
  contactNumber: "+44 7700 900456",
  ...over,
});

/** A signed one-click unsubscribe link of a fresh carrier's (the link a mail carries). */
async function unsubscribePath(w: World): Promise<string> {
  const owner = (await freshCarrier(w)).user!;
  const token = unsubscribeToken(await unsubscribeSecret(w.t.app.ctx), owner.id, "bid_rejected");
  return `/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

// ---- company documents: the carrier actor's company, its documents and a file
const companyIds = new Map<World, Promise<string>>();
/** The company of the carrier actor ("Matrix Haulage Ltd"), made and linked once (as approval would). */
function carrierCompanyId(w: World): Promise<string> {
  let id = companyIds.get(w);
  if (!id) {
    id = (async () => {
      const db = w.t.app.ctx.db;
      await db.insert(companies).values({ name: CARRIER_CO, nameKey: CARRIER_CO.toLowerCase() }).onConflictDoNothing();
      const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.nameKey, CARRIER_CO.toLowerCase()));
      await db.update(users).set({ companyId: c.id }).where(eq(users.id, w.actors.carrier.user!.id));
      w.t.app.ctx.sessions.clear();
      return c.id;
    })();
    companyIds.set(w, id);
  }
  return id;
}
async function newDocument(w: World, status: "pending" | "verified" | "rejected", objectPath = `/objects/${randomUUID()}`): Promise<string> {
  const [row] = await w.t.app.ctx.db
    .insert(companyDocuments)
    .values({ companyId: await carrierCompanyId(w), kind: "goods_in_transit", objectPath, expiresOn: "2099-12-31", status })
    .returning({ id: companyDocuments.id });
  return row.id;
}
// ---- the company record: fresh companies for the calls that change one
async function freshCompany(w: World): Promise<{ id: string; name: string }> {
  const name = `Matrix Co ${randomUUID().slice(0, 8)} Ltd`;
  const [c] = await w.t.app.ctx.db.insert(companies).values({ name, nameKey: name.toLowerCase() }).returning({ id: companies.id, name: companies.name });
  return c;
}
/** A fresh company and, for the carrier actor, a clone of them that is its member (a rename must not touch the seed's company). */
async function ownFreshCompany(w: World, actor: Actor): Promise<{ id: string; as?: Who }> {
  const c = await freshCompany(w);
  if (actor !== "carrier") return { id: c.id };
  const user = await createUser(w.t.app, { carrierName: c.name, companyId: c.id });
  return { id: c.id, as: { user, cookie: await sessionFor(w.t, user.id) } };
}
const documentFiles = new Map<World, Promise<string>>();
/** A real file of the carrier's, posted as a document of their company (once). */
function companyDocumentFile(w: World): Promise<string> {
  let path = documentFiles.get(w);
  if (!path) {
    path = (async () => {
      const objectPath = await uploadFile(w, w.actors.carrier.cookie!);
      await newDocument(w, "verified", objectPath);
      return objectPath;
    })();
    documentFiles.set(w, path);
  }
  return path;
}
/** A document body with the actor's own fresh upload (signed out or pending: an upload they cannot have). */
async function documentBody(w: World, actor: Actor, expiresOn: string) {
  const who = w.actors[actor];
  const objectPath = who.user?.isApproved && who.cookie ? await uploadFile(w, who.cookie) : `/objects/${randomUUID()}`;
  return { kind: "vehicle_insurance", objectPath, expiresOn, coverAmount: 1_000_000 };
}
const ukDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

// ---- registration with documents: a fresh applicant (a pending account and its
// `applicant` cookie, as POST /api/register issues them), sent beside the actor's own session
async function newApplicant(w: World): Promise<{ id: string; cookie: string }> {
  const user = await createUser(w.t.app, { isApproved: false, carrierName: `Applicant ${randomUUID().slice(0, 6)} Ltd` });
  const { token } = await issueApplicantToken({ tx: w.t.app.ctx.db, userId: user.id, now: w.t.app.ctx.clock.now() });
  return { id: user.id, cookie: `applicant=${token}` };
}
const besideActor = (w: World, actor: Actor, applicantCookie: string): Who => ({
  user: w.actors[actor].user,
  cookie: [w.actors[actor].cookie, applicantCookie].filter(Boolean).join("; "),
});
async function applicantTicket(w: World, cookie: string): Promise<{ uploadURL: string; objectPath: string }> {
  const res = await w.t.app.inject({ method: "POST", url: "/api/registration/upload", headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`applicant upload ticket: ${res.statusCode} ${res.body}`);
  return res.json();
}
async function applicantFile(w: World, cookie: string): Promise<string> {
  const { uploadURL, objectPath } = await applicantTicket(w, cookie);
  const res = await w.t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
  if (res.statusCode !== 200) throw new Error(`applicant upload: ${res.statusCode} ${res.body}`);
  return objectPath;
}
/** A document body of a fresh applicant's, sent as `actor` beside that applicant's cookie (or without it); checks what was stored. */
async function applicantDocument(w: World, actor: Actor, opts: { kind: string; withCookie: boolean; headers?: Record<string, string> }): Promise<Req> {
  const a = await newApplicant(w);
  const objectPath = await applicantFile(w, a.cookie);
  return {
    method: "POST",
    url: "/api/registration/documents",
    payload: { kind: opts.kind, objectPath, expiresOn: ukDay(200), coverAmount: 1_000_000 },
    headers: opts.headers,
    as: opts.withCookie ? besideActor(w, actor, a.cookie) : undefined,
    check: async (res) => {
      const held = await w.t.app.ctx.db.select({ kind: companyDocuments.kind }).from(companyDocuments).where(eq(companyDocuments.applicantId, a.id));
      expect(held.map((d) => d.kind), "held on the applicant exactly when created").toEqual(res.statusCode === 201 ? [opts.kind] : []);
    },
  };
}

// ---- self-billing invoices: invoices of the carrier actor's company, each on its own completed load
let invoiceSeq = 0;
async function newInvoice(w: World, status: "issued" | "paid" = "issued"): Promise<string> {
  const load = await newLoad(w, "ownCompleted");
  const today = ukDay(0);
  const [row] = await w.t.app.ctx.db
    .insert(invoices)
    .values({
      number: `SB-2099-${String(++invoiceSeq).padStart(5, "0")}`,
      loadId: load.id,
      companyId: await carrierCompanyId(w),
      carrierName: CARRIER_CO,
      carrierVatNumber: "GB123456789",
      net: "1200.00",
      vatRate: "20.00",
      vat: "240.00",
      gross: "1440.00",
      issuedOn: today,
      dueOn: today,
      status,
      ...(status === "paid" ? { paidOn: today, paymentReference: "BACS" } : {}),
    })
    .returning({ id: invoices.id });
  return row.id;
}
const monthSoFar = () => `from=${ukDay(-20)}&to=${ukDay(0)}`;

/** One request builder per policy row; the Record type makes a missing row a type error. */
/** A CSV import of two loads a week ahead, the second at `price`. */
function importReq(url: string, price: string): Req {
  const csv = `pickupCity,pickupZip,pickupDate,deliveryCity,deliveryZip,deliveryDate,price\r\nLeeds,LS1 4AP,${WEEK_AHEAD},Bristol,BS1 4DJ,${WEEK_AHEAD},900\r\nYork,YO1 7HH,${WEEK_AHEAD},Hull,HU1 1AA,${WEEK_AHEAD},${price}\r\n`;
  return { method: "POST", url, body: Buffer.from(csv), headers: { "content-type": "text/csv" } };
}

const BUILD: Record<PolicyCase, (w: World, actor: Actor) => Promise<Req>> = {
  health: async () => ({ url: "/api/health" }),
  "health-live": async () => ({ url: "/api/health/live" }),
  metrics: async () => ({ url: "/metrics" }),
  publicConfig: async () => ({ url: "/api/public-config" }),
  "pwa.manifest": async () => ({ url: "/manifest.webmanifest" }),
  "notifications.list": async () => ({ url: "/api/notifications?unread=true" }),
  "notifications.read": async () => ({ method: "POST", url: "/api/notifications/read", payload: {} }),
  "notifications.prefs.get": async () => ({ url: "/api/notification-preferences" }),
  "notifications.prefs.put": async () => ({ method: "PUT", url: "/api/notification-preferences", payload: { email: { bid_placed: false } } }),
  "unsubscribe.get": async (w) => ({ url: await unsubscribePath(w) }),
  "unsubscribe.post": async (w) => ({
    method: "POST",
    url: await unsubscribePath(w),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  }),
  "unsubscribe.forged": async (w) => ({
    method: "POST",
    url: (await unsubscribePath(w)).replace(/\.[A-Za-z0-9_-]+$/, ".AAAA"),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  }),
  "companies.list": async () => ({ url: "/api/companies?limit=200" }),
  "companies.get": async (w) => ({ url: `/api/companies/${await carrierCompanyId(w)}` }),
  "companies.get.unknown": async () => ({ url: `/api/companies/${randomUUID()}` }),
  "companies.update": async (w) => ({ method: "PUT", url: `/api/companies/${await carrierCompanyId(w)}`, payload: { operatorLicence: "OB1234567" } }),
  "companies.update.badFormat": async (w) => ({ method: "PUT", url: `/api/companies/${await carrierCompanyId(w)}`, payload: { companyNumber: "1234567" } }),
  "companies.update.rename": async (w, actor) => {
    const own = await ownFreshCompany(w, actor);
    const name = `Renamed ${randomUUID().slice(0, 8)} Ltd`;
    return {
      method: "PUT",
      url: `/api/companies/${own.id}`,
      payload: { name },
      as: own.as,
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, own.id));
        expect(row.name === name, "renamed exactly when allowed").toBe(res.statusCode === 200);
      },
    };
  },
  "companies.update.vatNumber": async (w, actor) => {
    const own = await ownFreshCompany(w, actor);
    return {
      method: "PUT",
      url: `/api/companies/${own.id}`,
      payload: { vatNumber: "GB123456789" },
      as: own.as,
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(companies).where(eq(companies.id, own.id));
        const staff = actor === "manager" || actor === "admin";
        // the VAT number in force changes only when staff set it; a member's waits as a proposal
        expect(row.vatNumber, "in force only when staff set it").toBe(staff && res.statusCode === 200 ? "GB123456789" : "");
        expect(row.proposedVatNumber, "a member's is a proposal").toBe(!staff && res.statusCode === 200 ? "GB123456789" : null);
      },
    };
  },
  "companies.vatConfirm": async (w, actor) => {
    const own = await ownFreshCompany(w, actor);
    await w.t.app.ctx.db.update(companies).set({ proposedVatNumber: "GB123456789" }).where(eq(companies.id, own.id));
    return {
      method: "POST",
      url: `/api/companies/${own.id}/vat-number/confirm`,
      payload: {},
      as: own.as,
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select({ vatNumber: companies.vatNumber }).from(companies).where(eq(companies.id, own.id));
        expect(row.vatNumber, "confirmed exactly when allowed").toBe(res.statusCode === 200 ? "GB123456789" : "");
      },
    };
  },
  "companies.merge": async (w) => {
    const [from, into] = [await freshCompany(w), await freshCompany(w)];
    return {
      method: "POST",
      url: `/api/companies/${from.id}/merge`,
      payload: { intoId: into.id },
      check: async (res) => {
        const left = await w.t.app.ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, from.id));
        expect(left.length, "the merged company is gone exactly when allowed").toBe(res.statusCode === 200 ? 0 : 1);
      },
    };
  },
  "companies.merge.self": async (w) => {
    const c = await freshCompany(w);
    return { method: "POST", url: `/api/companies/${c.id}/merge`, payload: { intoId: c.id } };
  },
  "companies.moveUser": async (w) => {
    const [from, to] = [await freshCompany(w), await freshCompany(w)];
    const user = await createUser(w.t.app, { carrierName: from.name, companyId: from.id });
    return {
      method: "PUT",
      url: `/api/users/${user.id}/company`,
      payload: { companyId: to.id },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, user.id));
        expect(row.companyId, "moved exactly when allowed").toBe(res.statusCode === 200 ? to.id : from.id);
      },
    };
  },
  "companies.moveUser.staff": async (w) => {
    const staff = await createUser(w.t.app, { role: "manager", carrierName: "Network Ops" });
    return { method: "PUT", url: `/api/users/${staff.id}/company`, payload: { companyId: (await freshCompany(w)).id } };
  },
  "documents.list": async (w) => ({ url: `/api/companies/${await carrierCompanyId(w)}/documents` }),
  "documents.list.unknown": async () => ({ url: `/api/companies/${randomUUID()}/documents` }),
  "documents.create": async (w, actor) => ({ method: "POST", url: `/api/companies/${await carrierCompanyId(w)}/documents`, payload: await documentBody(w, actor, ukDay(200)) }),
  "documents.create.pastExpiry": async (w, actor) => ({ method: "POST", url: `/api/companies/${await carrierCompanyId(w)}/documents`, payload: await documentBody(w, actor, ukDay(-1)) }),
  "documents.verify": async (w) => ({ method: "POST", url: `/api/documents/${await newDocument(w, "pending")}/verify` }),
  "documents.verify.verified": async (w) => ({ method: "POST", url: `/api/documents/${await newDocument(w, "verified")}/verify` }),
  "documents.reject": async (w) => ({ method: "POST", url: `/api/documents/${await newDocument(w, "pending")}/reject`, payload: { reason: "Unreadable scan" } }),
  "documents.reject.rejected": async (w) => ({ method: "POST", url: `/api/documents/${await newDocument(w, "rejected")}/reject`, payload: { reason: "Again" } }),
  "documents.review": async (w) => {
    await newDocument(w, "pending");
    return { url: "/api/documents?view=expired" };
  },
  "compliance.summary": async () => ({ url: "/api/compliance/summary" }),
  "compliance.me": async (w, actor) => {
    const carrierCo = await carrierCompanyId(w);
    return {
      url: "/api/compliance/me",
      check: (res) => {
        if (res.statusCode !== 200) return;
        const me = JSON.parse(res.body) as { companyId: string | null };
        // one's own company only: never another company's record
        if (actor === "carrier") expect(me.companyId).toBe(carrierCo);
        else expect(me.companyId).not.toBe(carrierCo);
      },
    };
  },
  "compliance.settings.get": async () => ({ url: "/api/admin/compliance-settings" }),
  "compliance.settings.put": async () => ({ method: "PUT", url: "/api/admin/compliance-settings", payload: { requireCompliance: false, enforceFors: false } }),
  "compliance.settings.preview": async () => ({ url: "/api/admin/compliance-settings/preview?requireCompliance=true&enforceFors=true" }),
  "objects.get.companyDocument": async (w) => ({ url: await companyDocumentFile(w) }),
  "registration.upload.noApplicant": async () => ({ method: "POST", url: "/api/registration/upload" }),
  "registration.upload": async (w, actor) => ({ method: "POST", url: "/api/registration/upload", as: besideActor(w, actor, (await newApplicant(w)).cookie) }),
  "registration.put.noApplicant": async (w) => {
    const { uploadURL } = await applicantTicket(w, (await newApplicant(w)).cookie);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" } };
  },
  "registration.put": async (w, actor) => {
    const a = await newApplicant(w);
    const { uploadURL } = await applicantTicket(w, a.cookie);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" }, as: besideActor(w, actor, a.cookie) };
  },
  "registration.documents.noApplicant": async (w, actor) => applicantDocument(w, actor, { kind: "vehicle_insurance", withCookie: false }),
  "registration.documents": async (w, actor) => applicantDocument(w, actor, { kind: "vehicle_insurance", withCookie: true }),
  "registration.documents.wrongKind": async (w, actor) => applicantDocument(w, actor, { kind: "fors_certificate", withCookie: true }),
  "registration.documents.list.noApplicant": async () => ({ url: "/api/registration/documents" }),
  "registration.documents.list": async (w, actor) => ({ url: "/api/registration/documents", as: besideActor(w, actor, (await newApplicant(w)).cookie) }),
  "csrf.registration": async (w, actor) => applicantDocument(w, actor, { kind: "goods_in_transit", withCookie: true, headers: { origin: "https://evil.example" } }),
  "unknownApi.get": async () => ({ url: "/api/no-such-call" }),
  "unknownApi.post": async () => ({ method: "POST", url: "/api/no-such-call", payload: {} }),
  "csrf.bids": async (w) => {
    const load = await newLoad(w, "available");
    return {
      method: "POST",
      url: "/api/bids",
      payload: { loadId: load.id, bidAmount: 100 },
      headers: { origin: "https://evil.example" },
      check: async () => {
        const rows = await w.t.app.ctx.db.select().from(bids).where(eq(bids.loadId, load.id));
        expect(rows, "a refused cross-site bid leaves no bid").toHaveLength(0);
      },
    };
  },
  "csrf.login": async (w, actor) => {
    const fresh = await freshCarrier(w);
    return { method: "POST", url: "/api/login", payload: { email: fresh.user!.email, password: PASSWORD }, headers: { origin: "https://evil.example" }, as: await throwaway(w, actor) };
  },

  "auth.user": async () => ({ url: "/api/auth/user" }),
  "auth.login.ok": async (w, actor) => {
    const fresh = await freshCarrier(w);
    return {
      method: "POST",
      url: "/api/login",
      payload: { email: fresh.user!.email, password: PASSWORD },
      as: await throwaway(w, actor),
      check: (res) => {
        if (res.statusCode === 200) expect(JSON.parse(res.body).id).toBe(fresh.user!.id);
      },
    };
  },
  "auth.login.wrong": async (w, actor) => {
    const fresh = await freshCarrier(w);
    return { method: "POST", url: "/api/login", payload: { email: fresh.user!.email, password: "Wrong1!password" }, as: await throwaway(w, actor) };
  },
  "auth.login.pending": async (w, actor) => {
    const fresh = await freshCarrier(w, { isApproved: false });
    return { method: "POST", url: "/api/login", payload: { email: fresh.user!.email, password: PASSWORD }, as: await throwaway(w, actor) };
  },
  "auth.logout": async (w, actor) => {
    // a throwaway session of the same user, so the actor's usual session lives on
    return { method: "POST", url: "/api/logout", as: await throwaway(w, actor) };
  },
  "auth.register.carrier": async () => ({ method: "POST", url: "/api/register", payload: registerBody() }),
  "auth.register.asAdmin": async (w, actor) => {
    const body = registerBody({ role: "admin", isAdmin: true });
    return {
      method: "POST",
      url: "/api/register",
      payload: body,
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(users).where(eq(users.email, body.email));
        if (res.statusCode !== 201) {
          expect(row, "a refused registration creates no account").toBeUndefined();
        } else if (actor === "admin") {
          expect([row.role, row.isAdmin, row.isApproved]).toEqual(["admin", true, true]);
        } else {
          // self-registration: always an unapproved carrier whatever the body says (contract register)
          expect([row.role, row.isAdmin, row.isApproved]).toEqual(["carrier", false, false]);
        }
      },
    };
  },
  "auth.register.duplicate": async (w) => {
    const fresh = await freshCarrier(w);
    return { method: "POST", url: "/api/register", payload: registerBody({ email: fresh.user!.email.toUpperCase() }) };
  },
  "auth.forgot": async (w) => {
    const fresh = await freshCarrier(w);
    return { method: "POST", url: "/api/auth/forgot-password", payload: { email: fresh.user!.email } };
  },
  "auth.reset.valid": async (w) => {
    const token = randomToken();
    await createUser(w.t.app, { passwordResetToken: sha256(token), passwordResetExpires: new Date(Date.now() + 3_600_000) });
    return { method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "Reset1!password" } };
  },
  "auth.reset.bad": async () => ({ method: "POST", url: "/api/auth/reset-password", payload: { token: `nope-${randomToken()}`, newPassword: "Reset1!password" } }),
  "auth.changePassword.own": async (w, actor) => {
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return { method: "PATCH", url: `/api/users/${id}/change-password`, payload: { currentPassword: PASSWORD, newPassword: "Changed1!pass" }, as };
  },
  "auth.changePassword.wrongCurrent": async (w, actor) => {
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return { method: "PATCH", url: `/api/users/${id}/change-password`, payload: { currentPassword: "Wrong1!current", newPassword: "Changed1!pass" }, as };
  },
  "auth.changePassword.other": async (w) => {
    const target = await freshCarrier(w);
    return { method: "PATCH", url: `/api/users/${target.user!.id}/change-password`, payload: { currentPassword: PASSWORD, newPassword: "Changed1!pass" } };
  },

  "users.list": async () => ({ url: "/api/users" }),
  "users.carriers": async () => ({ url: "/api/users/carrier" }),
  "users.pending": async () => ({ url: "/api/users/pending" }),
  "users.approve": async (w) => ({ method: "POST", url: `/api/users/${(await freshCarrier(w, { isApproved: false })).user!.id}/approve` }),
  "users.approve.approved": async (w) => ({ method: "POST", url: `/api/users/${(await freshCarrier(w)).user!.id}/approve` }),
  "users.reject": async (w) => ({ method: "POST", url: `/api/users/${(await freshCarrier(w, { isApproved: false })).user!.id}/reject` }),
  "users.update.own": async (w, actor) => {
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return { method: "PUT", url: `/api/users/${id}`, payload: { name: "Renamed Self", carrierName: as.user?.carrierName ?? "X Ltd", contactNumber: "+44 7700 900999" }, as };
  },
  "users.update.ownCompany": async (w, actor) => {
    // the company whose approved load and paperwork the seed holds: taking its name must not reach them
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return {
      method: "PUT",
      url: `/api/users/${id}`,
      payload: { name: "Company Hopper", carrierName: OTHER_CO },
      as,
      check: async (res) => {
        if (res.statusCode !== 403 || !as.user) return;
        expect(JSON.parse(res.body)).toEqual({ error: "Only staff can change your company." });
        const [row] = await w.t.app.ctx.db.select().from(users).where(eq(users.id, id));
        expect(row.carrierName, "a refused company change changes nothing").toBe(as.user.carrierName);
        if (!as.cookie || as.user.role !== "carrier") return;
        const send = (method: "GET" | "PUT", url: string, payload?: object) => w.t.app.inject({ method, url, headers: { cookie: as.cookie! }, ...(payload ? { payload } : {}) });
        const board = await send("GET", "/api/loads");
        expect(board.statusCode).toBe(200);
        expect((board.json() as { id: string }[]).map((l) => l.id)).not.toContain(w.seed.otherApproved.id);
        expect((await send("GET", `/api/loads/${w.seed.otherApproved.id}`)).statusCode).toBe(404);
        expect([403, 404]).toContain((await send("GET", w.files.otherLoad)).statusCode);
        expect([403, 404]).toContain((await send("PUT", `/api/loads/${w.seed.otherApproved.id}/pod`, POD_BODY)).statusCode);
      },
    };
  },
  "users.update.ownRole": async (w, actor) => {
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return {
      method: "PUT",
      url: `/api/users/${id}`,
      payload: { role: "admin" },
      as,
      check: async (res) => {
        if (res.statusCode === 200 || !as.user) return;
        const [row] = await w.t.app.ctx.db.select().from(users).where(eq(users.id, id));
        expect([row.role, row.isAdmin], "a refused promotion changes nothing").toEqual([as.user.role, as.user.isAdmin]);
      },
    };
  },
  "users.update.carrier": async (w) => ({ method: "PUT", url: `/api/users/${(await freshCarrier(w)).user!.id}`, payload: { name: "Renamed By Staff" } }),
  "users.update.admin": async (w) => {
    const target = await createUser(w.t.app, { role: "admin", isAdmin: true });
    return { method: "PUT", url: `/api/users/${target.id}`, payload: { name: "Renamed Admin" } };
  },
  "users.update.promote": async (w) => {
    const target = (await freshCarrier(w)).user!;
    return {
      method: "PUT",
      url: `/api/users/${target.id}`,
      payload: { role: "admin", isAdmin: true },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(users).where(eq(users.id, target.id));
        expect(row.role).toBe(res.statusCode === 200 ? "admin" : "carrier");
      },
    };
  },
  "users.delete.carrier": async (w) => ({ method: "DELETE", url: `/api/users/${(await freshCarrier(w)).user!.id}` }),
  "users.delete.admin": async (w) => ({ method: "DELETE", url: `/api/users/${(await createUser(w.t.app, { role: "admin", isAdmin: true })).id}` }),
  "users.delete.self": async (w, actor) => {
    const as = await cloneOf(w, actor);
    const id = as.user?.id ?? (await freshCarrier(w)).user!.id;
    return { method: "DELETE", url: `/api/users/${id}`, as };
  },

  "loads.list": async () => ({ url: "/api/loads" }),
  "loads.nextNumber": async () => ({ url: "/api/loads/next-number" }),
  "loads.nextPoNumber": async () => ({ url: "/api/loads/next-po-number" }),
  "loads.withBids": async () => ({ url: "/api/loads/with-bids" }),
  "loads.get.available": async (w) => ({ url: `/api/loads/${w.seed.available.id}` }),
  "loads.get.ownAccepted": async (w) => ({ url: `/api/loads/${w.seed.ownAccepted.id}` }),
  "loads.get.ownApproved": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}` }),
  "loads.get.ownCompleted": async (w) => ({ url: `/api/loads/${w.seed.ownCompleted.id}` }),
  "loads.get.cancelled": async (w) => ({ url: `/api/loads/${w.seed.cancelled.id}` }),
  "loads.get.unknown": async () => ({ url: `/api/loads/${randomUUID()}` }),
  "loads.get.notUuid": async () => ({ url: "/api/loads/not-a-uuid" }),
  "loads.create": async () => ({ method: "POST", url: "/api/loads", payload: loadBody() }),
  "loads.import.dryRun": async () => importReq("/api/loads/import?dryRun=true", "850"),
  "loads.import.commit": async () => importReq("/api/loads/import", "850"),
  "loads.import.bad": async () => importReq("/api/loads/import", "-1"),
  "loads.import.template": async () => ({ url: "/api/loads/import/template.csv" }),
  "loads.update": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "available")).id}`, payload: loadBody({ price: 700 }) }),
  "loads.update.podComplete": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "podComplete")).id}`, payload: loadBody({ price: 700 }) }),
  "loads.copy": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "available")).id}/copy` }),
  "loads.accept.available": async (w, actor) => {
    const load = await newLoad(w, "available");
    return {
      method: "PATCH",
      url: `/api/loads/${load.id}/accept`,
      payload: { userId: selfId(w, actor) },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        expect(row.status).toBe(res.statusCode === 200 ? "accepted" : "available");
        if (res.statusCode === 200) expect(row.acceptedBy).toBe(selfId(w, actor));
      },
    };
  },
  "loads.accept.taken": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.cancelled": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "cancelled")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.zeroPrice": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "zeroPrice")).id}/accept`, payload: { userId: selfId(w, actor) } }),
  "loads.accept.onBehalf": async (w) => {
    const load = await newLoad(w, "available");
    const someoneElse = (await freshCarrier(w)).user!;
    return {
      method: "PATCH",
      url: `/api/loads/${load.id}/accept`,
      payload: { userId: someoneElse.id },
      check: async (res) => {
        const [row] = await w.t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
        if (res.statusCode !== 200) expect(row.status, "a refused accept leaves the load available").toBe("available");
      },
    };
  },
  "loads.status.approve": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/status`, payload: { status: "approved", userId: selfId(w, actor) } }),
  "loads.status.cancel": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/status`, payload: { status: "cancelled", userId: selfId(w, actor) } }),
  "loads.status.illegal": async (w, actor) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/status`, payload: { status: "completed", userId: selfId(w, actor) } }),
  "loads.reset": async (w) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/reset-to-available` }),
  "loads.reset.available": async (w) => ({ method: "PATCH", url: `/api/loads/${(await newLoad(w, "available")).id}/reset-to-available` }),
  "loads.view.available": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "available")).id}/view` }),
  "loads.view.ownAccepted": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/view` }),
  "loads.view.cancelled": async (w) => ({ method: "POST", url: `/api/loads/${(await newLoad(w, "cancelled")).id}/view` }),
  "loads.views": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}/views` }),
  "loads.events": async (w) => ({ url: `/api/loads/${w.seed.ownApproved.id}/events` }),

  "bids.place": async (w) => ({ method: "POST", url: "/api/bids", payload: { loadId: (await newLoad(w, "available")).id, bidAmount: 950.5, notes: "matrix" } }),
  "bids.update": async (w, actor) => {
    const load = await newLoad(w, "available");
    const user = w.actors[actor].user;
    if (user) await newBid(w, load.id, user.id);
    return { method: "POST", url: "/api/bids", payload: { loadId: load.id, bidAmount: 901, notes: "updated" } };
  },
  "bids.place.taken": async (w) => ({ method: "POST", url: "/api/bids", payload: { loadId: (await newLoad(w, "ownAccepted")).id, bidAmount: 950 } }),
  "bids.place.unknownLoad": async () => ({ method: "POST", url: "/api/bids", payload: { loadId: randomUUID(), bidAmount: 950 } }),
  "bids.own": async () => ({ url: "/api/user/bids" }),
  "savedSearches.list": async () => ({ url: "/api/saved-searches" }),
  "savedSearches.create": async () => ({
    method: "POST",
    url: "/api/saved-searches",
    payload: { name: "Leeds out", filters: { equipmentType: "Flatbed", pickupNear: { postcode: "LS1", miles: 50 } }, alert: "instant" },
  }),
  "savedSearches.update": async (w, actor) => ({ method: "PUT", url: `/api/saved-searches/${await newSavedSearch(w, w.actors[actor].user?.id)}`, payload: { alert: "daily" } }),
  "savedSearches.update.other": async (w) => ({ method: "PUT", url: `/api/saved-searches/${await newSavedSearch(w, (await freshCarrier(w)).user!.id)}`, payload: { alert: "daily" } }),
  "savedSearches.delete": async (w, actor) => ({ method: "DELETE", url: `/api/saved-searches/${await newSavedSearch(w, w.actors[actor].user?.id)}` }),
  "savedSearches.delete.other": async (w) => ({ method: "DELETE", url: `/api/saved-searches/${await newSavedSearch(w, (await freshCarrier(w)).user!.id)}` }),
  "bids.forLoad": async (w) => ({ url: `/api/loads/${w.seed.available.id}/bids` }),
  "bids.all": async () => ({ url: "/api/admin/bids" }),
  "bids.accept": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id);
    return { method: "POST", url: `/api/bids/${bid.id}/accept` };
  },
  "bids.accept.rejected": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id, "rejected");
    return { method: "POST", url: `/api/bids/${bid.id}/accept` };
  },
  "bids.reject": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id);
    return { method: "POST", url: `/api/bids/${bid.id}/reject` };
  },
  "bids.reject.rejected": async (w) => {
    const load = await newLoad(w, "available");
    const bid = await newBid(w, load.id, (await freshCarrier(w)).user!.id, "rejected");
    return { method: "POST", url: `/api/bids/${bid.id}/reject` };
  },

  "pod.ownApproved": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownApproved")).id}/pod`, payload: POD_BODY }),
  "pod.ownAccepted": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownAccepted")).id}/pod`, payload: POD_BODY }),
  "pod.available": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "available")).id}/pod`, payload: POD_BODY }),
  "pod.ownCompleted": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "ownCompleted")).id}/pod`, payload: POD_BODY }),
  "pod.podComplete": async (w) => ({ method: "PUT", url: `/api/loads/${(await newLoad(w, "podComplete")).id}/pod`, payload: POD_BODY }),
  "objects.ticket": async () => ({ method: "POST", url: "/api/objects/upload" }),
  "objects.put.own": async (w, actor) => {
    const who = w.actors[actor];
    // signed out: someone's real ticket, so only the missing sign-in can refuse it
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    const { uploadURL } = await ticketFor(w, cookie);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" } };
  },
  "objects.put.others": async (w) => {
    const { uploadURL } = await ticketFor(w, (await freshCarrier(w)).cookie!);
    return { method: "PUT", url: uploadURL, body: PDF, headers: { "content-type": "application/pdf" } };
  },
  "objects.chunk.own": async (w, actor) => {
    const who = w.actors[actor];
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    const { uploadURL } = await ticketFor(w, cookie);
    return { method: "PUT", url: uploadURL, body: CHUNK_PDF, headers: { "content-type": "application/octet-stream", "content-range": `bytes 0-${CHUNK_PDF.length - 1}/${CHUNK_PDF.length * 2}` } };
  },
  "objects.chunk.others": async (w) => {
    const { uploadURL } = await ticketFor(w, (await freshCarrier(w)).cookie!);
    return { method: "PUT", url: uploadURL, body: CHUNK_PDF, headers: { "content-type": "application/octet-stream", "content-range": `bytes 0-${CHUNK_PDF.length - 1}/${CHUNK_PDF.length * 2}` } };
  },
  "objects.offset.own": async (w, actor) => {
    const who = w.actors[actor];
    const cookie = who.user?.isApproved && who.cookie ? who.cookie : (await freshCarrier(w)).cookie!;
    return { url: (await ticketFor(w, cookie)).uploadURL };
  },
  "objects.offset.others": async (w) => ({ url: (await ticketFor(w, (await freshCarrier(w)).cookie!)).uploadURL }),
  "objects.get.ownLoad": async (w) => ({ url: w.files.ownLoad }),
  "objects.get.otherLoad": async (w) => ({ url: w.files.otherLoad }),
  "objects.get.unattached": async (w) => ({ url: w.files.unattached }),
  "objects.get.unknown": async () => ({ url: `/objects/${randomUUID()}` }),
  "objects.get.notUuid": async () => ({ url: "/objects/not-a-key" }),
  "objects.deeper": async (w) => ({ url: `${w.files.ownLoad}/x` }),
  "distance.ok": async () => ({ method: "POST", url: "/api/calculate-distance", payload: { pickupPostcode: "LS1 4AP", deliveryPostcode: "BS1 4DJ" } }),
  "distance.unknown": async () => ({ method: "POST", url: "/api/calculate-distance", payload: { pickupPostcode: "QQ99 9QQ", deliveryPostcode: "BS1 4DJ" } }),
  "rates.lane": async () => ({ url: "/api/rates/lane?pickup=LS1&delivery=B5&equipmentType=Flatbed" }),
  "rates.lane.byLoad": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.available.id}` }),
  "rates.lane.byOwnLoad": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.ownAccepted.id}` }),
  "rates.lane.byCancelled": async (w) => ({ url: `/api/rates/lane?loadId=${w.seed.cancelled.id}` }),
  "rates.lane.badPostcode": async () => ({ url: "/api/rates/lane?pickup=HELLO&delivery=B5" }),
  "exports.loads": async (w) => ({
    url: "/api/export/loads.csv?status=available,cancelled&sort=-price",
    check: (res) => {
      if (res.statusCode !== 200) return;
      expect(res.body.startsWith("\uFEFFLoad Number,PO Number,Status,")).toBe(true);
      // staff see every load the filter names, cancelled included
      expect(res.body).toContain(w.seed.cancelled.loadNumber);
      expect(res.body).not.toContain(w.seed.ownApproved.loadNumber);
    },
  }),
  "exports.loads.badQuery": async () => ({ url: "/api/export/loads.csv?sort=bogus" }),
  "exports.users": async (w) => ({
    url: "/api/export/users.csv?sort=name",
    check: (res) => {
      if (res.statusCode !== 200) return;
      expect(res.body.startsWith("\uFEFFName,Carrier Company,")).toBe(true);
      expect(res.body).toContain(w.actors.carrier.user!.email);
    },
  }),
  "exports.carriers": async () => ({
    url: "/api/export/carriers.csv?search=Matrix",
    check: (res) => {
      if (res.statusCode === 200) expect(res.body).toContain(`\r\n${CARRIER_CO},`);
    },
  }),
  "exports.bids": async (w) => ({
    url: "/api/export/bids.csv",
    check: (res) => {
      // the two pending bids on the available load
      if (res.statusCode === 200) expect(res.body.split(w.seed.available.loadNumber).length - 1).toBe(2);
    },
  }),

  "email.sendNow": async () => ({ method: "POST", url: "/api/admin/send-available-loads-email" }),
  "email.schedule.get": async () => ({ url: "/api/admin/email-schedule-settings" }),
  "email.schedule.put": async () => ({ method: "PUT", url: "/api/admin/email-schedule-settings", payload: { enabled: false, frequency: "daily", time: "09:00", daysOfWeek: [] } }),
  "mail.list": async () => ({ url: "/api/admin/mail?status=failed" }),
  "mail.resend": async (w) => {
    // a message that finally failed, one for each caller
    const [job] = await w.t.app.ctx.db
      .insert(jobs)
      .values({ kind: "mail", status: "failed", attempts: 30, retryUntil: new Date(), payload: { kind: "account-approved", to: "matrix@example.com", subject: "Matrix", text: "T" } })
      .returning();
    return { method: "POST", url: `/api/admin/mail/${job.id}/resend` };
  },
  "mail.batch": async (w) => {
    const batchId = randomUUID();
    await w.t.app.ctx.db.insert(jobs).values({ kind: "mail", status: "done", batchId, retryUntil: new Date(), payload: { kind: "available-loads", to: "matrix@example.com", subject: "Matrix", text: "" } });
    return { url: `/api/admin/mail/batches/${batchId}` };
  },
  "guide.pdf": async () => ({ url: "/api/pdf/user-guide?version=1.0" }),
  stats: async () => ({ url: "/api/stats" }),
  insight: async () => ({
    url: "/api/insight",
    check: (res) => {
      if (res.statusCode !== 200) return;
      // the world's loads were posted just now: this week counts them, and all 12 weeks are there
      const body = JSON.parse(res.body);
      expect(body.rows).toHaveLength(12);
      expect(body.totals.posted).toBeGreaterThan(0);
    },
  }),
  "insight.badWeeks": async () => ({ url: "/api/insight?weeks=105" }),
  "invoices.list": async (w, actor) => {
    const own = await newInvoice(w);
    const carrierCo = await carrierCompanyId(w);
    return {
      url: "/api/invoices?limit=200",
      check: (res) => {
        if (res.statusCode !== 200) return;
        const list = JSON.parse(res.body) as { id: string; companyId: string }[];
        // a carrier: their company's only (the other carrier has no company record: none)
        if (actor === "carrier") expect(list.every((i) => i.companyId === carrierCo) && list.some((i) => i.id === own)).toBe(true);
        if (actor === "otherCarrier") expect(list).toEqual([]);
        if (actor === "manager" || actor === "admin") expect(list.some((i) => i.id === own)).toBe(true);
      },
    };
  },
  "invoices.list.badLimit": async () => ({ url: "/api/invoices?limit=201" }),
  "exports.invoices": async (w) => {
    await newInvoice(w);
    return { url: `/api/export/invoices.csv?status=issued&from=${ukDay(-20)}` };
  },
  "invoices.get": async (w) => ({ url: `/api/invoices/${await newInvoice(w)}` }),
  "invoices.get.unknown": async () => ({ url: `/api/invoices/${randomUUID()}` }),
  "invoices.pdf": async (w) => ({ url: `/api/invoices/${await newInvoice(w)}/pdf` }),
  "invoices.statement": async (w) => {
    await newInvoice(w);
    return { url: `/api/invoices/statement?${monthSoFar()}&format=csv` };
  },
  "invoices.statement.company": async (w) => ({ url: `/api/invoices/statement?${monthSoFar()}&format=pdf&companyId=${await carrierCompanyId(w)}` }),
  "invoices.paid": async (w) => ({ method: "POST", url: `/api/invoices/${await newInvoice(w)}/paid`, payload: { paidOn: ukDay(0), paymentReference: "BACS 1" } }),
  "invoices.paid.paid": async (w) => ({ method: "POST", url: `/api/invoices/${await newInvoice(w, "paid")}/paid`, payload: { paidOn: ukDay(0), paymentReference: "BACS 2" } }),
  "invoices.bulkPaid": async (w) => ({
    method: "POST",
    url: "/api/invoices/paid",
    payload: { ids: [await newInvoice(w), await newInvoice(w)], paidOn: ukDay(0), paymentReference: "RUN 1" },
  }),
  "invoices.settings.get": async () => ({ url: "/api/admin/invoice-settings" }),
  "invoices.settings.put": async () => ({ method: "PUT", url: "/api/admin/invoice-settings", payload: { paymentTermsDays: 30, companyName: "Matrix Network Ltd", companyAddress: "1 Dock Street", companyVatNumber: "GB111222333" } }),
  live: async () => ({ url: "/api/live" }),
  "openapi.json": async () => ({ url: "/api/openapi.json" }),
  "openapi.docs": async () => ({ url: "/api/docs" }),
  "apiTokens.create": async () => ({
    method: "POST",
    url: "/api/admin/api-tokens",
    payload: { name: "Matrix TMS", scopes: ["loads:read"] },
    check: (res) => {
      if (res.statusCode === 201) expect(JSON.parse(res.body).token).toMatch(/^lbt_/);
    },
  }),
  "apiTokens.create.bad": async () => ({ method: "POST", url: "/api/admin/api-tokens", payload: { name: "", scopes: ["loads:delete"] } }),
  "apiTokens.list": async () => ({
    url: "/api/admin/api-tokens",
    check: (res) => {
      if (res.statusCode === 200) expect(res.body).not.toMatch(/lbt_|tokenHash|token_hash/);
    },
  }),
  "apiTokens.revoke": async (w) => {
    const res = await w.t.app.inject({ method: "POST", url: "/api/admin/api-tokens", headers: { cookie: w.actors.admin.cookie! }, payload: { name: "to revoke", scopes: ["users:read"] } });
    return { method: "DELETE", url: `/api/admin/api-tokens/${JSON.parse(res.body).id}` };
  },
  "apiTokens.revoke.unknown": async () => ({ method: "DELETE", url: `/api/admin/api-tokens/${randomUUID()}` }),
  // a TEST-NET address (RFC 5737) and a rare event: no delivery is attempted during the run
  "webhooks.create": async () => ({
    method: "POST",
    url: "/api/admin/webhooks",
    payload: { url: "https://93.184.216.34/hook", events: ["invoice.paid"] },
    check: (res) => {
      if (res.statusCode === 201) expect(JSON.parse(res.body).secret).toMatch(/^whsec_/);
    },
  }),
  "webhooks.create.private": async () => ({ method: "POST", url: "/api/admin/webhooks", payload: { url: "http://127.0.0.1:9/hook", events: ["load.created"] } }),
  "webhooks.list": async () => ({
    url: "/api/admin/webhooks",
    check: (res) => {
      if (res.statusCode === 200) expect(res.body).not.toMatch(/whsec_|"secret"/);
    },
  }),
  "webhooks.update": async (w) => ({ method: "PUT", url: `/api/admin/webhooks/${await newWebhook(w)}`, payload: { url: "https://93.184.216.35/hook", events: ["invoice.paid", "invoice.issued"] } }),
  "webhooks.delete": async (w) => ({ method: "DELETE", url: `/api/admin/webhooks/${await newWebhook(w)}` }),
  "webhooks.delete.unknown": async () => ({ method: "DELETE", url: `/api/admin/webhooks/${randomUUID()}` }),
  "webhooks.deliveries": async (w) => ({ url: `/api/admin/webhooks/${await newWebhook(w)}/deliveries` }),
  "webhooks.retry.unknown": async (w) => ({ method: "POST", url: `/api/admin/webhooks/${await newWebhook(w)}/deliveries/${randomUUID()}/retry` }),
};

/** A webhook endpoint made by the admin (a TEST-NET address, a rare event). */
async function newWebhook(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: { cookie: w.actors.admin.cookie! },
    payload: { url: "https://93.184.216.36/hook", events: ["invoice.paid"] },
  });
  return JSON.parse(res.body).id;
}

/** The status line of an SSE stream over real HTTP (inject would wait for a stream that never ends). */
function streamStatus(port: number, url: string, cookie?: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, headers: cookie ? { cookie } : {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      const done = () => {
        req.destroy();
        resolve({ statusCode: res.statusCode ?? 0, body });
      };
      res.on("data", (c: string) => {
        body += c;
        if (res.statusCode === 200) done();
      });
      res.on("end", done);
    });
    req.on("error", (e) => (e.message.includes("socket hang up") ? undefined : reject(e)));
    req.setTimeout(5000, () => reject(new Error("no answer from the stream")));
    req.end();
  });
}

/** Registered routes from the router's own listing (HEAD and the web fallback left out). */
function registeredRoutes(t: TestApp): string[] {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : "") + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD" && path !== "*") out.add(`${method} ${path}`);
    }
  }
  return [...out].sort();
}

describe.each(ENGINES)("access matrix on %s", (engine) => {
  const w = {} as World;

  beforeAll(async () => {
    w.t = await createTestApp({ engine });
    await w.t.app.listen({ port: 0, host: "127.0.0.1" });
    w.port = (w.t.app.server.address() as { port: number }).port;
    const app = w.t.app;
    const carrier = await createUser(app, { carrierName: CARRIER_CO, name: "Matrix Carrier" });
    const other = await createUser(app, { carrierName: OTHER_CO, name: "Rival Carrier" });
    const manager = await createUser(app, { role: "manager", carrierName: "Network Ops" });
    const admin = await createUser(app, { role: "admin", isAdmin: true, carrierName: "Network Ops" });
    const pending = await createUser(app, { isApproved: false, carrierName: `Pending ${randomUUID().slice(0, 6)} Ltd` });
    w.actors = {
      anonymous: { user: null },
      // an unapproved account cannot sign in, so its session is made directly
      pending: { user: pending, cookie: await sessionFor(w.t, pending.id) },
      carrier: { user: carrier, cookie: await login(app, carrier.email) },
      otherCarrier: { user: other, cookie: await login(app, other.email) },
      manager: { user: manager, cookie: await login(app, manager.email) },
      admin: { user: admin, cookie: await login(app, admin.email) },
    };
    // login stamped lastLoginAt: keep the rows current for the redaction rules
    for (const a of ACTORS) {
      const u = w.actors[a].user;
      if (u) [w.actors[a].user] = await app.ctx.db.select().from(users).where(eq(users.id, u.id));
    }
    w.seed = {
      available: await newLoad(w, "available"),
      ownAccepted: await newLoad(w, "ownAccepted"),
      ownApproved: await newLoad(w, "ownApproved"),
      ownCompleted: await newLoad(w, "ownCompleted"),
      otherApproved: await newLoad(w, "otherApproved"),
      cancelled: await newLoad(w, "cancelled"),
    };
    await newBid(w, w.seed.available.id, carrier.id);
    await newBid(w, w.seed.available.id, other.id);
    // paperwork: uploaded through the real upload call, attached to a load directly
    const ownPath = await uploadFile(w, w.actors.carrier.cookie!);
    const otherPath = await uploadFile(w, w.actors.otherCarrier.cookie!);
    await app.ctx.db.update(loads).set({ signedPaperworkUrl: ownPath }).where(eq(loads.id, w.seed.ownCompleted.id));
    await app.ctx.db.update(loads).set({ signedPaperworkUrl: otherPath }).where(eq(loads.id, w.seed.otherApproved.id));
    w.files = { ownLoad: ownPath, otherLoad: otherPath, unattached: await uploadFile(w, w.actors.carrier.cookie!) };
  });
  afterAll(async () => {
    await w.t?.close();
  });

  it("the policy has a row for every registered route, and every row names a registered route", () => {
    const routes = registeredRoutes(w.t);
    expect(routes.length).toBeGreaterThan(30);
    const covered = new Set(Object.values(POLICY).map((r) => `${r.method} ${r.path}`));
    expect(routes.filter((r) => !covered.has(r)), "routes without a policy row").toEqual([]);
    const unknown = [...covered].filter((r) => {
      if (r.includes("/api/no-such-call")) return false;
      const [method, url] = r.split(" ");
      return !w.t.app.hasRoute({ method: method as "GET", url });
    });
    expect(unknown, "policy rows naming no route").toEqual([]);
  });

  for (const [id, row] of Object.entries(POLICY) as [PolicyCase, (typeof POLICY)[PolicyCase]][]) {
    describe(`${row.method} ${row.path} — ${row.scenario} [${id}]`, () => {
      it.each(ACTORS)("as %s", async (actor) => {
        const req = await BUILD[id](w, actor);
        const who = req.as ?? w.actors[actor];
        const headers: Record<string, string> = { ...(req.headers ?? {}) };
        if (who.cookie) headers.cookie = who.cookie;
        let res: { statusCode: number; body: string };
        if (id === "live") {
          res = await streamStatus(w.port, req.url, who.cookie);
        } else {
          const r = await w.t.app.inject({
            method: (req.method ?? row.method) as "GET",
            url: req.url,
            headers,
            ...(req.body ? { payload: req.body } : req.payload !== undefined ? { payload: req.payload as object } : {}),
          });
          res = { statusCode: r.statusCode, body: r.body };
        }
        const expected = row.expect[actor];
        expect(
          allows(expected, res.statusCode),
          `${row.method} ${req.url} as ${actor}: expected ${JSON.stringify(expected)}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
        ).toBe(true);
        await checkLeaks(w.t, who.user, res);
        await req.check?.(res);
      });
    });
  }

  it("the leak check itself finds a planted private value, a hidden load and a hash (it can fail)", async () => {
    const carrier = w.actors.carrier.user!;
    const planted = [
      JSON.stringify({ note: w.seed.otherApproved.pickupZip }),
      JSON.stringify([{ id: w.seed.cancelled.id, loadNumber: "x", pickupCity: "Leeds", pickupZip: null }]),
      JSON.stringify({ id: w.seed.ownAccepted.id, loadNumber: "x", pickupCity: "Leeds", deliveryContact: "someone" }),
      JSON.stringify({ user: { password: "$argon2id$v=19$m=19456" } }),
    ];
    for (const body of planted) await expect(checkLeaks(w.t, carrier, { body })).rejects.toThrow();
    // while the carrier's own approved load may show its secrets
    await checkLeaks(w.t, carrier, { body: JSON.stringify({ zip: w.seed.ownApproved.pickupZip }) });
  });

  it("a carrier's board and details never show another company's loads or the private fields of unapproved ones", async () => {
    // the strongest redaction case in one place: the list as the carrier, against the seeded secrets
    const res = await w.t.app.inject({ url: "/api/loads", headers: { cookie: w.actors.carrier.cookie! } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; pickupZip: string | null; mandataNumber: string | null }[];
    const ids = new Set(list.map((l) => l.id));
    expect(ids.has(w.seed.available.id)).toBe(true);
    expect(ids.has(w.seed.ownApproved.id)).toBe(true);
    expect(ids.has(w.seed.otherApproved.id)).toBe(false);
    expect(ids.has(w.seed.cancelled.id)).toBe(false);
    expect(res.body).not.toContain(w.seed.available.pickupZip!);
    expect(res.body).not.toContain(w.seed.ownAccepted.mandataNumber!);
    expect(res.body).not.toContain(w.seed.otherApproved.mandataNumber!);
    // the carrier's own approved load shows its postcode and PO number
    const own = list.find((l) => l.id === w.seed.ownApproved.id)!;
    expect(own.pickupZip).toBe(w.seed.ownApproved.pickupZip);
    expect(own.mandataNumber).toBe(w.seed.ownApproved.mandataNumber);
    // sanity: the database really holds the secrets the test searches for
    const [n] = await queryRows<{ n: number }>(w.t.app.ctx.db, sql`select count(*)::int as n from loads where pickup_zip like 'ZZ9 %'`);
    expect(Number(n.n)).toBeGreaterThan(5);
  });
});
