import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestDatabase, startSmtpSink, type SmtpSink, type TestDatabase } from "../../../../test/helpers";
import { testConfig } from "../../config";
import type { AppContext } from "../../context";
import { emailLog } from "../../db/schema";
import { sendAccountApprovedMail, sendPasswordResetMail, sendRegistrationReceivedMails } from "./account-mail";
import { createMailer, isTransientMailError, safeErrorText } from "./mailer";

describe("mail error handling (pure)", () => {
  it("treats 4xx replies and connection trouble as transient, 5xx and others as permanent", () => {
    expect(isTransientMailError({ responseCode: 421 })).toBe(true);
    expect(isTransientMailError({ responseCode: 451 })).toBe(true);
    expect(isTransientMailError({ responseCode: 550 })).toBe(false);
    expect(isTransientMailError({ responseCode: 554, code: "ECONNECTION" })).toBe(false);
    expect(isTransientMailError({ code: "ECONNECTION" })).toBe(true);
    expect(isTransientMailError({ code: "ETIMEDOUT" })).toBe(true);
    expect(isTransientMailError({ code: "EAUTH" })).toBe(false);
    expect(isTransientMailError(new Error("boom"))).toBe(false);
  });

  it("keeps credentials out of logged error text", () => {
    const url = "smtp://mailer:p%40ss-W0rd@relay.example:587";
    const text = safeErrorText(new Error("connect to smtp://mailer:p@ss-W0rd@relay.example:587 failed; auth p@ss-W0rd rejected"), url);
    expect(text).not.toContain("p@ss-W0rd");
    expect(text).not.toContain("mailer:");
    expect(safeErrorText(new Error("x".repeat(2000))).length).toBe(500);
  });
});

describe.each(ENGINES)("mailer on %s", (engine) => {
  let db: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await db.drop();
  });
  const logOf = (kind: string) => db.database.db.select().from(emailLog).where(eq(emailLog.kind, kind));

  it("gives up after the retries when the relay keeps answering 421, logs the failure and throws", async () => {
    const mail = createMailer(testConfig({ smtpUrl: sink.url }), { db: db.database.db, retryDelaysMs: [1, 1] });
    sink.failNext(5);
    await expect(mail.send({ kind: "always-421", to: "a@example.com", subject: "S", text: "T", triggeredBy: null })).rejects.toThrow();
    sink.failNext(0);
    const [row] = await logOf("always-421");
    expect(row).toMatchObject({ status: "failed", attempts: 3, recipient: "a@example.com", subject: "S" });
    expect(row.error).toMatch(/421|Try again later/);
    mail.close();
  });

  it("retries when the relay cannot be reached at all", async () => {
    const mail = createMailer(testConfig({ smtpUrl: "smtp://127.0.0.1:1" }), { db: db.database.db, retryDelaysMs: [1, 1] });
    await expect(mail.send({ kind: "unreachable", to: "b@example.com", subject: "S", text: "T" })).rejects.toThrow();
    const [row] = await logOf("unreachable");
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    mail.close();
  });

  it("without SMTP_URL writes an .eml file to the outbox and logs it as sent", async () => {
    const config = testConfig({ smtpUrl: undefined, dataDir: db.dataDir });
    const mail = createMailer(config, { db: db.database.db });
    await mail.send({ kind: "outbox-check", to: "c@example.com", subject: "Outbox subject", text: "plain", html: "<p>html</p>" });
    const outbox = join(db.dataDir, "outbox");
    expect(existsSync(outbox)).toBe(true);
    const file = readdirSync(outbox).find((f) => f.includes("outbox-check"))!;
    const eml = readFileSync(join(outbox, file), "utf8");
    expect(eml).toContain("Subject: Outbox subject");
    expect(eml).toContain("text/html");
    expect((await logOf("outbox-check"))[0]).toMatchObject({ status: "sent", attempts: 1 });
    mail.close();
  });

  it("account mails have an HTML part with the product name and a plain-text part with the same link", async () => {
    const config = testConfig({ smtpUrl: sink.url, publicUrl: "https://loads.example.co.uk", productName: "Northern Flatbeds" });
    const mail = createMailer(config, { db: db.database.db, retryDelaysMs: [] });
    const ctx = { config, mail, db: db.database.db, database: db.database, clock: { now: () => new Date() } } as AppContext;
    const before = sink.messages.length;
    const link = "https://loads.example.co.uk/reset-password?token=abc123";
    await sendPasswordResetMail(ctx, { name: "Dana <b>Driver</b>", email: "dana@example.com" }, link);
    await sendAccountApprovedMail(ctx, { name: "Dana", email: "dana@example.com" });
    await sendRegistrationReceivedMails(ctx, { name: "Eve", email: "eve@example.com", carrierName: "Eve Haulage" }, [
      { name: "Staff", email: "staff@example.com" },
    ]);
    const [reset, approved, received, staff] = (await sink.waitFor(before + 4)).slice(before);
    expect(reset.subject).toBe("Reset your Northern Flatbeds password");
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(`href="${link}"`);
    expect(reset.html).toContain("Northern Flatbeds");
    // names are escaped in HTML
    expect(reset.html).toContain("Dana &lt;b&gt;Driver&lt;/b&gt;");
    expect(reset.html).not.toContain("<b>Driver</b>");
    expect(approved.subject).toBe("Your Northern Flatbeds account is approved");
    expect(approved.text).toContain("https://loads.example.co.uk/login");
    expect(received.text).toContain("pending admin approval");
    expect(received.text).toContain(config.newUserMailbox);
    expect(staff.subject).toBe("New carrier registration waiting: Eve Haulage");
    expect(staff.html).toContain("https://loads.example.co.uk/admin");
    for (const m of [reset, approved, received, staff]) {
      expect(m.html).toMatch(/<table role="presentation"/);
      expect(m.text!.length).toBeGreaterThan(20);
    }
    const kinds = (await db.database.db.select().from(emailLog)).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(["password-reset", "account-approved", "registration-received", "registration-staff"]));
    mail.close();
  });
});
