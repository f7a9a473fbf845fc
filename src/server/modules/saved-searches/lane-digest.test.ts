// Daily lane alerts: one email per
// user at the email schedule's time on UK weekdays, listing loads that became
// available since the last digest and still are, matching any daily search;
// none when nothing matched; exactly once a day across processes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, TestClock, createTestApp, eventually, type TestApp } from "../../../../test/helpers";
import { signedIn } from "../../../../test/factories";
import { buildApp } from "../../app";
import { startJobRunner } from "../jobs/job-runner";
import type { UserRow } from "../../db/schema";
import { claimDueDigest, dueDigestDay } from "./lane-digest";

describe("dueDigestDay", () => {
  it("is due from the schedule's time on UK weekdays only, in UK time (GMT and BST)", () => {
    expect(dueDigestDay(new Date("2026-11-23T08:59:00Z"), "09:00", "Europe/London")).toBeNull();
    expect(dueDigestDay(new Date("2026-11-23T09:00:00Z"), "09:00", "Europe/London")).toBe("2026-11-23");
    expect(dueDigestDay(new Date("2026-11-28T10:00:00Z"), "09:00", "Europe/London")).toBeNull(); // Saturday
    expect(dueDigestDay(new Date("2026-11-29T10:00:00Z"), "09:00", "Europe/London")).toBeNull(); // Sunday
    // BST: 09:00 in London is 08:00 UTC
    expect(dueDigestDay(new Date("2026-06-01T08:00:00Z"), "09:00", "Europe/London")).toBe("2026-06-01");
    expect(dueDigestDay(new Date("2026-06-01T07:59:00Z"), "09:00", "Europe/London")).toBeNull();
  });
});

