// Registration with documents (it accepts the two insurance documents as uploads;
// docs/decisions/0013-compliance.md). A
// self-registration gets an `applicant` cookie that may only upload and post the two
// insurances for 2 hours; it is never a session, and no session is an applicant. The
// documents wait on the account, in no company's list or count, until approval makes
// them the company's (pending review); rejection or deletion takes them away and hands
// their files to the sweep of unattached uploads.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createUser, signedIn } from "../../../../test/factories";
import { PDF, createCompany, memberOf } from "../../../../test/company-fixtures";
import { applicantTokens, companyDocuments, objects } from "../../db/schema";
import { createObjectStore } from "../objects/object-store";
import { sweepUnattachedUploads, UNATTACHED_GRACE_MS } from "../objects/objects.sweep";
import { COMPANY_MSG, REGISTRATION_MSG, type CompanyDocument, type RegistrationDocument, type ReviewDocument } from "../../../contract/schemas/company";
import type { PendingUser } from "../../../contract/schemas/user";
import { APPLICANT_TTL_MS, APPLICANT_UPLOAD_LIMIT, APPLICANT_UPLOAD_LIMIT_MSG } from "./registration.service";

const NOW = new Date("2026-11-25T12:00:00Z");
const quiet = { info: () => {}, warn: () => {} };
const keyOf = (objectPath: string) => objectPath.slice("/objects/".length);

