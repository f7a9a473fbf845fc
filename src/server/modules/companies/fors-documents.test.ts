// A FORS certificate carries its level: asked at upload (400 without it), shown to
// staff and correctable when they verify it; the company's verified FORS level is
// the verified certificate's, so a carrier who uploads a Silver certificate and has
// it verified books a Silver load with no other step. The company's members hear of
// each review (document_verified, document_rejected with the reason) in the bell, by
// email unless turned off, and on the live stream.
// On PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { addDocument, createCompany, memberOf, uploadPdf } from "../../../../test/company-fixtures";
import { openStream } from "../../../../test/live-stream";
import { notifications } from "../../db/schema";
import { COMPANY_MSG, forsRequiredMessage, type Company, type CompanyDocument, type ReviewDocument } from "../../../contract/schemas/company";

const NOW = new Date("2026-11-25T12:00:00Z");

type Who = { user: { id: string; email: string; name: string }; cookie: string };

describe.each(ENGINES)("FORS certificates and document review notices on %s", (engine) => {
  let t: TestApp;
  let port: number;
  const clock = new TestClock(NOW);
  let admin: Who;
  let manager: Who;

  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const upload = async (who: Who, companyId: string, body: Record<string, unknown>) =>
    call("POST", `/api/companies/${companyId}/documents`, who.cookie, { expiresOn: "2027-09-30", objectPath: await uploadPdf(t.app, who.cookie), ...body });
  const settings = (requireCompliance: boolean, enforceFors: boolean) =>
    call("PUT", "/api/admin/compliance-settings", admin.cookie, { requireCompliance, enforceFors }).then((r) => expect(r.statusCode).toBe(200));
  const rowsOf = (userId: string, type: string) => t.app.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const mailTo = async (email: string, subject: RegExp, ms = 8000): Promise<ParsedMail> => {
    const start = Date.now();
    for (;;) {
      const m = t.sink.messages.find((x) => JSON.stringify(x.to ?? "").includes(email) && subject.test(x.subject ?? ""));
      if (m) return m;
      if (Date.now() - start > ms) throw new Error(`no mail to ${email} matching ${subject}: ${t.sink.messages.map((x) => x.subject).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const mailsTo = (email: string) => t.sink.messages.filter((x) => JSON.stringify(x.to ?? "").includes(email));

  beforeAll(async () => {
    // with the outbox worker: the emails reach the SMTP sink
    t = await createTestApp({ engine, clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
    admin = (await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: null })) as Who;
    manager = (await signedIn(t.app, { role: "manager", carrierName: null })) as Who;
  });
  afterAll(() => t?.close());

  it("upload: a FORS certificate needs its level (400 naming the field); other kinds keep none", async () => {
    const co = await createCompany(t.app);
    const m = (await memberOf(t.app, co)) as Who;
    const missing = await upload(m, co.id, { kind: "fors_certificate" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: "forsLevel", message: COMPANY_MSG.certificateForsLevel }]);
    for (const bad of ["Platinum", "", "silver", 2]) {
      const res = await upload(m, co.id, { kind: "fors_certificate", forsLevel: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect((res.json().details as { path: string }[]).map((d) => d.path)).toEqual(["forsLevel"]);
    }
    const ok = await upload(m, co.id, { kind: "fors_certificate", forsLevel: "Silver" });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ kind: "fors_certificate", forsLevel: "Silver", status: "pending" });
    const insurance = await upload(m, co.id, { kind: "vehicle_insurance", forsLevel: "Gold" });
    expect(insurance.statusCode).toBe(201);
    expect(insurance.json().forsLevel).toBeNull();
    const listed = (await call("GET", `/api/companies/${co.id}/documents`, m.cookie)).json() as CompanyDocument[];
    expect(Object.fromEntries(listed.map((d) => [d.kind, d.forsLevel]))).toEqual({ fors_certificate: "Silver", vehicle_insurance: null });
  });

  it("verify: staff see the level in the waiting list and may correct it; a certificate with no level cannot be verified without one", async () => {
    const co = await createCompany(t.app);
    const m = (await memberOf(t.app, co)) as Who;
    const cert = (await upload(m, co.id, { kind: "fors_certificate", forsLevel: "Bronze" })).json() as CompanyDocument;
    const waiting = (await call("GET", "/api/documents?view=pending&limit=200", manager.cookie)).json() as ReviewDocument[];
    expect(waiting.find((d) => d.id === cert.id)).toMatchObject({ forsLevel: "Bronze", companyName: co.name });

    expect((await call("POST", `/api/documents/${cert.id}/verify`, manager.cookie, { forsLevel: "Diamond" })).statusCode).toBe(400);
    // the carrier may not verify their own
    expect((await call("POST", `/api/documents/${cert.id}/verify`, m.cookie, { forsLevel: "Gold" })).statusCode).toBe(403);
    const corrected = await call("POST", `/api/documents/${cert.id}/verify`, manager.cookie, { forsLevel: "Gold" });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: "verified", forsLevel: "Gold" });
    expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json()).toMatchObject({ forsLevel: "", verifiedForsLevel: "Gold" });
    expect((await call("POST", `/api/documents/${cert.id}/verify`, manager.cookie, {})).statusCode).toBe(409);

    // one on file from before levels were asked (none recorded): staff must say which
    const legacy = await addDocument(t.app, { companyId: co.id, kind: "fors_certificate", expiresOn: "2028-01-31", status: "pending" });
    const refused = await call("POST", `/api/documents/${legacy.id}/verify`, manager.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: COMPANY_MSG.certificateForsLevel, details: [{ path: "forsLevel", message: COMPANY_MSG.certificateForsLevel }] });
    const named = await call("POST", `/api/documents/${legacy.id}/verify`, manager.cookie, { forsLevel: "Silver" });
    expect(named.json()).toMatchObject({ status: "verified", forsLevel: "Silver" });
    // the certificate that expires last counts
    expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json().verifiedForsLevel).toBe("Silver");
  });

  it("a carrier who uploads a FORS Silver certificate and has it verified books a FORS Silver load with no other step, and is told in the bell, live and by email", async () => {
    await settings(false, true);
    try {
      const co = await createCompany(t.app, { name: "Silverline Haulage Ltd" });
      const m = (await memberOf(t.app, co, { name: "Sam Silver" })) as Who;
      const colleague = (await memberOf(t.app, co, { name: "Colin Colleague" })) as Who;
      const outsider = (await memberOf(t.app, await createCompany(t.app))) as Who;
      // the colleague wants no email of verifications; the bell still tells them
      expect((await call("PUT", "/api/notification-preferences", colleague.cookie, { email: { document_verified: false } })).statusCode).toBe(200);
      const silverLoad = await createLoad(t.app, { forsRequirement: "Silver" });
      const biddable = await createLoad(t.app, { forsRequirement: "Silver" });
      expect((await call("PATCH", `/api/loads/${silverLoad.id}/accept`, m.cookie, {})).json()).toEqual({ error: forsRequiredMessage("Silver") });

      const cert = (await upload(m, co.id, { kind: "fors_certificate", forsLevel: "Silver" })).json() as CompanyDocument;
      const stream = openStream(port, m.cookie);
      await stream.waitFor((e) => e.event === "ready");
      const verified = await call("POST", `/api/documents/${cert.id}/verify`, manager.cookie);
      expect(verified.json()).toMatchObject({ status: "verified", forsLevel: "Silver" });
      const start = Date.now();

      // the bell: both members, never the staff user who verified nor another company
      const [own] = await rowsOf(m.user.id, "document_verified");
      expect(own).toMatchObject({ title: "FORS certificate (Silver) of Silverline Haulage Ltd verified", loadId: null });
      expect(own.body).toContain("Your company's verified FORS level is now Silver");
      expect(await rowsOf(colleague.user.id, "document_verified")).toHaveLength(1);
      expect(await rowsOf(manager.user.id, "document_verified")).toHaveLength(0);
      expect(await rowsOf(outsider.user.id, "document_verified")).toHaveLength(0);
      const bell = (await call("GET", "/api/notifications?unread=true", m.cookie)).json() as { items: { id: string; type: string }[]; unreadCount: number };
      expect(bell.items.map((n) => n.type)).toContain("document_verified");
      // live, to its owner
      await stream.waitFor((e) => e.event === "notification" && JSON.parse(e.data).id === own.id, 3000);
      expect(Date.now() - start).toBeLessThan(3000);
      stream.close();

      // email: to the member, with the way to the documents and out; none to the colleague who turned it off
      const mail = await mailTo(m.user.email, /FORS certificate \(Silver\) of Silverline Haulage Ltd verified/);
      expect(mail.text).toMatch(/valid until Thu 30 Sept? 2027/);
      expect(mail.text).toContain("http://localhost:5000/company");
      expect(mail.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toMatch(/List-Unsubscribe=One-Click/);

      // no other step: the company's verified level is the certificate's, and the Silver load books
      expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json() as Company).toMatchObject({ forsLevel: "", verifiedForsLevel: "Silver" });
      expect((await call("PATCH", `/api/loads/${silverLoad.id}/accept`, m.cookie, {})).statusCode).toBe(200);
      expect((await call("POST", "/api/bids", colleague.cookie, { loadId: biddable.id, bidAmount: 500 })).statusCode).toBe(201);

      // a rejection tells both members the reason, the colleague by email too (only verifications are off)
      const gold = (await upload(colleague, co.id, { kind: "fors_certificate", forsLevel: "Gold" })).json() as CompanyDocument;
      const reason = "The certificate shows Silver, not Gold.";
      expect((await call("POST", `/api/documents/${gold.id}/reject`, admin.cookie, { reason })).statusCode).toBe(200);
      const [rejected] = await rowsOf(m.user.id, "document_rejected");
      expect(rejected.title).toBe("FORS certificate (Gold) of Silverline Haulage Ltd rejected");
      expect(rejected.body).toContain(`Reason: ${reason}`);
      expect(await rowsOf(colleague.user.id, "document_rejected")).toHaveLength(1);
      const told = await mailTo(colleague.user.email, /FORS certificate \(Gold\) of Silverline Haulage Ltd rejected/);
      expect(told.text).toContain(reason);
      // the colleague's verification email never came: the rejection, sent after it, did
      expect(mailsTo(colleague.user.email).map((x) => x.subject)).not.toContainEqual(expect.stringMatching(/verified/));
      expect(mailsTo(outsider.user.email)).toEqual([]);
      // the verified level stays Silver: the rejected Gold certificate never counted
      expect((await call("GET", `/api/companies/${co.id}`, m.cookie)).json().verifiedForsLevel).toBe("Silver");
    } finally {
      await settings(false, false);
    }
  });

  it("preferences list both review types, default on", async () => {
    const m = (await memberOf(t.app, await createCompany(t.app))) as Who;
    const got = (await call("GET", "/api/notification-preferences", m.cookie)).json() as { email: Record<string, boolean> };
    expect(got.email).toMatchObject({ document_verified: true, document_rejected: true });
  });
});
