// Request builders of the access matrix: the app itself, notifications, unsubscribe links, cross-site requests, sign-in and accounts.
// Each returns the request of one policy row (test/access-policy.ts) for one actor, with
// fresh data where the call changes state; test/access-build.ts joins the areas.
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { PASSWORD, createUser } from "./factories";
import { bids, users } from "../src/server/db/schema";
import { randomToken, sha256 } from "../src/server/lib/crypto";
import { OTHER_CO, POD_BODY, cloneOf, freshCarrier, newLoad, registerBody, throwaway, unsubscribePath, type Builders } from "./access-world";

export const ACCOUNT_BUILD = {
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
} satisfies Builders;
