// The world the access matrix runs in, and the fixtures its request builders share:
// the actors and seeded loads (made in test/access-matrix.test.ts), and helpers that
// make fresh data per request, so no cell of the matrix depends on another.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { TestApp } from "./helpers";
import { createUser } from "./factories";
import { unsubscribeSecret, unsubscribeToken } from "../src/server/modules/notifications/unsubscribe";
import { bids, companies, companyDocuments, invoices, loads, savedSearches, sessions, users, type LoadRow, type UserRow } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import type { Actor, PolicyCase } from "./access-policy";
import { secrets } from "./fuzz-support";
import { issueApplicantToken } from "../src/server/modules/registration/registration.service";

export const CARRIER_CO = "Matrix Haulage Ltd";
export const OTHER_CO = "Rival Freight Ltd";
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
/** the first half of a resumable upload: a PDF's first 256 KB */
export const CHUNK_PDF = Buffer.concat([PDF, Buffer.alloc(256 * 1024 - PDF.length, 0x20)]);
/** a week ahead of the real clock: a pickup date in the past is refused, and an available load whose pickup day has ended leaves the board */
export const WEEK_AHEAD = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
export const POD_BODY = {
  pickupSignedBy: "Pat Pickup",
  pickupSignedDate: "2026-11-22T09:30:00.000Z",
  deliverySignedBy: "Dee Delivery",
  deliverySignedDate: "2026-11-22T15:30:00.000Z",
};

export interface Who {
  user: UserRow | null;
  cookie?: string;
}

