// Editing and deleting users through the real app, on PGlite and PostgreSQL: what staff
// and the users themselves may change, the admin role, passwords and sessions, and
// validation; every response is checked for secrets at the end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, type TestApp } from "../../../../test/helpers";
import { PASSWORD, createAdmin, createCarrier, createLoad, createUser, login, signedIn } from "../../../../test/factories";
import { bids, loads, sessions, users } from "../../db/schema";
import { expectNoSecrets, recordingCalls, seedUsersWorld, type Signed } from "./users-test-support";

describe.each(ENGINES)("users and admin on %s", (engine) => {
  let t: TestApp;
  let admin: Signed;
  let manager: Signed;
  const { seen, call, get } = recordingCalls(() => t);

  beforeAll(async () => {
    ({ t, admin, manager } = await seedUsersWorld(engine));
  });
  afterAll(() => t.close());

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
    await expectNoSecrets(t, seen, 60);
  });
});