describe.each(ENGINES)("daily lane alerts (%s)", (engine) => {
  let t: TestApp;
  // Monday 23 November 2026, 07:00 in the UK (GMT)
  const clock = new TestClock(new Date("2026-11-23T07:00:00Z"));
  let staff: { user: UserRow; cookie: string };
  let alice: { user: UserRow; cookie: string };
  let bob: { user: UserRow; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await signedIn(t.app, { role: "manager" });
    alice = await signedIn(t.app, { carrierName: "Alice Haulage", email: "alice@digest.test" });
    bob = await signedIn(t.app, { carrierName: "Bob Freight", email: "bob@digest.test" });
    const carol = await signedIn(t.app, { carrierName: "Carol Cargo", email: "carol@digest.test" });
    const save = async (cookie: string, body: object) =>
      expect((await t.app.inject({ method: "POST", url: "/api/saved-searches", headers: { cookie }, payload: body })).statusCode).toBe(201);
    await save(alice.cookie, { name: "Yorkshire out", alert: "daily", filters: { pickupNear: { postcode: "LS1", miles: 30 } } });
    await save(alice.cookie, { name: "Curtains", alert: "daily", filters: { equipmentType: "Curtain" } });
    await save(bob.cookie, { name: "Cornwall", alert: "daily", filters: { pickupNear: { postcode: "TR1", miles: 10 }, equipmentType: "Flatbed" } });
    await save(carol.cookie, { name: "Instant only", alert: "instant", filters: {} });
  });
  afterAll(() => t.close());

  const post = async (over: object) => {
    const day = (n: number) => new Date(clock.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/loads",
      headers: { cookie: staff.cookie },
      payload: {
        pickupCity: "Leeds",
        pickupZip: "LS1 4AP",
        pickupAddress: "1 Secret Street",
        pickupDate: `${day(3)}T09:00:00.000Z`,
        deliveryCity: "Bristol",
        deliveryZip: "BS1 4DJ",
        deliveryDate: `${day(4)}T15:00:00.000Z`,
        weight: 12000,
        distance: 200,
        price: 1200,
        equipmentType: "Flatbed",
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; loadNumber: string };
  };
  // the digests (Carol's instant search has its own lane_match emails)
  const mailsTo = (email: string) => t.sink.messages.filter((m) => JSON.stringify(m.to).includes(email) && /match(es)? your saved searches/.test(m.subject ?? ""));
  const run = async () => {
    const r = startJobRunner(t.app.ctx, { pollMs: 20 });
    await r.drain();
    await r.stop();
  };

  it("one email per user listing the matching loads that became available and still are; none when nothing matched; once a day", async () => {
    const leeds = await post({});
    const curtain = await post({ pickupCity: "Truro", pickupZip: "TR1 1AA", equipmentType: "Curtain" });
    const taken = await post({ pickupCity: "Harrogate", pickupZip: "HG1 2AA" });
    const elsewhere = await post({ pickupCity: "Dover", pickupZip: "CT16 1AA" });
    const accept = await t.app.inject({ method: "PATCH", url: `/api/loads/${taken.id}/accept`, headers: { cookie: bob.cookie }, payload: {} });
    expect(accept.statusCode).toBe(200);

    // before the schedule's time (09:00 UK): nothing
    clock.set("2026-11-23T08:30:00Z");
    expect(await claimDueDigest(t.app.ctx)).toBeNull();
    clock.set("2026-11-23T09:01:00Z");
    // several looks at once (on PostgreSQL, two processes): one claims the day
    const second = engine === "postgres" ? await t.testDb.reopen() : null;
    const other = second ? await buildApp({ config: t.config, database: second, clock, serveWeb: false }) : null;
    await other?.ready();
    try {
      const claims = await Promise.all([claimDueDigest(t.app.ctx), claimDueDigest((other ?? t.app).ctx), claimDueDigest(t.app.ctx)]);
      expect(claims.filter(Boolean)).toEqual(["2026-11-23"]);
    } finally {
      await other?.close();
      other?.ctx.mail.close();
      await second?.close();
    }
    await run();
    await eventually(async () => mailsTo("alice@digest.test").length >= 1, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const [mail, ...more] = mailsTo("alice@digest.test");
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("2 new loads match your saved searches");
    expect(mail.text).toContain(leeds.loadNumber);
    expect(mail.text).toContain(curtain.loadNumber);
    expect(mail.text).not.toContain(taken.loadNumber); // no longer available
    expect(mail.text).not.toContain(elsewhere.loadNumber);
    // RFC 8058 one-click unsubscribe, as on every email of the contract's page
    const raw = (name: string) => {
      const line = mail.headerLines.find((h) => h.key === name)?.line ?? "";
      return line.slice(line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim();
    };
    expect(raw("list-unsubscribe")).toMatch(/^<https?:\/\/.+>, <mailto:.+>$/);
    expect(raw("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    for (const secret of ["LS1 4AP", "TR1 1AA", "BS1 4DJ", "1 Secret Street"]) {
      expect(mail.text).not.toContain(secret);
      expect(String(mail.html)).not.toContain(secret);
    }
    // Bob's search matched nothing: no email; Carol's is instant
    expect(mailsTo("bob@digest.test")).toHaveLength(0);
    expect(mailsTo("carol@digest.test")).toHaveLength(0);

    // later the same day: no second digest
    clock.set("2026-11-23T16:00:00Z");
    expect(await claimDueDigest(t.app.ctx)).toBeNull();
    const later = await post({ pickupCity: "Wakefield", pickupZip: "WF1 1AA" });
    await run();
    expect(mailsTo("alice@digest.test")).toHaveLength(1);

    // Tuesday: only what became available since Monday's digest
    clock.set("2026-11-24T09:00:00Z");
    expect(await claimDueDigest(t.app.ctx)).toBe("2026-11-24");
    await run();
    await eventually(async () => mailsTo("alice@digest.test").length >= 2, 10_000);
    const tuesday = mailsTo("alice@digest.test")[1];
    expect(tuesday.subject).toBe("1 new load matches your saved searches");
    expect(tuesday.text).toContain(later.loadNumber);
    expect(tuesday.text).not.toContain(leeds.loadNumber);

    // Saturday: no digest at all
    clock.set("2026-11-28T10:00:00Z");
    expect(await claimDueDigest(t.app.ctx)).toBeNull();
  }, 60_000);
});