export interface Req {
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

export interface World {
  t: TestApp;
  port: number;
  actors: Record<Actor, Who>;
  seed: Record<"available" | "ownAccepted" | "ownApproved" | "ownCompleted" | "otherApproved" | "cancelled", LoadRow>;
  files: { ownLoad: string; otherLoad: string; unattached: string };
}


/** A session row inserted directly: the only way to give an unapproved account a cookie. */
export async function sessionFor(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

/** A new account of the same kind as the actor, with its own session (for requests that change the caller's account). */
export async function cloneOf(w: World, actor: Actor): Promise<Who> {
  if (actor === "anonymous") return { user: null };
  const base = w.actors[actor].user!;
  const n = randomUUID().slice(0, 8);
  const user = await createUser(w.t.app, { role: base.role, isAdmin: base.isAdmin, isApproved: base.isApproved, carrierName: `Clone ${n} Ltd` });
  return { user, cookie: await sessionFor(w.t, user.id) };
}

export type Kind = "available" | "zeroPrice" | "ownAccepted" | "ownApproved" | "ownCompleted" | "podComplete" | "otherApproved" | "cancelled";

export async function newLoad(w: World, kind: Kind): Promise<LoadRow> {
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

export async function newBid(w: World, loadId: string, carrierId: string, status = "pending") {
  const [row] = await w.t.app.ctx.db.insert(bids).values({ loadId, carrierId, bidAmount: 999.5, status }).returning();
  return row;
}

/** A saved search of `userId` (an actor without a user: someone else's, so the call can only be refused). */
export async function newSavedSearch(w: World, userId: string | undefined): Promise<string> {
  const owner = userId ?? (await freshCarrier(w)).user!.id;
  const [row] = await w.t.app.ctx.db.insert(savedSearches).values({ userId: owner, name: "Matrix lane", filters: { search: "Leeds" }, alert: "off" }).returning();
  return row.id;
}

export async function freshCarrier(w: World, over: Partial<typeof users.$inferInsert> = {}): Promise<Who> {
  const user = await createUser(w.t.app, { carrierName: `Fresh ${randomUUID().slice(0, 6)} Ltd`, ...over });
  return { user, cookie: user.isApproved ? await sessionFor(w.t, user.id) : undefined };
}

export async function ticketFor(w: World, cookie: string): Promise<{ uploadURL: string; objectPath: string }> {
  const res = await w.t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`upload ticket: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function uploadFile(w: World, cookie: string): Promise<string> {
  const { uploadURL, objectPath } = await ticketFor(w, cookie);
  const res = await w.t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return objectPath;
}

/** Another session of the actor's own account (login and logout end the session they are sent with). */
export async function throwaway(w: World, actor: Actor): Promise<Who> {
  const user = w.actors[actor].user;
  return { user, cookie: user ? await sessionFor(w.t, user.id) : undefined };
}

export const selfId = (w: World, actor: Actor) => w.actors[actor].user?.id;
export const loadBody = (over: Record<string, unknown> = {}) => ({
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
export const registerBody = (over: Record<string, unknown> = {}) => ({
  email: `reg-${randomUUID().slice(0, 8)}@example.com`,
  password: "Register1!pass",
  name: "New Carrier",
  carrierName: `Reg ${randomUUID().slice(0, 6)} Ltd`,
  contactNumber: "+44 7700 900456",
  ...over,
});

/** A signed one-click unsubscribe link of a fresh carrier's (the link a mail carries). */
export async function unsubscribePath(w: World): Promise<string> {
  const owner = (await freshCarrier(w)).user!;
  const token = unsubscribeToken(await unsubscribeSecret(w.t.app.ctx), owner.id, "bid_rejected");
  return `/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

// ---- company documents: the carrier actor's company, its documents and a file
const companyIds = new Map<World, Promise<string>>();
/** The company of the carrier actor ("Matrix Haulage Ltd"), made and linked once (as approval would). */
export function carrierCompanyId(w: World): Promise<string> {
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
export async function newDocument(w: World, status: "pending" | "verified" | "rejected", objectPath = `/objects/${randomUUID()}`): Promise<string> {
  const [row] = await w.t.app.ctx.db
    .insert(companyDocuments)
    .values({ companyId: await carrierCompanyId(w), kind: "goods_in_transit", objectPath, expiresOn: "2099-12-31", status })
    .returning({ id: companyDocuments.id });
  return row.id;
}
// ---- the company record: fresh companies for the calls that change one
export async function freshCompany(w: World): Promise<{ id: string; name: string }> {
  const name = `Matrix Co ${randomUUID().slice(0, 8)} Ltd`;
  const [c] = await w.t.app.ctx.db.insert(companies).values({ name, nameKey: name.toLowerCase() }).returning({ id: companies.id, name: companies.name });
  return c;
}
/** A fresh company and, for the carrier actor, a clone of them that is its member (a rename must not touch the seed's company). */
export async function ownFreshCompany(w: World, actor: Actor): Promise<{ id: string; as?: Who }> {
  const c = await freshCompany(w);
  if (actor !== "carrier") return { id: c.id };
  const user = await createUser(w.t.app, { carrierName: c.name, companyId: c.id });
  return { id: c.id, as: { user, cookie: await sessionFor(w.t, user.id) } };
}
const documentFiles = new Map<World, Promise<string>>();
/** A real file of the carrier's, posted as a document of their company (once). */
export function companyDocumentFile(w: World): Promise<string> {
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
export async function documentBody(w: World, actor: Actor, expiresOn: string) {
  const who = w.actors[actor];
  const objectPath = who.user?.isApproved && who.cookie ? await uploadFile(w, who.cookie) : `/objects/${randomUUID()}`;
  return { kind: "vehicle_insurance", objectPath, expiresOn, coverAmount: 1_000_000 };
}
export const ukDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/London" });

// ---- registration with documents: a fresh applicant (a pending account and its
// `applicant` cookie, as POST /api/register issues them), sent beside the actor's own session
export async function newApplicant(w: World): Promise<{ id: string; cookie: string }> {
  const user = await createUser(w.t.app, { isApproved: false, carrierName: `Applicant ${randomUUID().slice(0, 6)} Ltd` });
  const { token } = await issueApplicantToken({ tx: w.t.app.ctx.db, userId: user.id, now: w.t.app.ctx.clock.now() });
  return { id: user.id, cookie: `applicant=${token}` };
}
export const besideActor = (w: World, actor: Actor, applicantCookie: string): Who => ({
  user: w.actors[actor].user,
  cookie: [w.actors[actor].cookie, applicantCookie].filter(Boolean).join("; "),
});
export async function applicantTicket(w: World, cookie: string): Promise<{ uploadURL: string; objectPath: string }> {
  const res = await w.t.app.inject({ method: "POST", url: "/api/registration/upload", headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`applicant upload ticket: ${res.statusCode} ${res.body}`);
  return res.json();
}
export async function applicantFile(w: World, cookie: string): Promise<string> {
  const { uploadURL, objectPath } = await applicantTicket(w, cookie);
  const res = await w.t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
  if (res.statusCode !== 200) throw new Error(`applicant upload: ${res.statusCode} ${res.body}`);
  return objectPath;
}
/** A document body of a fresh applicant's, sent as `actor` beside that applicant's cookie (or without it); checks what was stored. */
export async function applicantDocument(w: World, actor: Actor, opts: { kind: string; withCookie: boolean; headers?: Record<string, string> }): Promise<Req> {
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
export async function newInvoice(w: World, status: "issued" | "paid" = "issued"): Promise<string> {
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
export const monthSoFar = () => `from=${ukDay(-20)}&to=${ukDay(0)}`;

/** A CSV import of two loads a week ahead, the second at `price`. */
export function importReq(url: string, price: string): Req {
  const csv = `pickupCity,pickupZip,pickupDate,deliveryCity,deliveryZip,deliveryDate,price\r\nLeeds,LS1 4AP,${WEEK_AHEAD},Bristol,BS1 4DJ,${WEEK_AHEAD},900\r\nYork,YO1 7HH,${WEEK_AHEAD},Hull,HU1 1AA,${WEEK_AHEAD},${price}\r\n`;
  return { method: "POST", url, body: Buffer.from(csv), headers: { "content-type": "text/csv" } };
}

/** A webhook endpoint made by the admin (a TEST-NET address, a rare event). */
export async function newWebhook(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: { cookie: w.actors.admin.cookie! },
    payload: { url: "https://93.184.216.36/hook", events: ["invoice.paid"] },
  });
  return JSON.parse(res.body).id;
}

/** Builds the request of one policy row for one actor. */
export type Builder = (w: World, actor: Actor) => Promise<Req>;
/** The builders of one area of the API: each key must be a policy row. */
export type Builders = Partial<Record<PolicyCase, Builder>>;
