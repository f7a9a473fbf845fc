// Expiry reminders: 30 and 7 days before and
// on the day a document expires, a document_expiring notification and an email to
// each member of its company, each exactly once whatever the number of processes
// and restarts; a missed mark is caught up while it is still the latest due.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { createTestApp, ENGINES, eventually, TestClock, TEST_JOB_RUNNER, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { addDocument, createCompany, memberOf } from "../../../../test/company-fixtures";
import { postgresOnly } from "../../../../test/skips";
import { buildApp } from "../../app";
import { documentReminders, notifications } from "../../db/schema";
import { startJobRunner } from "../jobs/job-runner";
import { addDays } from "../../../contract/schemas/company";
import { reminderText, sweepDocumentReminders, ukDateLabel } from "./document-reminders";

const START = new Date("2026-11-25T09:00:00Z");
const DAY = 86_400_000;

describe.each(ENGINES)("document expiry reminders on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(START);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
  });
  afterAll(() => t?.close());

  const notesOf = (userIds: string[]) =>
    t.app.ctx.db.select().from(notifications).where(and(inArray(notifications.userId, userIds), eq(notifications.type, "document_expiring")));
  const marksOf = async (documentId: string) =>
    (await t.app.ctx.db.select().from(documentReminders).where(eq(documentReminders.documentId, documentId))).map((r) => r.daysBefore).sort((a, b) => a - b);
  const mailsTo = (emails: string[]) => t.sink.messages.filter((m: ParsedMail) => emails.includes((m.to as { text: string } | undefined)?.text ?? ""));
  const rawHeader = (m: ParsedMail, name: string) => {
    const line = m.headerLines.find((h) => h.key === name)?.line ?? "";
    return line.slice(line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim();
  };
  /** The runner's outbox has delivered `n` mails to these addresses (and, a moment later, no more). */
  async function expectMails(emails: string[], n: number) {
    await eventually(async () => mailsTo(emails).length >= n, 10_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(mailsTo(emails)).toHaveLength(n);
  }

  it("30 days, 7 days and the day itself: once each, to every member of the company and nobody else, by notification and email", async () => {
    const co = await createCompany(t.app, { name: "Reminder Roadways Ltd" });
    const [a, b] = [await memberOf(t.app, co), await memberOf(t.app, co)];
    const other = await memberOf(t.app, await createCompany(t.app));
    const staff = await signedIn(t.app, { role: "admin", isAdmin: true, carrierName: null });
    const emails = [a.user.email, b.user.email];
    const expiresOn = "2026-12-25"; // 30 UK days after 25 Nov
    const doc = await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn });
    // none for: a superseded one (a later verified one of its kind is on file), a pending and a rejected one
    await addDocument(t.app, { companyId: co.id, kind: "vehicle_insurance", expiresOn });
    await addDocument(t.app, { companyId: co.id, kind: "vehicle_insurance", expiresOn: "2027-12-25" });
    await addDocument(t.app, { companyId: co.id, kind: "public_liability", expiresOn, status: "pending" });
    await addDocument(t.app, { companyId: co.id, kind: "operator_licence", expiresOn, status: "rejected" });

    // this process's sweep and the job runner's own (its watch) race for it: one wins
    await Promise.all([sweepDocumentReminders(t.app.ctx), sweepDocumentReminders(t.app.ctx)]);
    await expectMails(emails, 2);
    const first = await notesOf([a.user.id, b.user.id, other.user.id, staff.user.id]);
    expect(first.map((n) => n.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(first[0]).toMatchObject({
      title: "Goods in transit insurance of Reminder Roadways Ltd expires in 30 days",
      body: "The goods in transit insurance of Reminder Roadways Ltd on file expires on Fri 25 Dec 2026 (in 30 days). Upload the renewed document under Company documents so staff can verify it before then.",
      loadId: null,
    });
    const mail = mailsTo([a.user.email])[0];
    expect(mail.subject).toBe("Goods in transit insurance of Reminder Roadways Ltd expires in 30 days");
    expect(mail.text).toContain("Fri 25 Dec 2026");
    expect(mail.text).toContain("http://localhost:5000/company");
    expect(rawHeader(mail, "list-unsubscribe")).toMatch(/<http:\/\/localhost:5000\/api\/unsubscribe\?token=[^>]+>, <mailto:[^>]+>/);
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // again: nothing new
    await sweepDocumentReminders(t.app.ctx);
    expect(await marksOf(doc.id)).toEqual([30]);
    expect(await notesOf([a.user.id, b.user.id])).toHaveLength(2);

    // the clock moves on: the runner's hourly sweep finds the 7-day mark by itself
    clock.set(new Date(START.getTime() + 23 * DAY));
    await expectMails(emails, 4);
    expect(await marksOf(doc.id)).toEqual([7, 30]);
    expect((await notesOf([a.user.id])).map((n) => n.title)).toContain("Goods in transit insurance of Reminder Roadways Ltd expires in 7 days");
    // on the day itself, just after midnight in London
    clock.set("2026-12-25T00:30:00Z");
    await expectMails(emails, 6);
    expect(await marksOf(doc.id)).toEqual([0, 7, 30]);
    expect((await notesOf([b.user.id])).map((n) => n.title)).toContain("Goods in transit insurance of Reminder Roadways Ltd expires today");
    // the day after: nothing more, and never anything for the others
    clock.set("2026-12-26T09:00:00Z");
    await sweepDocumentReminders(t.app.ctx);
    await expectMails(emails, 6);
    expect(await notesOf([other.user.id, staff.user.id])).toEqual([]);
    expect(mailsTo([other.user.email, staff.user.email])).toEqual([]);
  });

  it("a missed mark: the 30-day reminder still goes once while more than 7 days are left; later only the 7-day one", async () => {
    clock.set("2026-12-26T09:00:00Z");
    const today = "2026-12-26";
    const co = await createCompany(t.app);
    const m = await memberOf(t.app, co);
    const late = await addDocument(t.app, { companyId: co.id, kind: "vehicle_insurance", expiresOn: addDays(today, 29) });
    const later = await addDocument(t.app, { companyId: co.id, kind: "goods_in_transit", expiresOn: addDays(today, 6) });
    await sweepDocumentReminders(t.app.ctx);
    await sweepDocumentReminders(t.app.ctx);
    expect(await marksOf(late.id)).toEqual([30]);
    expect(await marksOf(later.id)).toEqual([7]);
    const titles = (await notesOf([m.user.id])).map((n) => n.title).sort();
    expect(titles).toEqual([`Goods in transit insurance of ${co.name} expires in 6 days`, `Vehicle insurance of ${co.name} expires in 29 days`]);
    await expectMails([m.user.email], 2);
  });

  it("what a reminder says: the kind, the company, the UK date; singular day", () => {
    expect(ukDateLabel("2027-03-28")).toBe("Sun 28 Mar 2027");
    expect(reminderText({ kind: "fors_certificate", companyName: "Acme", expiresOn: "2027-03-28", daysLeft: 1 }).title).toBe("FORS certificate of Acme expires in 1 day");
  });

  postgresOnly(engine).it("two processes and a restart, a moved clock: each reminder and each email exactly once", async () => {
    clock.set("2027-02-01T09:00:00Z");
    const today = "2027-02-01";
    const docs: string[] = [];
    const members: { user: { id: string; email: string } }[] = [];
    for (let i = 0; i < 3; i++) {
      const co = await createCompany(t.app);
      members.push(await memberOf(t.app, co), await memberOf(t.app, co));
      for (const kind of ["vehicle_insurance", "goods_in_transit"]) docs.push((await addDocument(t.app, { companyId: co.id, kind, expiresOn: addDays(today, 30) })).id);
    }
    const ids = members.map((m) => m.user.id);
    const emails = members.map((m) => m.user.email);
    const database2 = await t.testDb.reopen();
    const app2 = await buildApp({ config: t.config, database: database2, serveWeb: false, clock });
    await app2.ready();
    const runner2 = startJobRunner(app2.ctx, TEST_JOB_RUNNER);
    try {
      const sweeps = () => Promise.all([1, 2, 3].flatMap(() => [sweepDocumentReminders(t.app.ctx), sweepDocumentReminders(app2.ctx)]));
      const won = (await sweeps()).reduce((x, y) => x + y, 0);
      expect(won).toBeLessThanOrEqual(docs.length);
      // a restart: a third process with the same data finds nothing left to send
      const database3 = await t.testDb.reopen();
      const app3 = await buildApp({ config: t.config, database: database3, serveWeb: false, clock });
      await app3.ready();
      expect(await sweepDocumentReminders(app3.ctx)).toBe(0);
      await app3.close();
      await database3.close();
      await expectMails(emails, 12);
      expect(await notesOf(ids)).toHaveLength(12);
      for (const id of docs) expect(await marksOf(id)).toEqual([30]);

      // 23 days on, both processes' runners and more sweeps race for the 7-day marks
      clock.set(new Date(clock.now().getTime() + 23 * DAY));
      await sweeps();
      await expectMails(emails, 24);
      expect(await notesOf(ids)).toHaveLength(24);
      for (const id of docs) expect(await marksOf(id)).toEqual([7, 30]);
      // one mail per member and mark: no address got a message twice
      const subjects = mailsTo(emails).map((m) => `${(m.to as { text: string }).text} ${m.subject}`);
      expect(subjects).toHaveLength(24);
      expect(new Set(subjects).size).toBe(24);
    } finally {
      await runner2.stop();
      await app2.close();
      app2.ctx.mail.close();
      await database2.close();
    }
  });
});
