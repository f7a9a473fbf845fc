// Approve takes the customer's own PO number (PATCH
// /api/loads/{id}/status): the body's mandataNumber when given (another load's → 409
// on the field), else PO-{year}-{5 digits} if the load has none; the Approve dialog
// is offered the next number by GET /api/loads/next-po-number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ENGINES, TestClock, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { loads } from "../../db/schema";

type Session = Awaited<ReturnType<typeof signedIn>>;

describe.each(ENGINES)("approving with a PO number on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2029-03-10T10:00:00Z"));
  let manager: Session;
  let carrier: Session;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    manager = await signedIn(t.app, { role: "manager" });
    carrier = await signedIn(t.app, { carrierName: "PO Haulage Ltd" });
  });
  afterAll(() => t?.close());

  const accepted = (over: Partial<typeof loads.$inferInsert> = {}) =>
    createLoad(t.app, { status: "accepted", acceptedBy: carrier.user.id, acceptedByCarrier: "PO Haulage Ltd", mandataNumber: null, ...over });
  const approve = (id: string, body: Record<string, unknown> = {}) =>
    t.app.inject({ method: "PATCH", url: `/api/loads/${id}/status`, headers: { cookie: manager.cookie }, payload: { status: "approved", ...body } });
  const nextPo = (s: Session = manager) => t.app.inject({ url: "/api/loads/next-po-number", headers: { cookie: s.cookie } });

  it("GET /api/loads/next-po-number offers the number approving without one issues (staff only)", async () => {
    const offered = await nextPo();
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual({ mandataNumber: "PO-2029-00001" });
    const load = await accepted();
    expect((await approve(load.id)).json().mandataNumber).toBe("PO-2029-00001");
    expect((await nextPo()).json()).toEqual({ mandataNumber: "PO-2029-00002" });
    expect((await nextPo(carrier)).statusCode).toBe(403);
  });

  it("the body's PO number is issued as given (trimmed), replacing one already on the load", async () => {
    const load = await accepted();
    const res = await approve(load.id, { mandataNumber: "  ACME-PO-7731 " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", mandataNumber: "ACME-PO-7731" });
    const had = await accepted({ mandataNumber: "OLD-REF-1" });
    expect((await approve(had.id, { mandataNumber: "CUSTOMER-55" })).json().mandataNumber).toBe("CUSTOMER-55");
    // an empty one is no number: the next is issued if the load has none, and an existing one is kept
    const none = await accepted();
    expect((await approve(none.id, { mandataNumber: "" })).json().mandataNumber).toMatch(/^PO-2029-\d{5}$/);
    const kept = await accepted({ mandataNumber: "KEEP-ME-9" });
    expect((await approve(kept.id, { mandataNumber: " " })).json().mandataNumber).toBe("KEEP-ME-9");
  });

  it("another load's PO number → 409 with a clear message on the field, and the load stays accepted", async () => {
    const first = await accepted();
    expect((await approve(first.id, { mandataNumber: "DUP-PO-1" })).statusCode).toBe(200);
    const second = await accepted();
    const res = await approve(second.id, { mandataNumber: "dup-po-1 " });
    expect(res.statusCode).toBe(409);
    const message = `PO number dup-po-1 is already used by load #${first.loadNumber}`;
    expect(res.json()).toEqual({ error: message, details: [{ path: "mandataNumber", message }] });
    const [row] = await t.app.ctx.db.select().from(loads).where(eq(loads.id, second.id));
    expect(row).toMatchObject({ status: "accepted", mandataNumber: null });
    // two approvals racing for one number: exactly one gets it
    const [a, b] = [await accepted(), await accepted()];
    const both = await Promise.all([approve(a.id, { mandataNumber: "RACE-1" }), approve(b.id, { mandataNumber: "RACE-1" })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("a PO number longer than 60 characters is a 400 in plain words", async () => {
    const load = await accepted();
    const res = await approve(load.id, { mandataNumber: "X".repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: "mandataNumber", message: "A PO number can be at most 60 characters" }]);
  });
});
