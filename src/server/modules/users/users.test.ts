// Users and admin calls through the real app, on PGlite and PostgreSQL, mail
// through a real SMTP sink (contract "Users and admin", "Roles"; spec §2, §6).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { ParsedMail } from "mailparser";
import { ENGINES, createTestApp, type SmtpSink, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createAdmin, createCarrier, createLoad, createUser, login, signedIn } from "../../../../test/factories";
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
        { carrierName: "Ghost Freight", contacts: [], moreContacts: 0, acceptedLoads: 2, totalEarnings: 250.25, lastActivity: "2026-01-01T09:00:00.000Z", joinedAt: null },
      ]);
      expect(byName("Unknown Carrier")).toEqual([
        { carrierName: "Unknown Carrier", contacts: [], moreContacts: 0, acceptedLoads: 1, totalEarnings: 300, lastActivity: null, joinedAt: null },
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

    it("a carrier edits their own name, company and phone, and nothing else", async () => {
      const { user, cookie } = await signedIn(t.app);
      const ok = await put(user.id, { name: "Self Edited", carrierName: "Self Co", contactNumber: "+44 7700 900999" }, cookie);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ name: "Self Edited", carrierName: "Self Co", contactNumber: "+44 7700 900999" });
      // sending today's values back, or a blank password, is not a change
      expect((await put(user.id, { name: "Again", role: "carrier", isAdmin: false, isApproved: true, email: user.email, password: "" }, cookie)).statusCode).toBe(200);
      for (const attempt of [{ role: "admin" }, { role: "manager" }, { isAdmin: true }, { isApproved: false }, { email: "new@example.com" }, { password: "Sneaky1!pw" }]) {
        const res = await put(user.id, { name: "Sneaky", ...attempt }, cookie);
        expect(res.statusCode, JSON.stringify(attempt)).toBe(403);
        expect(res.json().error).toBe("You can change only your name, carrier name and contact number");
      }
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: "Again", role: "carrier", isAdmin: false, isApproved: true, email: user.email });
      // someone else's account: 403, before the body is even validated
      expect((await put(manager.user.id, { name: "X" }, cookie)).statusCode).toBe(403);
      expect((await put(manager.user.id, { contactNumber: "1" }, cookie)).statusCode).toBe(403);
      expect((await put(user.id, { name: "X" })).statusCode).toBe(401);
    });

    it("validates with the spec §5 messages and never 500s on malformed bodies", async () => {
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
