// Request builders of the access matrix: mail, guide, statistics, invoices, the live stream, API docs, API tokens and webhooks.
// Each returns the request of one policy row (test/access-policy.ts) for one actor, with
// fresh data where the call changes state; test/access-build.ts joins the areas.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { jobs } from "../src/server/db/schema";
import { carrierCompanyId, monthSoFar, newInvoice, newWebhook, ukDay, type Builders } from "./access-world";

export const ADMIN_BUILD = {
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
} satisfies Builders;
