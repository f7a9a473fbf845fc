// Company documents: who may list
// and post a company's documents, the upload rules (an own, unattached upload; an
// expiry not before today in the UK), staff review (verify, reject with reason,
// 409 unless pending), the Compliance tab's lists and counts, and the file served
// to the company's members and staff only (never to another company's carrier).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoad, createUser, login, signedIn } from "../../../../test/factories";
import { addDocument, createCompany, memberOf, moveTo, uploadPdf } from "../../../../test/company-fixtures";
import { sessions, companyDocuments, objects } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import { COMPANY_MSG, type CompanyDocument, type ReviewDocument } from "../../../contract/schemas/company";

const NOW = new Date("2026-11-25T12:00:00Z");
const TODAY = "2026-11-25";

describe.each(ENGINES)("company documents on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let smith: Awaited<ReturnType<typeof createCompany>>;
  let rival: Awaited<ReturnType<typeof createCompany>>;
  let member: { user: { id: string }; cookie: string };
  let colleague: { user: { id: string }; cookie: string };
  let outsider: { user: { id: string }; cookie: string };
  let manager: { user: { id: string }; cookie: string };
  let admin: { user: { id: string }; cookie: string };
  let pendingCookie: string;

  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const post = async (cookie: string, companyId: string, over: Record<string, unknown> = {}) => {
    const objectPath = "objectPath" in over ? over.objectPath : await uploadPdf(t.app, cookie);
    return call("POST", `/api/companies/${companyId}/documents`, cookie, { kind: "goods_in_transit", expiresOn: "2027-03-31", coverAmount: 250000, ...over, objectPath });
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    smith = await createCompany(t.app, { name: "Smith Haulage Ltd" });
    rival = await createCompany(t.app, { name: "Rival Freight Ltd" });
    member = await memberOf(t.app, smith);
    colleague = await memberOf(t.app, smith);
    outsider = await memberOf(t.app, rival);
    manager = await signedIn(t.app, { role: "manager", carrierName: null });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: null });
    // an unapproved account cannot sign in; its session (inserted directly) counts for nothing
    const pending = await createUser(t.app, { isApproved: false, carrierName: smith.name });
    const token = randomToken();
    await t.app.ctx.db.insert(sessions).values({ id: sha256(token), userId: pending.id, expiresAt: new Date(NOW.getTime() + 86_400_000) });
    pendingCookie = `sid=${token}`;
  });
  afterAll(() => t?.close());

  it("GET /api/companies/{id}/documents: members and staff 200; another company's carrier, unknown ids 404; signed out and pending 401", async () => {
    await addDocument(t.app, { companyId: smith.id, kind: "vehicle_insurance", expiresOn: "2027-01-31", uploadedAt: new Date("2026-11-20T10:00:00Z") });
    await addDocument(t.app, { companyId: smith.id, kind: "public_liability", expiresOn: "2027-02-28", status: "pending", uploadedAt: new Date("2026-11-24T10:00:00Z") });
    await addDocument(t.app, { companyId: rival.id, kind: "vehicle_insurance", expiresOn: "2027-05-31" });
    const url = `/api/companies/${smith.id}/documents`;
    for (const who of [member, colleague, manager, admin]) {
      const res = await call("GET", url, who.cookie);
      expect(res.statusCode).toBe(200);
      const docs = res.json() as CompanyDocument[];
      expect(docs.every((d) => d.companyId === smith.id)).toBe(true);
      // newest upload first
      const times = docs.map((d) => d.uploadedAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(Number(res.headers["x-total-count"])).toBe(docs.length);
    }
    const paged = await call("GET", `${url}?limit=1&offset=1`, member.cookie);
    expect(paged.json()).toHaveLength(1);
    expect(Number(paged.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    const other = await call("GET", url, outsider.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain("public_liability");
    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("GET", url, pendingCookie)).statusCode).toBe(401);
    expect((await call("GET", `/api/companies/${crypto.randomUUID()}/documents`, admin.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/companies/not-a-uuid/documents", admin.cookie)).statusCode).toBe(404);
    expect((await call("GET", `${url}?limit=1001`, admin.cookie)).statusCode).toBe(400);
  });

  it("POST: a member's own upload becomes a pending document (201); staff may post too; outsiders 404 whatever they send", async () => {
    const res = await post(member.cookie, smith.id);
    expect(res.statusCode).toBe(201);
    const doc = res.json() as CompanyDocument;
    expect(doc).toMatchObject({
      companyId: smith.id,
      kind: "goods_in_transit",
      expiresOn: "2027-03-31",
      coverAmount: 250000,
      status: "pending",
      reason: null,
      uploadedBy: member.user.id,
      reviewedBy: null,
      reviewedAt: null,
    });
    expect(doc.uploadedAt).toBe(NOW.toISOString());
    // the upload is now attached: the sweep of unattached uploads keeps it
    const [obj] = await t.app.ctx.db.select().from(objects).where(eq(objects.key, doc.objectPath.slice("/objects/".length)));
    expect(obj.attachedAt).not.toBeNull();

    const byStaff = await post(manager.cookie, smith.id, { kind: "operator_licence", coverAmount: null });
    expect(byStaff.statusCode).toBe(201);
    expect(byStaff.json()).toMatchObject({ kind: "operator_licence", coverAmount: null, uploadedBy: manager.user.id, status: "pending" });

    // another company's carrier: 404 before the body is even read
    expect((await post(outsider.cookie, smith.id)).statusCode).toBe(404);
    expect((await call("POST", `/api/companies/${smith.id}/documents`, outsider.cookie, { kind: "nope" })).statusCode).toBe(404);
    expect((await call("POST", `/api/companies/${smith.id}/documents`, undefined, { kind: "nope" })).statusCode).toBe(401);
    expect((await call("POST", `/api/companies/${smith.id}/documents`, pendingCookie, {})).statusCode).toBe(401);
    expect((await post(admin.cookie, crypto.randomUUID())).statusCode).toBe(404);
  });

  it("POST: the upload must be the caller's own and attached to nothing; expiresOn before today (UK) → 400; today is fine", async () => {
    const theirs = await uploadPdf(t.app, colleague.cookie);
    const notOwn = await post(member.cookie, smith.id, { objectPath: theirs });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().details).toEqual([{ path: "objectPath", message: COMPANY_MSG.uploadNotUsable }]);

    const mine = await uploadPdf(t.app, member.cookie);
    expect((await post(member.cookie, smith.id, { objectPath: mine })).statusCode).toBe(201);
    // one file, one record
    expect((await post(member.cookie, smith.id, { objectPath: mine, kind: "vehicle_insurance" })).statusCode).toBe(400);
    // a file already POD paperwork of a load
    const pod = await uploadPdf(t.app, member.cookie);
    await createLoad(t.app, { status: "completed", acceptedBy: member.user.id, acceptedByCarrier: smith.name, signedPaperworkUrl: pod });
    expect((await post(member.cookie, smith.id, { objectPath: pod })).statusCode).toBe(400);
    // a ticket never used, and a path naming no upload
    const ticket = (await call("POST", "/api/objects/upload", member.cookie)).json() as { objectPath: string };
    expect((await post(member.cookie, smith.id, { objectPath: ticket.objectPath })).statusCode).toBe(400);
    expect((await post(member.cookie, smith.id, { objectPath: `/objects/${crypto.randomUUID()}` })).statusCode).toBe(400);

    const before = (await t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.companyId, smith.id))).length;
    const yesterday = await post(member.cookie, smith.id, { expiresOn: "2026-11-24" });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toEqual({ error: COMPANY_MSG.expiresInPast, details: [{ path: "expiresOn", message: COMPANY_MSG.expiresInPast }] });
    expect((await post(member.cookie, smith.id, { expiresOn: "2026-02-30" })).statusCode).toBe(400);
    expect((await post(member.cookie, smith.id, { expiresOn: "31/12/2027" })).statusCode).toBe(400);
    expect((await post(member.cookie, smith.id, { kind: "passport" })).statusCode).toBe(400);
    expect((await post(member.cookie, smith.id, { coverAmount: -5 })).statusCode).toBe(400);
    // nothing was written by the refusals
    expect((await t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.companyId, smith.id))).length).toBe(before);
    // the UK day: at 23:30 UTC on a summer evening it is already tomorrow in London
    expect((await post(member.cookie, smith.id, { expiresOn: TODAY })).statusCode).toBe(201);
    clock.set("2027-07-01T23:30:00Z");
    try {
      const summer = await memberOf(t.app, smith);
      const late = await post(summer.cookie, smith.id, { expiresOn: "2027-07-01" });
      expect(late.statusCode).toBe(400);
      expect((await post(summer.cookie, smith.id, { expiresOn: "2027-07-02" })).statusCode).toBe(201);
    } finally {
      clock.set(NOW);
    }
  });

  it("verify and reject: staff only (carriers 403), who and when recorded, 409 unless pending, reason required", async () => {
    const a = (await post(member.cookie, smith.id)).json() as CompanyDocument;
    const b = (await post(member.cookie, smith.id, { kind: "vehicle_insurance" })).json() as CompanyDocument;
    for (const url of [`/api/documents/${a.id}/verify`, `/api/documents/${a.id}/reject`]) {
      expect((await call("POST", url, undefined, { reason: "x" })).statusCode).toBe(401);
      expect((await call("POST", url, pendingCookie, { reason: "x" })).statusCode).toBe(401);
      expect((await call("POST", url, member.cookie, { reason: "x" })).statusCode).toBe(403);
      expect((await call("POST", url, outsider.cookie, { reason: "x" })).statusCode).toBe(403);
    }
    const verified = await call("POST", `/api/documents/${a.id}/verify`, manager.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: a.id, status: "verified", reviewedBy: manager.user.id, reviewedAt: NOW.toISOString(), reason: null });
    expect((await call("POST", `/api/documents/${a.id}/verify`, admin.cookie)).statusCode).toBe(409);
    const again = await call("POST", `/api/documents/${a.id}/reject`, admin.cookie, { reason: "Too late" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(COMPANY_MSG.documentNotPending);

    const noReason = await call("POST", `/api/documents/${b.id}/reject`, admin.cookie, { reason: "   " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0]).toEqual({ path: "reason", message: COMPANY_MSG.reasonRequired });
    const rejected = await call("POST", `/api/documents/${b.id}/reject`, admin.cookie, { reason: "The policy number is unreadable" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "The policy number is unreadable", reviewedBy: admin.user.id });
    expect((await call("POST", `/api/documents/${b.id}/verify`, admin.cookie)).statusCode).toBe(409);
    expect((await call("POST", `/api/documents/${crypto.randomUUID()}/verify`, admin.cookie)).statusCode).toBe(404);
    expect((await call("POST", "/api/documents/nope/verify", admin.cookie)).statusCode).toBe(404);
    // the company's members see the outcome in their list
    const list = (await call("GET", `/api/companies/${smith.id}/documents`, colleague.cookie)).json() as CompanyDocument[];
    expect(list.find((d) => d.id === b.id)).toMatchObject({ status: "rejected", reason: "The policy number is unreadable" });
  });

  it("the file: the company's members and staff get it with a name saying what it is; another company's carrier, signed out, a former member never", async () => {
    const doc = (await post(member.cookie, smith.id, { kind: "vehicle_insurance" })).json() as CompanyDocument;
    for (const who of [member, colleague, manager, admin]) {
      const res = await call("GET", doc.objectPath, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe('attachment; filename="Vehicle-insurance-Smith-Haulage-Ltd.pdf"');
      expect(res.body.startsWith("%PDF-")).toBe(true);
    }
    expect((await call("GET", doc.objectPath, outsider.cookie)).statusCode).toBe(404);
    expect((await call("GET", doc.objectPath, pendingCookie)).statusCode).toBe(401);
    expect((await call("GET", doc.objectPath)).statusCode).toBe(401);
    // the uploader moved to another company: the file stays with the company
    const mover = await memberOf(t.app, smith);
    const moved = (await post(mover.cookie, smith.id)).json() as CompanyDocument;
    await moveTo(t.app, mover.user.id, rival);
    expect((await call("GET", moved.objectPath, mover.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/companies/${smith.id}/documents`, mover.cookie)).statusCode).toBe(404);
    expect((await call("GET", moved.objectPath, colleague.cookie)).statusCode).toBe(200);
    // and never doubles as POD paperwork, which would show it to the load's carrier
    const load = await createLoad(t.app, { status: "approved", acceptedBy: member.user.id, acceptedByCarrier: smith.name, mandataNumber: "PO-2026-00991" });
    const pod = await t.app.inject({
      method: "PUT",
      url: `/api/loads/${load.id}/pod`,
      headers: { cookie: admin.cookie },
      payload: { pickupSignedBy: "Pat", pickupSignedDate: "2026-11-25T09:00:00Z", deliverySignedBy: "Dee", deliverySignedDate: "2026-11-25T11:00:00Z", signedPaperworkUrl: doc.objectPath },
    });
    expect(pod.statusCode).toBe(400);
  });

  it("the Compliance tab (staff): pending oldest first; expiring and expired only the latest verified of a kind; counts; carriers 403", async () => {
    const shop = await createCompany(t.app, { name: "Tab Test Transport" });
    const staffOnly = async (url: string) => {
      expect((await call("GET", url)).statusCode).toBe(401);
      expect((await call("GET", url, pendingCookie)).statusCode).toBe(401);
      expect((await call("GET", url, member.cookie)).statusCode).toBe(403);
      expect((await call("GET", url, outsider.cookie)).statusCode).toBe(403);
      expect((await call("GET", url, manager.cookie)).statusCode).toBe(200);
      const res = await call("GET", url, admin.cookie);
      expect(res.statusCode).toBe(200);
      return res;
    };
    const before = (await staffOnly("/api/compliance/summary")).json() as { pending: number; expiring: number; expired: number };

    const p1 = await addDocument(t.app, { companyId: shop.id, kind: "vehicle_insurance", expiresOn: "2027-11-01", status: "pending", uploadedAt: new Date("2026-11-01T09:00:00Z") });
    const soon = await addDocument(t.app, { companyId: shop.id, kind: "goods_in_transit", expiresOn: "2026-12-10" });
    const lapsed = await addDocument(t.app, { companyId: shop.id, kind: "fors_certificate", expiresOn: "2026-11-24" });
    // superseded: an older insurance that expired, replaced by a verified later one (not listed anywhere)
    await addDocument(t.app, { companyId: shop.id, kind: "public_liability", expiresOn: "2026-10-01" });
    await addDocument(t.app, { companyId: shop.id, kind: "public_liability", expiresOn: "2027-10-01" });
    // a rejected and a far-off verified one are in no list
    await addDocument(t.app, { companyId: shop.id, kind: "operator_licence", expiresOn: "2026-12-01", status: "rejected" });
    await addDocument(t.app, { companyId: shop.id, kind: "vehicle_insurance", expiresOn: "2027-06-01" });
    // the replacement of the expiring one waits for review
    const p2 = await addDocument(t.app, { companyId: shop.id, kind: "goods_in_transit", expiresOn: "2027-12-10", status: "pending", uploadedAt: new Date("2026-11-02T09:00:00Z") });

    const after = (await staffOnly("/api/compliance/summary")).json();
    expect(after).toEqual({ pending: before.pending + 2, expiring: before.expiring + 1, expired: before.expired + 1 });

    const ofShop = (body: string) => (JSON.parse(body) as ReviewDocument[]).filter((d) => d.companyId === shop.id);
    const pending = await staffOnly("/api/documents?view=pending");
    expect(ofShop(pending.body).map((d) => d.id)).toEqual([p1.id, p2.id]);
    expect(Number(pending.headers["x-total-count"])).toBe(after.pending);
    const expiring = ofShop((await staffOnly("/api/documents?view=expiring")).body);
    expect(expiring).toHaveLength(1);
    expect(expiring[0]).toMatchObject({ id: soon.id, companyName: "Tab Test Transport", replacementPending: true, kind: "goods_in_transit", expiresOn: "2026-12-10" });
    const expired = ofShop((await staffOnly("/api/documents?view=expired")).body);
    expect(expired.map((d) => d.id)).toEqual([lapsed.id]);
    expect(expired[0].replacementPending).toBe(false);
    // no view: pending; an unknown view: 400; paging
    expect(ofShop((await staffOnly("/api/documents")).body).map((d) => d.id)).toEqual([p1.id, p2.id]);
    expect((await call("GET", "/api/documents?view=all", admin.cookie)).statusCode).toBe(400);
    const one = await call("GET", "/api/documents?view=pending&limit=1", admin.cookie);
    expect(one.json()).toHaveLength(1);
    // the staff list names the uploader
    const uploaded = (await post(member.cookie, smith.id)).json() as CompanyDocument;
    const withName = ((await call("GET", "/api/documents?view=pending", admin.cookie)).json() as ReviewDocument[]).find((d) => d.id === uploaded.id)!;
    expect(withName.companyName).toBe("Smith Haulage Ltd");
    expect(withName.uploadedByName).toMatch(/^User /);

    // a day later the expiring insurance is one day nearer; after its day it moves to expired
    clock.set("2026-12-11T00:30:00Z");
    try {
      const later = (await call("GET", "/api/compliance/summary", admin.cookie)).json();
      expect(later.expired).toBeGreaterThanOrEqual(after.expired + 1);
      expect(ofShop((await call("GET", "/api/documents?view=expired", admin.cookie)).body).map((d) => d.id)).toEqual([soon.id, lapsed.id]);
    } finally {
      clock.set(NOW);
    }
    // a carrier logged in elsewhere never gets the staff list
    const elsewhere = await login(t.app, (await createUser(t.app, { carrierName: rival.name, companyId: rival.id })).email);
    expect((await call("GET", "/api/documents?view=expired", elsewhere)).statusCode).toBe(403);
  });
});
