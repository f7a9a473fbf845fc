// What leaves the process for a claim, with the job runners on: the claim.submitted
// and claim.decided webhooks carry the claim as it stood, and the decision reaches the
// company's members by email (real SMTP) naming the amount.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ENGINES, eventually, TestClock, type TestApp } from "../../../../test/helpers";
import { createAdmin, login } from "../../../../test/factories";
import type { WaitingClaim } from "../../../contract/schemas/claim";
import { startReceiver } from "../integrations/webhooks/webhook-test-support";
import { bookedWithWait, claimsApi } from "./claims-test-support";

describe.each(ENGINES)("waiting-time claim webhooks and emails on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { webhookAllowPrivate: true } });
    staff = await login(t.app, (await createAdmin(t.app)).email);
    api = claimsApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("claim.submitted and claim.decided are sent to a subscribed endpoint with the claim; the members are emailed the decision", async () => {
    const rx = await startReceiver();
    try {
      const made = await t.app.inject({ method: "POST", url: "/api/admin/webhooks", headers: { cookie: staff }, payload: { url: rx.url, events: ["claim.submitted", "claim.decided"] } });
      expect(made.statusCode, made.body).toBe(201);
      const { member, load } = await bookedWithWait(t.app);
      const claim = (await api.claim(load.id, member.cookie)).json<WaitingClaim>();
      expect((await api.approve(claim.id, staff)).statusCode).toBe(200);

      const got = await rx.waitFor((r) => r.length >= 2, 10_000);
      const bodies = got.map((r) => JSON.parse(r.body) as { type: string; data: WaitingClaim });
      const submitted = bodies.find((b) => b.type === "claim.submitted")!;
      const decided = bodies.find((b) => b.type === "claim.decided")!;
      expect(submitted.data).toMatchObject({ id: claim.id, loadId: load.id, status: "pending", amount: 37.5, chargeableMinutes: 75 });
      expect(decided.data).toMatchObject({ id: claim.id, status: "approved", decidedAmount: 37.5 });

      const subject = `Waiting-time claim on load ${load.loadNumber} approved`;
      await eventually(async () => t.sink.messages.some((m) => m.subject?.includes(subject)), 10_000);
      const mail = t.sink.messages.find((m) => m.subject?.includes(subject))!;
      expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(member.user.email);
      expect(mail.text).toContain("£37.50");
    } finally {
      await rx.close();
    }
  });
});
