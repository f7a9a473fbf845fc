// The event log and its subscribers, on PGlite and on PostgreSQL when
// TEST_DATABASE_URL is set: every way of completing a load raises exactly one
// invoice through its load.completed event; a reaction registered from outside
// modules/loads sees each change once, after commit, retried when it fails; an
// in-transaction reaction can veto the change; the log is gapless, in commit
// order, and every line is a valid event of the contract.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../test/helpers";
import { createLoad, createManager, login, signedIn } from "../../../test/factories";
import { approvedLoad, haulier, invoicesOf, POD_BODY } from "../../../test/invoice-fixtures";
import { registerThrowawayReaction, type ThrowawayReaction } from "../../../test/throwaway-reaction";
import { domainEvents, jobs, loads } from "../db/schema";
import { domainEventSchema } from "../../contract/events";
import { startJobRunner, type JobRunner } from "../modules/jobs/job-runner";
import { DISPATCH_GRACE_MS } from "./event-bus";

describe.each(ENGINES)("domain events on %s", (engine) => {
  let t: TestApp;
  let staff: string;
  let reaction: ThrowawayReaction;
  let runner: JobRunner;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    // registered after the app is built, from a test-only module: modules/loads knows nothing of it
    reaction = registerThrowawayReaction(t.app.ctx);
    runner = startJobRunner(t.app.ctx, { autoStart: false });
    staff = await login(t.app, (await createManager(t.app)).email);
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  const eventsOf = (loadId: string, type?: string) =>
    t.app.ctx.db
      .select()
      .from(domainEvents)
      .where(type ? and(eq(domainEvents.loadId, loadId), eq(domainEvents.type, type)) : eq(domainEvents.loadId, loadId))
      .orderBy(asc(domainEvents.seq));
  const call = (method: "PUT" | "PATCH", url: string, payload: object, cookie = staff) => t.app.inject({ method, url, headers: { cookie }, payload });

  /** the load completed once, by `via`, with exactly one invoice raised, and that invoice's event after it */
  async function expectOneInvoice(loadId: string, via: string) {
    const completed = await eventsOf(loadId, "load.completed");
    expect(completed.map((e) => (e.data as { via: string }).via)).toEqual([via]);
    const raised = await invoicesOf(t.app, loadId);
    expect(raised).toHaveLength(1);
    expect(raised[0].status).toBe("issued");
    const issued = await eventsOf(loadId, "invoice.issued");
    expect(issued).toHaveLength(1);
    expect((issued[0].data as { invoice: { number: string } }).invoice.number).toBe(raised[0].number);
    expect(issued[0].seq).toBeGreaterThan(completed[0].seq);
  }

  it("Mark Complete raises exactly one invoice, through load.completed {via: status}", async () => {
    const { company, member } = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id);
    expect((await call("PATCH", `/api/loads/${load.id}/status`, { status: "completed" })).statusCode).toBe(200);
    await expectOneInvoice(load.id, "status");
  });

  it("POD with both signatories raises exactly one invoice, through load.completed {via: pod}, published with pod.submitted", async () => {
    const { company, member } = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id);
    const res = await call("PUT", `/api/loads/${load.id}/pod`, POD_BODY, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    await expectOneInvoice(load.id, "pod");
    const [completed] = await eventsOf(load.id, "load.completed");
    const [submitted] = await eventsOf(load.id, "pod.submitted");
    expect(submitted.seq).toBe(completed.seq + 1);
    expect(submitted.data).toEqual({ completed: true, paperwork: false });
  });

  it("an edit that adds both signatories raises exactly one invoice, through load.completed {via: edit}", async () => {
    const { company, member } = await haulier(t.app);
    const load = await approvedLoad(t.app, company, member.user.id);
    const res = await call("PUT", `/api/loads/${load.id}`, {
      pickupCity: load.pickupCity,
      deliveryCity: load.deliveryCity,
      pickupDate: load.pickupDate!.toISOString(),
      deliveryDate: load.deliveryDate!.toISOString(),
      price: Number(load.price),
      ...POD_BODY,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectOneInvoice(load.id, "edit");
    expect(await eventsOf(load.id, "load.edited")).toEqual([]);
  });

  it("a reaction registered outside modules/loads sees each accept once, after commit; a failed run is retried by the runners, still once", async () => {
    const carrier = await signedIn(t.app, { carrierName: "Throwaway Haulage" });
    const a = await createLoad(t.app, { price: 500 });
    const before = reaction.inTransaction;
    expect((await call("PATCH", `/api/loads/${a.id}/accept`, {}, carrier.cookie)).statusCode).toBe(200);
    // the publishing process ran it before answering
    const seenA = reaction.seen.filter((e) => e.loadId === a.id);
    expect(seenA).toHaveLength(1);
    expect(seenA[0]).toMatchObject({ type: "load.accepted", loadNumber: a.loadNumber, actor: { id: carrier.user.id }, data: { via: "listed", carrierId: carrier.user.id, price: 500 } });
    expect(reaction.inTransaction).toBe(before + 1);

    // this time the reaction fails after commit: the accept stands, the job waits for a runner
    const b = await createLoad(t.app, { price: 600 });
    reaction.failNext();
    expect((await call("PATCH", `/api/loads/${b.id}/accept`, {}, carrier.cookie)).statusCode).toBe(200);
    expect((await t.app.ctx.db.select().from(loads).where(eq(loads.id, b.id)))[0].status).toBe("accepted");
    expect(reaction.seen.filter((e) => e.loadId === b.id)).toEqual([]);
    const pending = await t.app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, "event:throwaway"), eq(jobs.status, "pending")));
    expect(pending).toHaveLength(1);
    // not before the grace the publisher has to run it itself
    await runner.drain();
    expect(reaction.seen.filter((e) => e.loadId === b.id)).toEqual([]);
    clock.advance(DISPATCH_GRACE_MS);
    await runner.drain();
    await runner.drain();
    expect(reaction.seen.filter((e) => e.loadId === b.id)).toHaveLength(1);
    expect((await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, pending[0].id)))[0].status).toBe("done");
  });

  it("an in-transaction reaction may veto: the accept is refused and leaves no trace, not even an event", async () => {
    const carrier = await signedIn(t.app, { carrierName: "Vetoed Haulage" });
    const load = await createLoad(t.app, { price: 700 });
    reaction.vetoAcceptOf(load.id);
    const res = await call("PATCH", `/api/loads/${load.id}/accept`, {}, carrier.cookie);
    reaction.vetoAcceptOf(null);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Refused by the throwaway reaction");
    expect((await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id)))[0].status).toBe("available");
    expect(await eventsOf(load.id)).toEqual([]);
    expect(reaction.seen.filter((e) => e.loadId === load.id)).toEqual([]);
  });

  it("the log is gapless, numbered in commit order, and every line is a valid event of the contract", async () => {
    // six carriers race for three loads at once: three win (an event each), three lose (no event)
    const racers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => signedIn(t.app, { carrierName: `Racer ${i} Ltd` })));
    const prizes = await Promise.all([1, 2, 3].map(() => createLoad(t.app, { price: 800 })));
    const answers = await Promise.all(racers.map((r, i) => call("PATCH", `/api/loads/${prizes[i % 3].id}/accept`, {}, r.cookie)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 404 || a.statusCode === 409)).toBe(true);
    for (const prize of prizes) expect(await eventsOf(prize.id, "load.accepted")).toHaveLength(1);

    const rows = await t.app.ctx.db.select().from(domainEvents).orderBy(asc(domainEvents.seq));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    for (const row of rows) {
      const parsed = domainEventSchema.safeParse({ ...row, occurredAt: row.occurredAt.toISOString(), actor: row.actorId ? { id: row.actorId, name: row.actorName } : null });
      expect(parsed.success, `${row.type} #${row.seq}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
