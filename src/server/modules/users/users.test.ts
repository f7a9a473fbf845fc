// Users and admin calls through the real app, on PGlite and PostgreSQL, mail
// through a real SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import { ENGINES, createTestApp, type SmtpSink, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createAdmin, createCarrier, createLoad, createManager, createUser, login, signedIn } from "../../../../test/factories";
import { joinsCompanyText } from "../../../contract/schemas/user";
import { bids, loads, sessions, users } from "../../db/schema";

async function mailTo(sink: SmtpSink, email: string, subject: RegExp, timeoutMs = 10_000): Promise<ParsedMail> {
  const start = Date.now();
  const match = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === email)) && subject.test(m.subject ?? "");
  for (;;) {
    const found = sink.messages.find(match);
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${email} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(ENGINES)("users and admin on %s", (engine) => {
  let t: TestApp;
  let admin: { user: typeof users.$inferSelect; cookie: string };
  let manager: { user: typeof users.$inferSelect; cookie: string };
  let carrier: { user: typeof users.$inferSelect; cookie: string };
  const seen: LightMyRequestResponse[] = [];

  const call = async (opts: InjectOptions & { cookie?: string }) => {
    const { cookie, ...rest } = opts;
    const res = await t.app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(cookie ? { cookie } : {}) } });
    seen.push(res);
    return res;
  };
  const get = (url: string, cookie?: string) => call({ url, cookie });

  beforeAll(async () => {
    t = await createTestApp({ engine });
    admin = await signedIn(t.app, { role: "admin", isAdmin: true, name: "Ada Admin", carrierName: "Flatbed Network HQ" });
    manager = await signedIn(t.app, { role: "manager", name: "Max Manager", carrierName: "Flatbed Network HQ" });
    carrier = await signedIn(t.app, { name: "Cara Carrier", carrierName: "Cara Haulage" });
  });
  afterAll(() => t.close());

  describe("who may call", () => {
    const staffCalls = ["/api/users", "/api/users/carrier", "/api/users/pending"];
    it.each(staffCalls)("GET %s is 401 signed out, 403 for a carrier, 200 for manager and admin", async (url) => {
      expect((await get(url)).statusCode).toBe(401);
      const refused = await get(url, carrier.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBeTypeOf("string");
      expect((await get(url, manager.cookie)).statusCode).toBe(200);
      expect((await get(url, admin.cookie)).statusCode).toBe(200);
    });

    it("a carrier cannot approve, reject or delete anyone", async () => {
      const pending = await createUser(t.app, { isApproved: false });
      for (const [method, url] of [
        ["POST", `/api/users/${pending.id}/approve`],
        ["POST", `/api/users/${pending.id}/reject`],
        ["DELETE", `/api/users/${pending.id}`],
      ] as const) {
        expect((await call({ method, url, cookie: carrier.cookie })).statusCode).toBe(403);
        expect((await call({ method, url })).statusCode).toBe(401);
      }
      const [still] = await t.app.ctx.db.select().from(users).where(eq(users.id, pending.id));
      expect(still.isApproved).toBe(false);
    });
  });

  describe("GET /api/users", () => {
    it("lists users newest first with loadsAccepted, totalEarnings and lastLoginAt", async () => {
      const earner = await createCarrier(t.app, { name: "Eddie Earner", carrierName: "Earner Freight" });
      const a = { acceptedBy: earner.id, acceptedByCarrier: "Earner Freight" };
      await createLoad(t.app, { ...a, status: "completed", price: 1000.5 });
      await createLoad(t.app, { ...a, status: "completed", price: 2000 });
      await createLoad(t.app, { ...a, status: "accepted", price: 500 });
      await createLoad(t.app, { ...a, status: "approved", price: 700 });
      await createLoad(t.app, { ...a, status: "cancelled", price: 9999 });
      await createLoad(t.app, { status: "completed", price: 123, acceptedByCarrier: "Earner Freight" }); // not theirs by id
      const newest = await createCarrier(t.app, { name: "Newest Person" });

      const res = await get("/api/users", manager.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list[0].id).toBe(newest.id);
      const created = list.map((u) => Date.parse(u.createdAt as string));
      expect(created).toEqual([...created].sort((x, y) => y - x));
      const row = list.find((u) => u.id === earner.id)!;
      expect(row).toMatchObject({ name: "Eddie Earner", loadsAccepted: 4, totalEarnings: 3000.5, lastLoginAt: null, role: "carrier" });
      const signedInRow = list.find((u) => u.id === carrier.user.id)!;
      expect(signedInRow.lastLoginAt).toEqual(expect.any(String));
      expect(signedInRow).toMatchObject({ loadsAccepted: 0, totalEarnings: 0 });
      for (const u of list) expect(Object.keys(u).filter((k) => /password/i.test(k))).toEqual([]);
    });
  });

  describe("GET /api/users/carrier", () => {
    it("groups carriers by company with 2 contacts and +N more, loads, earnings, activity and join date", async () => {
      const d = (s: string) => new Date(s);
      const first = await createCarrier(t.app, { name: "Alf One", email: "alf@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-01-10T10:00:00Z"), lastLoginAt: d("2026-03-01T08:00:00Z") });
      const second = await createCarrier(t.app, { name: "Bea Two", email: "bea@acme.example", carrierName: "ACME haulage ", createdAt: d("2025-02-10T10:00:00Z") });
      await createCarrier(t.app, { name: "Cy Three", email: "cy@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-03-10T10:00:00Z"), lastLoginAt: d("2026-02-01T08:00:00Z") });
      await createCarrier(t.app, { name: "Di Four", email: "di@acme.example", carrierName: "Acme Haulage", createdAt: d("2025-04-10T10:00:00Z") });
      await createLoad(t.app, { status: "completed", price: 1500, acceptedBy: first.id, acceptedByCarrier: "Acme Haulage", acceptedAt: d("2026-04-02T09:00:00Z") });
      await createLoad(t.app, { status: "approved", price: 800, acceptedBy: second.id, acceptedByCarrier: "Acme Haulage", acceptedAt: d("2026-04-05T09:00:00Z") });
      await createLoad(t.app, { status: "available", price: 999 });
      // a company that has no user: its loads still show under its name
      await createLoad(t.app, { status: "completed", price: 250.25, acceptedByCarrier: "Ghost Freight", acceptedAt: d("2026-01-01T09:00:00Z") });
      await createLoad(t.app, { status: "accepted", price: 100, acceptedByCarrier: "Ghost Freight" });
      // a load whose accepting user was deleted and whose carrier name is empty: "Unknown Carrier"
      const leaver = await createCarrier(t.app, { carrierName: "Leaver Ltd" });
      const orphan = await createLoad(t.app, { status: "completed", price: 300, acceptedBy: leaver.id, acceptedByCarrier: "" });
      expect((await call({ method: "DELETE", url: `/api/users/${leaver.id}`, cookie: admin.cookie })).statusCode).toBe(204);
      const [orphanRow] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, orphan.id));
      expect(orphanRow.acceptedBy).toBeNull();

      const res = await get("/api/users/carrier", manager.cookie);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      const byName = (n: string) => rows.filter((r) => r.carrierName === n);

      expect(rows.filter((r) => String(r.carrierName).toLowerCase().includes("acme"))).toHaveLength(1);
      expect(byName("Acme Haulage")).toEqual([
        {
          carrierName: "Acme Haulage",
          // made by the factory, not approved through the app: no company record (companies.test.ts covers records)
          companyId: null,
          compliance: null,
          contacts: [
            { name: "Alf One", email: "alf@acme.example" },
            { name: "Bea Two", email: "bea@acme.example" },
          ],
          moreContacts: 2,
          acceptedLoads: 2,
          totalEarnings: 1500,
          lastActivity: "2026-04-05T09:00:00.000Z",
          joinedAt: "2025-01-10T10:00:00.000Z",
        },
      ]);
      expect(byName("Ghost Freight")).toEqual([
        { carrierName: "Ghost Freight", companyId: null, compliance: null, contacts: [], moreContacts: 0, acceptedLoads: 2, totalEarnings: 250.25, lastActivity: "2026-01-01T09:00:00.000Z", joinedAt: null },
      ]);
      expect(byName("Unknown Carrier")).toEqual([
        { carrierName: "Unknown Carrier", companyId: null, compliance: null, contacts: [], moreContacts: 0, acceptedLoads: 1, totalEarnings: 300, lastActivity: null, joinedAt: null },
      ]);
      expect(rows.at(-1)!.carrierName).toBe("Unknown Carrier");
      // the signed-in carrier's company, no loads yet; staff are not carrier companies
      expect(byName("Cara Haulage")[0]).toMatchObject({ contacts: [{ name: "Cara Carrier", email: carrier.user.email }], acceptedLoads: 0, totalEarnings: 0, moreContacts: 0 });
      expect(byName("Flatbed Network HQ")).toEqual([]);
      expect(byName("Leaver Ltd")).toEqual([]);
    });
  });

  describe("pending registrations", () => {
    it("lists unapproved users newest first; approve lets them sign in and emails them", async () => {
      const older = await createUser(t.app, { isApproved: false, name: "Olive Older", createdAt: new Date("2026-01-01T00:00:00Z") });
      const newer = await createUser(t.app, { isApproved: false, name: "Nina Newer", createdAt: new Date("2026-02-01T00:00:00Z") });
      const list = (await get("/api/users/pending", manager.cookie)).json() as Array<{ id: string; isApproved: boolean }>;
      const ids = list.map((u) => u.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
      expect(list.every((u) => u.isApproved === false)).toBe(true);
      expect(ids).not.toContain(carrier.user.id);

      const res = await call({ method: "POST", url: `/api/users/${newer.id}/approve`, cookie: manager.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: newer.id, isApproved: true });
      await mailTo(t.sink, newer.email, /approved/i);
      await login(t.app, newer.email);
      const after = (await get("/api/users/pending", manager.cookie)).json() as Array<{ id: string }>;
      expect(after.map((u) => u.id)).not.toContain(newer.id);

      // approving twice, or rejecting an approved account, is a state conflict
      expect((await call({ method: "POST", url: `/api/users/${newer.id}/approve`, cookie: manager.cookie })).statusCode).toBe(409);
      const rejectApproved = await call({ method: "POST", url: `/api/users/${newer.id}/reject`, cookie: manager.cookie });
      expect(rejectApproved.statusCode).toBe(409);
      expect(rejectApproved.json().error).toBe("Only a pending account can be rejected");
    });

    it("says beside an applicant which existing company approval joins them to, and approval joins it", async () => {
      const smith = { carrierName: "Smith Haulage Ltd" };
      const first = await createCarrier(t.app, { ...smith, createdAt: new Date("2025-01-01T00:00:00Z") });
      await createCarrier(t.app, { carrierName: "SMITH HAULAGE LTD" });
      await createManager(t.app, { carrierName: " smith haulage ltd" });
      // not members: a pending applicant, and a member of another company
      await createUser(t.app, { ...smith, isApproved: false });
      await createCarrier(t.app, { carrierName: "Smith Haulage Northern Ltd" });
      const booked = await createLoad(t.app, { status: "approved", acceptedBy: first.id, ...{ acceptedByCarrier: "Smith Haulage Ltd" } });
      await createLoad(t.app, { status: "completed", acceptedByCarrier: "Smith Haulage Ltd" });
      await createLoad(t.app, { status: "cancelled", acceptedByCarrier: "Smith Haulage Ltd" });
      // a company whose members have gone: only its bookings remain
      await createLoad(t.app, { status: "completed", acceptedByCarrier: "Ghost Freight Co" });

      const applicant = await createUser(t.app, { isApproved: false, name: "Jo Joiner", carrierName: "  smith HAULAGE ltd " });
      const ghost = await createUser(t.app, { isApproved: false, name: "Gus Ghost", carrierName: "ghost freight co" });
      const fresh = await createUser(t.app, { isApproved: false, name: "Nel New", carrierName: "Brand New Haulage" });
      const res = await get("/api/users/pending", manager.cookie);
      expect(res.statusCode).toBe(200);
      const byId = new Map((res.json() as Array<{ id: string; joinsCompany: unknown }>).map((u) => [u.id, u]));
      expect(byId.get(applicant.id)?.joinsCompany).toEqual({ carrierName: "Smith Haulage Ltd", members: 3, bookings: 2 });
      expect(byId.get(ghost.id)?.joinsCompany).toEqual({ carrierName: "Ghost Freight Co", members: 0, bookings: 1 });
      expect(byId.get(fresh.id)?.joinsCompany).toBeNull();
      expect(joinsCompanyText({ carrierName: "Smith Haulage Ltd", members: 3, bookings: 2 })).toBe("Joins Smith Haulage Ltd: 3 members");
      expect(joinsCompanyText({ carrierName: "Ghost Freight Co", members: 0, bookings: 1 })).toBe("Joins Ghost Freight Co: 0 members, 1 booking");

      // approved, the applicant is a member under the company's own spelling and sees its bookings
      const approved = await call({ method: "POST", url: `/api/users/${applicant.id}/approve`, cookie: manager.cookie });
      expect(approved.json()).toMatchObject({ isApproved: true, carrierName: "Smith Haulage Ltd" });
      const cookie = await login(t.app, applicant.email);
      expect((await get(`/api/loads/${booked.id}`, cookie)).statusCode).toBe(200);
      // a new company keeps the name it registered with
      expect((await call({ method: "POST", url: `/api/users/${fresh.id}/approve`, cookie: manager.cookie })).json()).toMatchObject({ carrierName: "Brand New Haulage" });
    });

    it("reject deletes the pending account and emails the applicant", async () => {
      const applicant = await createUser(t.app, { isApproved: false, email: `applicant-${Date.now()}@example.com` });
      const res = await call({ method: "POST", url: `/api/users/${applicant.id}/reject`, cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, applicant.id))).toEqual([]);
      await mailTo(t.sink, applicant.email, /application/i);
      expect((await call({ method: "POST", url: `/api/users/${applicant.id}/reject`, cookie: admin.cookie })).statusCode).toBe(404);
    });

    it("unknown and malformed ids are 404", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1' or '1'='1"]) {
        for (const verb of ["approve", "reject"]) {
          const res = await call({ method: "POST", url: `/api/users/${encodeURIComponent(id)}/${verb}`, cookie: manager.cookie });
          expect(res.statusCode).toBe(404);
        }
      }
    });
  });

  describe("PUT /api/users/{id}", () => {
    const put = (id: string, payload: unknown, cookie?: string) => call({ method: "PUT", url: `/api/users/${id}`, payload: payload as object, cookie });

    it("a manager edits a carrier, and a blank password keeps the current one", async () => {
      const u = await createCarrier(t.app);
      const res = await put(u.id, { name: "Renamed", carrierName: "New Co", contactNumber: "0113 496 0001", email: `Renamed-${u.id.slice(0, 6)}@Example.com`, password: "" }, manager.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, name: "Renamed", carrierName: "New Co", contactNumber: "0113 496 0001", email: `renamed-${u.id.slice(0, 6)}@example.com` });
      await login(t.app, `renamed-${u.id.slice(0, 6)}@example.com`, PASSWORD);
    });

    it("a new password set by staff replaces the old and signs the user out everywhere", async () => {
      const { user, cookie } = await signedIn(t.app);
      const res = await put(user.id, { password: "Brand9!New" }, manager.cookie);
      expect(res.statusCode).toBe(200);
      expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
      await login(t.app, user.email, "Brand9!New");
      await expect(login(t.app, user.email, PASSWORD)).rejects.toThrow(/401/);
      const weak = await put(user.id, { password: "weak" }, manager.cookie);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().details[0]).toEqual({ path: "password", message: "Password must be at least 8 characters long" });
    });

    it("only an admin edits an admin or gives or takes away the admin role", async () => {
      const otherAdmin = await createAdmin(t.app);
      const u = await createCarrier(t.app);
      expect((await put(otherAdmin.id, { name: "Hijack" }, manager.cookie)).statusCode).toBe(403);
      expect((await put(u.id, { role: "admin" }, manager.cookie)).statusCode).toBe(403);
      expect((await put(u.id, { isAdmin: true }, manager.cookie)).statusCode).toBe(403);
      expect((await put(u.id, { role: "manager", isAdmin: true }, manager.cookie)).statusCode).toBe(403);
      const [unchanged] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
      expect(unchanged).toMatchObject({ role: "carrier", isAdmin: false });
      // a manager may make a carrier a manager
      expect((await put(u.id, { role: "manager" }, manager.cookie)).json()).toMatchObject({ role: "manager", isAdmin: false });

      const granted = await put(u.id, { role: "admin" }, admin.cookie);
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({ role: "admin", isAdmin: true });
      const taken = await put(u.id, { role: "carrier" }, admin.cookie);
      expect(taken.json()).toMatchObject({ role: "carrier", isAdmin: false });
      expect((await put(otherAdmin.id, { name: "Renamed Admin" }, admin.cookie)).json()).toMatchObject({ name: "Renamed Admin" });
    });

    it("a duplicate email (any case) is a 409", async () => {
      const a = await createCarrier(t.app);
      const b = await createCarrier(t.app);
      const res = await put(b.id, { email: a.email.toUpperCase() }, manager.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "An account with this email already exists" });
    });

    it("a carrier edits their own name and phone, not their company, and nothing else", async () => {
      const { user, cookie } = await signedIn(t.app, { carrierName: "Self Co" });
      const ok = await put(user.id, { name: "Self Edited", contactNumber: "+44 7700 900999" }, cookie);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ name: "Self Edited", carrierName: "Self Co", contactNumber: "+44 7700 900999" });
      // sending today's values back (the company trimmed the same), or a blank password, is not a change
      for (const same of ["Self Co", "  Self Co "]) {
        const res = await put(user.id, { name: "Again", carrierName: same, role: "carrier", isAdmin: false, isApproved: true, email: user.email, password: "" }, cookie);
        expect(res.statusCode, same).toBe(200);
      }
      for (const attempt of [{ role: "admin" }, { role: "manager" }, { isAdmin: true }, { isApproved: false }, { email: "new@example.com" }, { password: "Sneaky1!pw" }]) {
        const res = await put(user.id, { name: "Sneaky", ...attempt }, cookie);
        expect(res.statusCode, JSON.stringify(attempt)).toBe(403);
        expect(res.json().error).toBe("You can change only your name and contact number");
      }
      // contract: a user's own carrierName is their company membership; only staff change it
      for (const carrierName of ["Other Co", "self co", "SELF CO"]) {
        const res = await put(user.id, { name: "Sneaky", carrierName }, cookie);
        expect(res.statusCode, carrierName).toBe(403);
        expect(res.json()).toEqual({ error: "Only staff can change your company." });
      }
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: "Again", carrierName: "Self Co", role: "carrier", isAdmin: false, isApproved: true, email: user.email });
      // staff change a carrier's company, and their own
      expect((await put(user.id, { carrierName: "Moved Co" }, manager.cookie)).json()).toMatchObject({ carrierName: "Moved Co" });
      const own = await put(manager.user.id, { carrierName: "Flatbed Network Ops" }, manager.cookie);
      expect(own.json()).toMatchObject({ carrierName: "Flatbed Network Ops" });
      // someone else's account: 403, before the body is even validated
      expect((await put(manager.user.id, { name: "X" }, cookie)).statusCode).toBe(403);
      expect((await put(manager.user.id, { contactNumber: "1" }, cookie)).statusCode).toBe(403);
      expect((await put(user.id, { name: "X" })).statusCode).toBe(401);
    });

    it("a carrier cannot take another company's name and with it its loads, paperwork and POD", async () => {
      // the victim company: an approved load (PO, addresses) and a completed one with POD paperwork
      const victim = await signedIn(t.app, { carrierName: "Victim Haulage Ltd" });
      const held = { acceptedBy: victim.user.id, acceptedByCarrier: "Victim Haulage Ltd" };
      const approved = await createLoad(t.app, { ...held, status: "approved", mandataNumber: "PO-2026-77777" });
      const ticket = (await call({ method: "POST", url: "/api/objects/upload", cookie: victim.cookie })).json() as { uploadURL: string; objectPath: string };
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
      expect((await call({ method: "PUT", url: ticket.uploadURL, headers: { "content-type": "application/pdf" }, payload: pdf, cookie: victim.cookie })).statusCode).toBe(200);
      const completed = await createLoad(t.app, {
        ...held,
        status: "completed",
        mandataNumber: "PO-2026-88888",
        pickupSignedBy: "Vic Pickup",
        pickupSignedDate: new Date("2026-11-24T09:30:00Z"),
        deliverySignedBy: "Vic Delivery",
        deliverySignedDate: new Date("2026-11-24T15:30:00Z"),
        signedPaperworkUrl: ticket.objectPath,
      });

      const thief = await signedIn(t.app, { carrierName: "Thief Transport" });
      for (const carrierName of ["Victim Haulage Ltd", "victim haulage ltd", " Victim Haulage Ltd "]) {
        const res = await put(thief.user.id, { carrierName }, thief.cookie);
        expect(res.statusCode, carrierName).toBe(403);
        expect(res.json()).toEqual({ error: "Only staff can change your company." });
      }
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, thief.user.id));
      expect(row.carrierName).toBe("Thief Transport");

      // and still sees none of the victim's loads
      const board = await get("/api/loads", thief.cookie);
      expect(board.statusCode).toBe(200);
      const ids = (board.json() as { id: string }[]).map((l) => l.id);
      expect(ids).not.toContain(approved.id);
      expect(ids).not.toContain(completed.id);
      for (const secret of ["PO-2026-77777", "PO-2026-88888", "Vic Pickup"]) expect(board.body).not.toContain(secret);
      for (const load of [approved, completed]) expect((await get(`/api/loads/${load.id}`, thief.cookie)).statusCode).toBe(404);
      expect([403, 404]).toContain((await get(ticket.objectPath, thief.cookie)).statusCode);
      const pod = await call({
        method: "PUT",
        url: `/api/loads/${completed.id}/pod`,
        payload: { pickupSignedBy: "Forged", pickupSignedDate: "2026-11-24T09:30:00.000Z", deliverySignedBy: "Forged", deliverySignedDate: "2026-11-24T15:30:00.000Z" },
        cookie: thief.cookie,
      });
      expect([403, 404]).toContain(pod.statusCode);
      const [kept] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, completed.id));
      expect(kept).toMatchObject({ pickupSignedBy: "Vic Pickup", deliverySignedBy: "Vic Delivery", signedPaperworkUrl: ticket.objectPath });
      // the victim still sees both (the test is not blind)
      expect((await get(`/api/loads/${completed.id}`, victim.cookie)).json()).toMatchObject({ mandataNumber: "PO-2026-88888" });
      expect((await get(ticket.objectPath, victim.cookie)).statusCode).toBe(200);
    });

    it("withdrawing approval ends the user's sessions: approved again, the old cookie stays refused", async () => {
      const { user, cookie } = await signedIn(t.app);
      const second = await login(t.app, user.email);
      expect((await get("/api/auth/user", cookie)).statusCode).toBe(200);
      expect((await put(user.id, { isApproved: false }, manager.cookie)).json()).toMatchObject({ isApproved: false });
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await put(user.id, { isApproved: true }, manager.cookie)).json()).toMatchObject({ isApproved: true });
      for (const old of [cookie, second]) expect((await get("/api/auth/user", old)).statusCode).toBe(401);
      // signing in again works as ever
      expect((await get("/api/auth/user", await login(t.app, user.email))).statusCode).toBe(200);
      // an edit that leaves approval alone leaves the sessions alone
      const kept = await login(t.app, user.email);
      expect((await put(user.id, { name: "Still Here", isApproved: true }, manager.cookie)).statusCode).toBe(200);
      expect((await get("/api/auth/user", kept)).statusCode).toBe(200);
    });

    it("validates with a plain message per field and never 500s on malformed bodies", async () => {
      const u = await createCarrier(t.app);
      const bad = await put(u.id, { contactNumber: "12", carrierName: "", email: "x" }, manager.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual(
        expect.arrayContaining([
          { path: "contactNumber", message: "Please enter a valid contact number" },
          { path: "carrierName", message: "Carrier name is required" },
          { path: "email", message: "Please enter a valid email address" },
        ]),
      );
      for (const payload of ["[]", "42", "null", "", '"text"', '{"name":', JSON.stringify({ name: "x".repeat(100_000) }), JSON.stringify({ role: "superuser" }), JSON.stringify({ isAdmin: "yes" })]) {
        const res = await call({ method: "PUT", url: `/api/users/${u.id}`, payload, headers: { "content-type": "application/json" }, cookie: manager.cookie });
        expect(res.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, payload.slice(0, 40)).toBeLessThan(500);
        expect(res.json().error).toBeTypeOf("string");
      }
      expect((await put("00000000-0000-4000-8000-000000000000", { name: "Nobody" }, manager.cookie)).statusCode).toBe(404);
    });
  });

  describe("DELETE /api/users/{id}", () => {
    const del = (id: string, cookie?: string) => call({ method: "DELETE", url: `/api/users/${id}`, cookie });

    it("staff delete a user: 204, bids go, loads keep acceptedByCarrier, sessions end", async () => {
      const { user, cookie } = await signedIn(t.app, { carrierName: "Gone Soon Ltd" });
      const load = await createLoad(t.app, { status: "completed", acceptedBy: user.id, acceptedByCarrier: "Gone Soon Ltd" });
      const open = await createLoad(t.app);
      await t.app.ctx.db.insert(bids).values({ loadId: open.id, carrierId: user.id, bidAmount: 950 });

      const res = await del(user.id, manager.cookie);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await t.app.ctx.db.select().from(bids).where(eq(bids.carrierId, user.id))).toEqual([]);
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      const [kept] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id));
      expect(kept).toMatchObject({ acceptedBy: null, acceptedByCarrier: "Gone Soon Ltd", status: "completed" });
      expect((await get("/api/auth/user", cookie)).statusCode).toBe(401);
      expect((await del(user.id, manager.cookie)).statusCode).toBe(404);
    });

    it("nobody deletes themselves (409); a manager cannot delete an admin (403), an admin can", async () => {
      const self = await del(manager.user.id, manager.cookie);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ error: "You cannot delete your own account" });
      expect((await del(admin.user.id, admin.cookie)).statusCode).toBe(409);

      const victim = await createAdmin(t.app);
      expect((await del(victim.id, manager.cookie)).statusCode).toBe(403);
      expect(await t.app.ctx.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
      expect((await del(victim.id, admin.cookie)).statusCode).toBe(204);

      const otherManager = await createUser(t.app, { role: "manager" });
      expect((await del(otherManager.id, admin.cookie)).statusCode).toBe(204);
      expect((await del("not-a-uuid", admin.cookie)).statusCode).toBe(404);
    });
  });

  // Runs last: walks every response above.
  it("no users response carries a password, a hash or reset-token fields", async () => {
    expect(seen.length).toBeGreaterThan(40);
    const hashes = (await t.app.ctx.db.select({ p: users.password }).from(users)).map((r) => r.p);
    for (const res of seen) {
      const where = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
      expect(res.body, where).not.toContain("$argon2");
      expect(res.body, where).not.toContain("passwordResetToken");
      expect(res.body, where).not.toContain("passwordResetExpires");
      expect(res.body, where).not.toMatch(/"password"\s*:/);
      for (const h of hashes) expect(res.body, where).not.toContain(h);
    }
  });
});