describe.each(ENGINES)("registration with documents on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(NOW);
  let manager: { user: { id: string }; cookie: string };

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** A self-registration through the real call; its applicant cookie ("applicant=…") and the raw Set-Cookie line. */
  async function register(carrierName = `Applicant ${randomUUID().slice(0, 8)} Ltd`) {
    const email = `applicant-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call("POST", "/api/register", undefined, { email, password: "Register1!pass", name: "Ann Applicant", carrierName, contactNumber: "+44 7700 900456" });
    expect(res.statusCode).toBe(201);
    const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const line = setCookie.find((c) => c.startsWith("applicant="))!;
    expect(line).toBeTruthy();
    const token = /^applicant=([^;]+)/.exec(line)![1];
    return { user: res.json() as { id: string; email: string }, body: res.body, line, token, cookie: `applicant=${token}`, carrierName };
  }

  async function applicantUpload(cookie: string, body: Buffer = PDF) {
    const ticket = await call("POST", "/api/registration/upload", cookie);
    expect(ticket.statusCode).toBe(200);
    const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
    expect(uploadURL.startsWith("/api/registration/upload/")).toBe(true);
    const put = await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: body });
    return { put, objectPath, uploadURL };
  }

  async function addInsurance(cookie: string, kind: "vehicle_insurance" | "goods_in_transit", over: Record<string, unknown> = {}) {
    const { put, objectPath } = await applicantUpload(cookie);
    expect(put.statusCode).toBe(200);
    return call("POST", "/api/registration/documents", cookie, { kind, objectPath, expiresOn: "2027-06-30", coverAmount: 1_000_000, ...over });
  }

  const docsOf = (applicantId: string) => t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.applicantId, applicantId));
  const objectRows = (paths: string[]) => t.app.ctx.db.select().from(objects).where(inArray(objects.key, paths.map(keyOf)));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    manager = await signedIn(t.app, { role: "manager", carrierName: null });
  });
  afterAll(() => t?.close());

  it("register → upload → both insurances → approve: the documents wait for review on the new company, and the cookie is spent", async () => {
    const a = await register();
    // the cookie: HttpOnly, SameSite=Strict, only under /api/registration, 2 hours; no token in the body
    expect(a.line).toMatch(/; HttpOnly/i);
    expect(a.line).toMatch(/; SameSite=Strict/i);
    expect(a.line).toMatch(/; Path=\/api\/registration(;|$)/);
    expect(a.line).not.toMatch(/; Secure/i); // plain http here; Secure when served over https
    const expires = new Date(/Expires=([^;]+)/i.exec(a.line)![1]).getTime();
    expect(Math.abs(expires - (NOW.getTime() + APPLICANT_TTL_MS))).toBeLessThan(2000);
    expect(a.body).not.toContain(a.token);
    expect(Object.keys(JSON.parse(a.body)).sort()).toEqual(
      ["carrierName", "companyId", "compliance", "contactNumber", "createdAt", "email", "id", "isAdmin", "isApproved", "lastLoginAt", "name", "role", "updatedAt"].sort(),
    );
    // only a hash is stored, under its own prefix (not the session's sha256 of the token)
    const [stored] = await t.app.ctx.db.select().from(applicantTokens).where(eq(applicantTokens.userId, a.user.id));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(a.token);

    const vehicle = await addInsurance(a.cookie, "vehicle_insurance");
    expect(vehicle.statusCode).toBe(201);
    const vdoc = vehicle.json() as RegistrationDocument & { companyId?: unknown };
    expect(vdoc).toMatchObject({ kind: "vehicle_insurance", expiresOn: "2027-06-30", coverAmount: 1_000_000, status: "pending", uploadedBy: a.user.id });
    expect("companyId" in vdoc).toBe(false);
    const git = await addInsurance(a.cookie, "goods_in_transit", { coverAmount: null });
    expect(git.statusCode).toBe(201);
    const listed = await call("GET", "/api/registration/documents", a.cookie);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as RegistrationDocument[]).map((d) => d.kind).sort()).toEqual(["goods_in_transit", "vehicle_insurance"]);
    // bounded like every list: paged, the total in X-Total-Count, limit ≤ 1,000
    expect(listed.headers["x-total-count"]).toBe("2");
    const one = await call("GET", "/api/registration/documents?limit=1&offset=1", a.cookie);
    expect((one.json() as RegistrationDocument[]).length).toBe(1);
    expect(one.headers["x-total-count"]).toBe("2");
    expect((await call("GET", "/api/registration/documents?limit=1001", a.cookie)).statusCode).toBe(400);

    // staff see how many are attached; nobody's Compliance tab lists them yet
    const pending = (await call("GET", "/api/users/pending?limit=200", manager.cookie)).json() as PendingUser[];
    expect(pending.find((u) => u.id === a.user.id)?.documentCount).toBe(2);
    const queue = await call("GET", "/api/documents?view=pending&limit=1000", manager.cookie);
    expect((queue.json() as ReviewDocument[]).some((d) => d.uploadedBy === a.user.id)).toBe(false);
    const summary = (await call("GET", "/api/compliance/summary", manager.cookie)).json() as { pending: number };
    expect(summary.pending).toBe(Number(queue.headers["x-total-count"]));
    // nor can staff review them before approval (no company's document yet)
    expect((await call("POST", `/api/documents/${vdoc.id}/verify`, manager.cookie)).statusCode).toBe(404);

    const approved = await call("POST", `/api/users/${a.user.id}/approve`, manager.cookie);
    expect(approved.statusCode).toBe(200);
    const companyId = (approved.json() as { companyId: string }).companyId;
    expect(companyId).toMatch(/^[0-9a-f-]{36}$/);
    const docs = (await call("GET", `/api/companies/${companyId}/documents`, manager.cookie)).json() as CompanyDocument[];
    expect(docs.map((d) => [d.kind, d.status, d.companyId]).sort()).toEqual([
      ["goods_in_transit", "pending", companyId],
      ["vehicle_insurance", "pending", companyId],
    ]);
    const after = (await call("GET", "/api/documents?view=pending&limit=1000", manager.cookie)).json() as ReviewDocument[];
    expect(after.filter((d) => d.companyId === companyId).map((d) => d.companyName)).toEqual([a.carrierName, a.carrierName]);
    expect((await call("GET", "/api/compliance/summary", manager.cookie)).json()).toMatchObject({ pending: summary.pending + 2 });
    // the company is not compliant until staff verify them
    const company = (await call("GET", `/api/companies/${companyId}`, manager.cookie)).json() as { compliance: string };
    expect(company.compliance).toBe("non_compliant");
    expect(await docsOf(a.user.id)).toEqual([]);
    // approval spent the applicant's access: the account signs in now
    expect((await call("GET", "/api/registration/documents", a.cookie)).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(applicantTokens).where(eq(applicantTokens.userId, a.user.id))).toEqual([]);
    // and the files stay attached (never swept) and reachable by the company's members
    const files = await objectRows(docs.map((d) => d.objectPath));
    expect(files.every((f) => f.attachedAt !== null)).toBe(true);
    const member = await memberOf(t.app, { id: companyId, name: a.carrierName });
    const file = await call("GET", docs[0].objectPath, member.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith("%PDF")).toBe(true);
  });

  it("the applicant cookie is no session, and no session is an applicant", async () => {
    const a = await register();
    expect((await call("GET", "/api/auth/user", a.cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/auth/user", `sid=${a.token}`)).statusCode).toBe(401);
    expect((await call("POST", "/api/objects/upload", a.cookie)).statusCode).toBe(401);
    expect((await call("POST", "/api/bids", a.cookie, { loadId: randomUUID(), bidAmount: 100 })).statusCode).toBe(401);
    // a signed-in carrier's session cannot act as an applicant, under either cookie name
    const carrier = await signedIn(t.app, { carrierName: "Signed In Haulage Ltd" });
    const sid = /^sid=([^;]+)/.exec(carrier.cookie)![1];
    for (const cookie of [carrier.cookie, `applicant=${sid}`]) {
      expect((await call("GET", "/api/registration/documents", cookie)).statusCode).toBe(401);
      expect((await call("POST", "/api/registration/upload", cookie)).statusCode).toBe(401);
      const post = await call("POST", "/api/registration/documents", cookie, { kind: "vehicle_insurance", objectPath: `/objects/${randomUUID()}`, expiresOn: "2027-06-30" });
      expect(post.statusCode).toBe(401);
      expect(post.json()).toMatchObject({ error: REGISTRATION_MSG.noApplicant });
    }
    // an applicant's upload URL is theirs: not another's session, not PUT through the session's path
    const { uploadURL } = (await call("POST", "/api/registration/upload", a.cookie)).json() as { uploadURL: string };
    const token = uploadURL.split("/").pop()!;
    expect((await t.app.inject({ method: "PUT", url: `/api/objects/upload/${token}`, headers: { cookie: carrier.cookie }, payload: PDF })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "PUT", url: `/api/objects/upload/${token}`, headers: { cookie: a.cookie }, payload: PDF })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: uploadURL, headers: { cookie: carrier.cookie }, payload: PDF })).statusCode).toBe(401);
    // and a carrier's own upload ticket is no applicant's
    const own = (await call("POST", "/api/objects/upload", carrier.cookie)).json() as { uploadURL: string };
    expect((await t.app.inject({ method: "PUT", url: `/api/registration/upload/${own.uploadURL.split("/").pop()}`, headers: { cookie: a.cookie }, payload: PDF })).statusCode).toBe(403);
    // a foreign Origin is refused even with a good cookie (contract: CSRF)
    const { objectPath } = await applicantUpload(a.cookie);
    const forged = await call("POST", "/api/registration/documents", a.cookie, { kind: "vehicle_insurance", objectPath, expiresOn: "2027-06-30" }, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect(await docsOf(a.user.id)).toEqual([]);
    // staff registering an account give it no applicant cookie
    const byStaff = await call("POST", "/api/register", manager.cookie, { email: `staff-made-${randomUUID().slice(0, 6)}@example.com`, password: "Register1!pass", name: "Made By Staff", carrierName: "Staff Made Ltd", contactNumber: "+44 7700 900456" });
    expect(byStaff.statusCode).toBe(201);
    expect(([] as string[]).concat(byStaff.headers["set-cookie"] ?? []).some((c) => c.startsWith("applicant="))).toBe(false);
  });

  it("the cookie lasts 2 hours", async () => {
    const a = await register();
    clock.advance(APPLICANT_TTL_MS - 1000);
    expect((await call("GET", "/api/registration/documents", a.cookie)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await call("GET", "/api/registration/documents", a.cookie)).statusCode).toBe(401);
    expect((await call("POST", "/api/registration/upload", a.cookie)).statusCode).toBe(401);
    clock.set(NOW);
  });

  it("only the two insurances, with the company documents' checks; a second of a kind replaces the first", async () => {
    const a = await register();
    const { objectPath } = await applicantUpload(a.cookie);
    for (const kind of ["public_liability", "operator_licence", "fors_certificate", "passport"]) {
      const res = await call("POST", "/api/registration/documents", a.cookie, { kind, objectPath, expiresOn: "2027-06-30" });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ path: "kind", message: REGISTRATION_MSG.kind });
    }
    const past = await call("POST", "/api/registration/documents", a.cookie, { kind: "goods_in_transit", objectPath, expiresOn: "2026-11-24" });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toContainEqual({ path: "expiresOn", message: COMPANY_MSG.expiresInPast });
    const noDay = await call("POST", "/api/registration/documents", a.cookie, { kind: "goods_in_transit", objectPath, expiresOn: "2027-02-30" });
    expect(noDay.statusCode).toBe(400);
    // someone else's upload, or none at all
    const other = await signedIn(t.app, { carrierName: "Other Haulage Ltd" });
    const ticket = (await call("POST", "/api/objects/upload", other.cookie)).json() as { uploadURL: string; objectPath: string };
    await t.app.inject({ method: "PUT", url: ticket.uploadURL, headers: { cookie: other.cookie }, payload: PDF });
    for (const path of [ticket.objectPath, `/objects/${randomUUID()}`]) {
      const res = await call("POST", "/api/registration/documents", a.cookie, { kind: "goods_in_transit", objectPath: path, expiresOn: "2027-06-30" });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ path: "objectPath", message: COMPANY_MSG.uploadNotUsable });
    }
    // the upload's own checks: content, not name
    const fake = await applicantUpload(a.cookie, Buffer.from("MZ not a pdf at all"));
    expect(fake.put.statusCode).toBe(415);
    expect(await docsOf(a.user.id)).toEqual([]);

    // today is fine; a second goods-in-transit replaces the first, whose file goes back to the sweep
    const first = await call("POST", "/api/registration/documents", a.cookie, { kind: "goods_in_transit", objectPath, expiresOn: "2026-11-25" });
    expect(first.statusCode).toBe(201);
    const second = await addInsurance(a.cookie, "goods_in_transit", { expiresOn: "2027-11-25" });
    expect(second.statusCode).toBe(201);
    const held = await docsOf(a.user.id);
    expect(held.map((d) => [d.kind, d.expiresOn])).toEqual([["goods_in_transit", "2027-11-25"]]);
    const [released] = await objectRows([objectPath]);
    expect(released.attachedAt).toBeNull();
    // one file, one record: the kept file cannot be posted again
    const again = await call("POST", "/api/registration/documents", a.cookie, { kind: "vehicle_insurance", objectPath: held[0].objectPath, expiresOn: "2027-06-30" });
    expect(again.statusCode).toBe(400);
  });

  it("rejection and deletion take the documents with the account; the sweep then deletes their files", async () => {
    const store = createObjectStore(t.config);
    const rejected = await register();
    const deleted = await register();
    const paths: string[] = [];
    for (const a of [rejected, deleted]) {
      const res = await addInsurance(a.cookie, "vehicle_insurance");
      expect(res.statusCode).toBe(201);
      paths.push((res.json() as RegistrationDocument).objectPath);
    }
    // attached while their documents hold them: a sweep a day later keeps them
    await sweepUnattachedUploads({ db: t.app.ctx.db, store, now: new Date(NOW.getTime() + UNATTACHED_GRACE_MS + 60_000), log: quiet });
    expect((await objectRows(paths)).length).toBe(2);

    expect((await call("POST", `/api/users/${rejected.user.id}/reject`, manager.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/users/${deleted.user.id}`, manager.cookie)).statusCode).toBe(204);
    for (const a of [rejected, deleted]) {
      expect(await docsOf(a.user.id)).toEqual([]);
      expect((await call("GET", "/api/registration/documents", a.cookie)).statusCode).toBe(401);
    }
    expect((await objectRows(paths)).every((r) => r.attachedAt === null)).toBe(true);
    const swept = await sweepUnattachedUploads({ db: t.app.ctx.db, store, now: new Date(NOW.getTime() + UNATTACHED_GRACE_MS + 60_000), log: quiet });
    expect(swept.deleted).toBeGreaterThanOrEqual(2);
    expect(await objectRows(paths)).toEqual([]);
    for (const p of paths) expect(await store.get(keyOf(p))).toBeNull();
  });

  it("approval by a staff edit moves them too; an applicant joining an existing company adds to its queue", async () => {
    const smith = await createCompany(t.app, { name: "Smith Haulage Ltd" });
    const a = await register(" smith haulage LTD ");
    expect((await addInsurance(a.cookie, "goods_in_transit")).statusCode).toBe(201);
    const edit = await call("PUT", `/api/users/${a.user.id}`, manager.cookie, { isApproved: true });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ companyId: smith.id, carrierName: "Smith Haulage Ltd" });
    const docs = await t.app.ctx.db.select().from(companyDocuments).where(eq(companyDocuments.companyId, smith.id));
    expect(docs.map((d) => [d.kind, d.status, d.applicantId])).toEqual([["goods_in_transit", "pending", null]]);
    expect((await call("GET", "/api/registration/documents", a.cookie)).statusCode).toBe(401);
  });

  it("an applicant gets at most 4 upload tickets in all: the fifth is 429, and stays so once the sweep has taken the unused ones", async () => {
    const a = await register();
    for (let i = 0; i < APPLICANT_UPLOAD_LIMIT; i++) expect((await call("POST", "/api/registration/upload", a.cookie)).statusCode).toBe(200);
    const over = await call("POST", "/api/registration/upload", a.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: APPLICANT_UPLOAD_LIMIT_MSG });
    // the tickets' rows go with the sweep (an hour after they expire), the count does not
    clock.advance(UNATTACHED_GRACE_MS + 60_000);
    await sweepUnattachedUploads({ db: t.app.ctx.db, store: createObjectStore(t.config), now: clock.now(), log: quiet });
    expect(await t.app.ctx.db.select().from(objects).where(eq(objects.ownerId, a.user.id))).toEqual([]);
    expect((await call("POST", "/api/registration/upload", a.cookie)).statusCode).toBe(429);
    // another applicant is not held up
    expect((await call("POST", "/api/registration/upload", (await register()).cookie)).statusCode).toBe(200);
    clock.set(NOW);
  });

  it("a pending account made without the cookie (staff's Pending tab) shows no documents", async () => {
    const plain = await createUser(t.app, { isApproved: false, carrierName: `Plain ${randomUUID().slice(0, 6)} Ltd` });
    const pending = (await call("GET", "/api/users/pending?limit=200", manager.cookie)).json() as PendingUser[];
    expect(pending.find((u) => u.id === plain.id)?.documentCount).toBe(0);
  });
});
