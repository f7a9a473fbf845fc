// Request builders of the access matrix: companies, their documents, compliance and registration with documents.
// Each returns the request of one policy row (test/access-policy.ts) for one actor, with
// fresh data where the call changes state; test/access-build.ts joins the areas.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { createUser } from "./factories";
import { companies, users } from "../src/server/db/schema";
import {
  PDF,
  applicantDocument,
  applicantTicket,
  besideActor,
  carrierCompanyId,
  companyDocumentFile,
  documentBody,
  freshCompany,
  newApplicant,
  newDocument,
  ownFreshCompany,
  ukDay,
  type Builders,
} from "./access-world";

export const COMPANY_BUILD = {
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
} satisfies Builders;