// every list is bounded (limit ≤ 1,000; 1,000 without one) and the true
// total is in X-Total-Count; the Users, Carriers and Pending tabs page, sort and
// search on the server. An app of its own: it seeds over a thousand users.
describe.each(ENGINES)("users lists page, sort and search on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  const get = (url: string) => t.app.inject({ url, headers: { cookie: staff } });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return { rows: res.json() as Array<Record<string, unknown>>, total: Number(res.headers["x-total-count"]) };
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = (await signedIn(t.app, { role: "manager", name: "Pat Pager", carrierName: "Network Ops" })).cookie;
  });
  afterAll(() => t.close());

  it("GET /api/users pages with the true total, sorts by every column and searches name, email and company", async () => {
    const d = (i: number) => new Date(Date.UTC(2025, 0, 1 + i));
    const seeded: (typeof users.$inferSelect)[] = [];
    for (let i = 0; i < 12; i++) {
      seeded.push(
        await createCarrier(t.app, {
          name: `Zed ${String.fromCharCode(97 + ((i * 5) % 12))} Pager`,
          email: `pager-${String(i).padStart(2, "0")}@paging.example`,
          carrierName: i % 3 === 0 ? "Paging Freight Ltd" : `Paging ${i} Ltd`,
          createdAt: d(i),
          lastLoginAt: i % 4 === 0 ? null : d(100 + i),
        }),
      );
    }
    // loads held by three of them: 3, 2 and 1 loads
    for (const [i, n] of [[5, 3], [7, 2], [2, 1]] as const) {
      for (let k = 0; k < n; k++) await createLoad(t.app, { status: "completed", price: 100 * (i + 1), acceptedBy: seeded[i].id, acceptedByCarrier: "x" });
    }

    // pages: 5 + 5 + 2, no overlap, no gap, the true total on each
    const ids: unknown[] = [];
    for (const offset of [0, 5, 10]) {
      const p = await page(`/api/users?search=paging.example&limit=5&offset=${offset}`);
      expect(p.total).toBe(12);
      expect(p.rows).toHaveLength(offset === 10 ? 2 : 5);
      ids.push(...p.rows.map((r) => r.id));
    }
    expect(new Set(ids).size).toBe(12);
    // newest first by default (contract)
    expect(ids[0]).toBe(seeded[11].id);
    expect(ids.at(-1)).toBe(seeded[0].id);
    expect((await page("/api/users?search=paging.example&limit=5&offset=50")).rows).toEqual([]);

    const order = async (sort: string) => (await page(`/api/users?search=paging.example&sort=${sort}`)).rows;
    const names = (await order("name")).map((r) => String(r.name));
    expect(names).toEqual([...names].sort());
    expect((await order("-name")).map((r) => r.name)).toEqual([...names].reverse());
    const emails = (await order("email")).map((r) => r.email);
    expect(emails).toEqual(seeded.map((u) => u.email));
    expect((await order("-loadsAccepted")).slice(0, 3).map((r) => [r.id, r.loadsAccepted])).toEqual([
      [seeded[5].id, 3],
      [seeded[7].id, 2],
      [seeded[2].id, 1],
    ]);
    expect((await order("-totalEarnings"))[0]).toMatchObject({ id: seeded[5].id, totalEarnings: 1800 });
    // the activity is right on a page that did not need it for its order
    expect((await order("createdAt")).find((r) => r.id === seeded[7].id)).toMatchObject({ loadsAccepted: 2, totalEarnings: 1600 });
    // "Never" signed in: last in either direction
    for (const sort of ["lastLoginAt", "-lastLoginAt"]) {
      const rows = await order(sort);
      expect(rows.slice(-3).map((r) => r.lastLoginAt), sort).toEqual([null, null, null]);
    }
    const byCompany = (await order("carrierName")).map((r) => String(r.carrierName).toLowerCase());
    expect(byCompany).toEqual([...byCompany].sort());

    // search: name, email and company, any case; pattern characters are literal
    expect((await page("/api/users?search=ZED%20A%20PAGER")).total).toBe(1);
    expect((await page("/api/users?search=PAGER-03@")).rows.map((r) => r.id)).toEqual([seeded[3].id]);
    expect((await page("/api/users?search=paging%20freight")).total).toBe(4);
    expect((await page("/api/users?search=%25")).total).toBe(0);
    expect((await page("/api/users?search=pager_0")).total).toBe(0);
  });

  it("GET /api/users/pending and /api/users/carrier page, sort and search too", async () => {
    for (let i = 0; i < 7; i++) {
      await createUser(t.app, { isApproved: false, name: `Penny ${i} Waiting`, carrierName: `Queue ${i} Haulage`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = await page("/api/users/pending?search=waiting&limit=3");
    expect(first.total).toBe(7);
    expect(first.rows.map((r) => r.name)).toEqual(["Penny 6 Waiting", "Penny 5 Waiting", "Penny 4 Waiting"]);
    expect((await page("/api/users/pending?search=waiting&limit=3&offset=6")).rows.map((r) => r.name)).toEqual(["Penny 0 Waiting"]);
    expect((await page("/api/users/pending?search=waiting&sort=name&limit=2")).rows.map((r) => r.name)).toEqual(["Penny 0 Waiting", "Penny 1 Waiting"]);
    expect((await page("/api/users/pending?search=queue%203")).rows.map((r) => r.name)).toEqual(["Penny 3 Waiting"]);

    // companies: 3 of them matched by name, one more only by a member's email
    await createCarrier(t.app, { carrierName: "Convoy Alpha", createdAt: new Date("2025-03-01T00:00:00Z") });
    await createCarrier(t.app, { carrierName: "Convoy Bravo", createdAt: new Date("2025-02-01T00:00:00Z") });
    const big = await createCarrier(t.app, { carrierName: "Convoy Charlie", createdAt: new Date("2025-01-01T00:00:00Z") });
    await createCarrier(t.app, { carrierName: "Quiet Ltd", email: "dispatch@convoy-mail.example" });
    await createLoad(t.app, { status: "completed", price: 5000, acceptedBy: big.id, acceptedByCarrier: "Convoy Charlie" });
    const all = await page("/api/users/carrier?search=convoy");
    expect(all.total).toBe(4);
    const two = await page("/api/users/carrier?search=convoy&limit=2&offset=1");
    expect(two.total).toBe(4);
    expect(two.rows.map((r) => r.carrierName)).toEqual(all.rows.slice(1, 3).map((r) => r.carrierName));
    // past the last page: no rows, and still the true total
    expect(await page("/api/users/carrier?search=convoy&limit=2&offset=10")).toEqual({ rows: [], total: 4 });
    expect((await page("/api/users/carrier?search=%25_")).total).toBe(0);
    expect((await page("/api/users/carrier?search=convoy&sort=-totalEarnings&limit=1")).rows[0]).toMatchObject({ carrierName: "Convoy Charlie", totalEarnings: 5000 });
    expect((await page("/api/users/carrier?search=convoy%20&sort=carrierName")).rows.map((r) => r.carrierName)).toEqual(["Convoy Alpha", "Convoy Bravo", "Convoy Charlie", "Quiet Ltd"]);
    expect((await page("/api/users/carrier?search=convoy&sort=-joinedAt")).rows.map((r) => r.carrierName).slice(1)).toEqual(["Convoy Alpha", "Convoy Bravo", "Convoy Charlie"]);
  });

  it("no list is unbounded: without a limit at most 1,000 rows and the true total; a limit above 1,000 or a bad sort is a 400", async () => {
    const base = await createUser(t.app, { isApproved: false });
    const values = Array.from({ length: 1001 }, (_, i) => ({
      email: `bulk-${i}@bulk.example`,
      password: base.password,
      name: `Bulk ${i}`,
      carrierName: `Bulk ${i} Ltd`,
      contactNumber: "+44 7700 900123",
      role: "carrier",
      isApproved: false,
    }));
    await t.app.ctx.db.insert(users).values(values);
    for (const url of ["/api/users?search=bulk", "/api/users/pending?search=bulk", "/api/users/carrier?search=bulk"]) {
      const p = await page(url);
      expect(p.rows, url).toHaveLength(1000);
      expect(p.total, url).toBe(1001);
      expect((await page(`${url}&limit=1000&offset=1000`)).rows, url).toHaveLength(1);
      for (const bad of ["limit=1001", "limit=0", "limit=x", "offset=-1", "sort=password", "sort=--name"]) {
        const res = await get(`${url}&${bad}`);
        expect(res.statusCode, `${url}&${bad}`).toBe(400);
        expect(res.json().error).toBeTypeOf("string");
      }
    }
  });
});
