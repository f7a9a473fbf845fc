import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, createTestApp, startSmtpSink, type SmtpSink, type TestApp } from "../../../test/helpers";
import { freePort } from "../../../test/process";
import { testConfig } from "../config";
import { emailLog } from "../db/schema";
import { queueAccountApprovedMail, queuePasswordResetMail, queueRegistrationReceivedMails } from "./account-mail";
import { createMailer, isPermanentMailError, isUnreachableMailError, safeErrorText } from "./mailer";

describe("mail error handling (pure)", () => {
  it("a 5xx reply to the message is permanent; 4xx replies, outages and a refused login are not", () => {
    expect(isPermanentMailError({ responseCode: 550, code: "EENVELOPE" })).toBe(true);
    expect(isPermanentMailError({ responseCode: 554, code: "EMESSAGE" })).toBe(true);
    expect(isPermanentMailError({ responseCode: 421 })).toBe(false);
    expect(isPermanentMailError({ responseCode: 451 })).toBe(false);
    // wrong SMTP credentials are the operator's to fix: the mail waits for them
    expect(isPermanentMailError({ responseCode: 535, code: "EAUTH" })).toBe(false);
    expect(isPermanentMailError({ code: "ECONNECTION" })).toBe(false);
    expect(isPermanentMailError(new Error("boom"))).toBe(false);
  });

  it("knows an unreachable relay (no reply at all) from one that answered", () => {
    expect(isUnreachableMailError({ code: "ECONNECTION" })).toBe(true);
    expect(isUnreachableMailError({ code: "ESOCKET" })).toBe(true);
    expect(isUnreachableMailError({ code: "ETIMEDOUT" })).toBe(true);
    expect(isUnreachableMailError({ responseCode: 421, code: "ECONNECTION" })).toBe(false);
    expect(isUnreachableMailError({ code: "EAUTH" })).toBe(false);
    expect(isUnreachableMailError(new Error("boom"))).toBe(false);
  });

  it("keeps credentials out of logged error text", () => {
    const url = "smtp://mailer:p%40ss-W0rd@relay.example:587";
    const text = safeErrorText(new Error("connect to smtp://mailer:p@ss-W0rd@relay.example:587 failed; auth p@ss-W0rd rejected"), url);
    expect(text).not.toContain("p@ss-W0rd");
    expect(text).not.toContain("mailer:");
    expect(safeErrorText(new Error("x".repeat(2000))).length).toBe(500);
  });
});

describe("the mail transport (one attempt per call; the outbox worker retries)", () => {
  let sink: SmtpSink;
  let dataDir: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), "lb-mailer-"));
  });
  afterAll(async () => {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("throws at once on a 421, without retrying, and does not count it as permanent", async () => {
    const mail = createMailer(testConfig({ smtpUrl: sink.url }));
    sink.failNext(1);
    const before = sink.messages.length;
    const err = await mail.send({ kind: "once", to: "a@example.com", subject: "S", text: "T" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 421 });
    expect(isPermanentMailError(err)).toBe(false);
    // the next call goes through: nothing was retried behind the caller's back
    await mail.send({ kind: "once", to: "a@example.com", subject: "S2", text: "T" });
    expect(sink.messages.slice(before).map((m) => m.subject)).toEqual(["S2"]);
    mail.close();
  });

  it("says when the relay cannot be reached at all, and verify() tells whether it answers", async () => {
    const down = createMailer(testConfig({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` }));
    const err = await down.send({ kind: "unreachable", to: "b@example.com", subject: "S", text: "T" }).catch((e: unknown) => e);
    expect(isUnreachableMailError(err)).toBe(true);
    expect(await down.verify()).toBe(false);
    down.close();
    const up = createMailer(testConfig({ smtpUrl: sink.url }));
    expect(await up.verify()).toBe(true);
    up.close();
  });

  it("sends the Message-ID it is given (the same on every attempt of one outbox job)", async () => {
    const mail = createMailer(testConfig({ smtpUrl: sink.url }));
    await mail.send({ kind: "mid", to: "m@example.com", subject: "Message id", text: "T", messageId: "<job-1@loads.example>" });
    const got = (await sink.waitFor(1)).find((m) => m.subject === "Message id")!;
    expect(got.messageId).toBe("<job-1@loads.example>");
    mail.close();
  });

  it("without SMTP_URL writes an .eml file to DATA_DIR/outbox", async () => {
    const mail = createMailer(testConfig({ smtpUrl: undefined, dataDir }));
    expect(await mail.verify()).toBe(true);
    await mail.send({ kind: "outbox-check", to: "c@example.com", subject: "Outbox subject", text: "plain", html: "<p>html</p>" });
    const outbox = join(dataDir, "outbox");
    expect(existsSync(outbox)).toBe(true);
    const file = readdirSync(outbox).find((f) => f.includes("outbox-check"))!;
    const eml = readFileSync(join(outbox, file), "utf8");
    expect(eml).toContain("Subject: Outbox subject");
    expect(eml).toContain("text/html");
    mail.close();
  });
});

describe.each(ENGINES)("account mail through the outbox on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, config: { publicUrl: "https://loads.example.co.uk", productName: "Northern Flatbeds" } });
  });
  afterAll(() => t.close());

  it("account mails have an HTML part with the product name and a plain-text part with the same link", async () => {
    const ctx = t.app.ctx;
    const link = "https://loads.example.co.uk/reset-password?token=abc123";
    await ctx.db.transaction(async (tx) => {
      await queuePasswordResetMail(ctx, tx, { name: "Dana <b>Driver</b>", email: "dana@example.com" }, link, new Date(Date.now() + 3_600_000));
      await queueAccountApprovedMail(ctx, tx, { name: "Dana", email: "dana@example.com" });
      await queueRegistrationReceivedMails(ctx, tx, { name: "Eve", email: "eve@example.com", carrierName: "Eve Haulage" }, [
        { name: "Staff", email: "staff@example.com" },
      ]);
    });
    const mails = await t.sink.waitFor(4);
    const bySubject = (re: RegExp) => mails.find((m) => re.test(m.subject ?? ""))!;
    const reset = bySubject(/^Reset your/);
    const approved = bySubject(/approved/);
    const received = mails.find((m) => m.text?.includes("pending admin approval"))!;
    const staff = bySubject(/^New carrier registration/);
    expect(reset.subject).toBe("Reset your Northern Flatbeds password");
    expect(reset.text).toContain(link);
    expect(reset.html).toContain(`href="${link}"`);
    expect(reset.html).toContain("Northern Flatbeds");
    // names are escaped in HTML
    expect(reset.html).toContain("Dana &lt;b&gt;Driver&lt;/b&gt;");
    expect(reset.html).not.toContain("<b>Driver</b>");
    expect(approved.subject).toBe("Your Northern Flatbeds account is approved");
    expect(approved.text).toContain("https://loads.example.co.uk/login");
    expect(received.text).toContain(t.config.newUserMailbox);
    expect(staff.subject).toBe("New carrier registration waiting: Eve Haulage");
    expect(staff.html).toContain("https://loads.example.co.uk/admin");
    for (const m of [reset, approved, received, staff]) {
      expect(m.html).toMatch(/<table role="presentation"/);
      expect(m.text!.length).toBeGreaterThan(20);
      // every message carries its outbox job's id, on the public host
      expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@loads\.example\.co\.uk>$/);
    }
    await expect
      .poll(async () => (await ctx.db.select().from(emailLog).where(eq(emailLog.status, "sent"))).map((r) => r.kind).sort())
      .toEqual(["account-approved", "password-reset", "registration-received", "registration-staff"]);
  });
});
