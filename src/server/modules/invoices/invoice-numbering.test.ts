// The gapless invoice number sequence (completing 50 loads
// concurrently over two processes yields SB-{year}-00001…00050, no gap, no
// duplicate), a rollback that gives its number back, a number never reused after
// a void, and a new sequence each UK calendar year.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createLoads, login } from "../../../../test/factories";
import { approvedLoad, completeByPod, haulier, invoicesOf, POD_BODY } from "../../../../test/invoice-fixtures";
import { buildApp } from "../../app";
import { invoiceCounters, invoices, loads, notifications } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transitionLoad } from "../loads/load-transition";
import { voidLiveInvoice } from "./invoices.service";

const numbers = (from: number, to: number, year = 2026) => Array.from({ length: to - from + 1 }, (_, i) => `SB-${year}-${String(from + i).padStart(5, "0")}`);

describe.each(ENGINES)("invoice numbers on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let firm: Awaited<ReturnType<typeof haulier>>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    firm = await haulier(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counter = async (year: number) => (await t.app.ctx.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year)))[0]?.last ?? 0;

  it("50 loads completed at once get SB-2026-00001…00050: no gap, no duplicate (PostgreSQL: over two processes)", async () => {
    const batch = await createLoads(t.app, 50, () => ({
      status: "approved",
      acceptedBy: firm.member.user.id,
      acceptedByCarrier: firm.company.name,
      acceptedAt: clock.now(),
      mandataNumber: null,
    }));
    // PostgreSQL: a second server process on the same database takes every other
    // completion; PGlite is one process by design (its one connection runs them in turn)
    const database2 = engine === "postgres" ? await t.testDb.reopen() : null;
    const app2 = database2 ? await buildApp({ config: t.config, database: database2, serveWeb: false, clock }) : null;
    try {
      // Every completion waits its turn for the year's counter row until the one before
      // commits; on a starved machine a wait can pass the database's 3 s reply limit and
      // answer 503 with Retry-After (contract). A client retries that: the attempt rolled
      // back whole, number included, so a retry is one more test of the gapless rule.
      let retried = 0;
      const complete = async (l: (typeof batch)[number], i: number) => {
        for (let attempt = 1; ; attempt++) {
          const r = await (i % 2 && app2 ? app2 : t.app).inject({ method: "PUT", url: `/api/loads/${l.id}/pod`, headers: { cookie: firm.member.cookie }, payload: POD_BODY });
          if (r.statusCode !== 503 || attempt === 3) return r;
          retried++;
        }
      };
      const res = await Promise.all(batch.map(complete));
      expect(res.map((r) => r.statusCode), `after ${retried} retries of a 503`).toEqual(batch.map(() => 200));
    } finally {
      await app2?.close();
      await database2?.close();
    }
    const rows = await t.app.ctx.db.select().from(invoices);
    expect(rows.map((r) => r.number).sort()).toEqual(numbers(1, 50));
    expect(new Set(rows.map((r) => r.loadId))).toEqual(new Set(batch.map((l) => l.id)));
    expect(rows.every((r) => r.status === "issued" && r.companyId === firm.company.id)).toBe(true);
    expect(await counter(2026)).toBe(50);
  }, 60_000);

  it("a completion refused mid-way leaves no invoice, no notification and no gap: the next number is the one it took", async () => {
    const load = await approvedLoad(t.app, firm.company, firm.member.user.id);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await transitionLoad({ ctx: t.app.ctx, tx, loadId: load.id, action: "complete", actor: null, now: clock.now(), set: { completedAt: clock.now() } });
        // the completion's event raised the invoice in this transaction
        const [raised] = await tx.select().from(invoices).where(eq(invoices.loadId, load.id));
        expect(raised.number).toBe("SB-2026-00051");
        // e.g. a later step of the completion refuses: everything above rolls back
        throw new AppError(409, "refused mid-way");
      }),
    ).rejects.toThrow("refused mid-way");
    expect(await invoicesOf(t.app, load.id)).toEqual([]);
    expect(await t.app.ctx.db.select().from(notifications).where(eq(notifications.loadId, load.id))).toEqual([]);
    expect((await t.app.ctx.db.select().from(loads).where(eq(loads.id, load.id)))[0].status).toBe("approved");
    expect(await counter(2026)).toBe(50);

    expect((await completeByPod(t.app, load.id, firm.member.cookie)).number).toBe("SB-2026-00051");
  });

  it("a load that stops being completed voids its invoice; completed again, it gets a new number, never the old one", async () => {
    const load = await approvedLoad(t.app, firm.company, firm.member.user.id);
    const first = await completeByPod(t.app, load.id, firm.member.cookie);
    expect(first.number).toBe("SB-2026-00052");
    // today's state machine has no way back from completed (contract: reset only from
    // accepted or approved); the rule any such change follows, in its transaction:
    await t.app.ctx.db.transaction(async (tx) => {
      expect((await voidLiveInvoice(tx, load.id, clock.now()))?.id).toBe(first.id);
      await tx.update(loads).set({ status: "approved", pickupSignedBy: null, deliverySignedBy: null }).where(eq(loads.id, load.id));
    });
    const second = await completeByPod(t.app, load.id, firm.member.cookie);
    expect(second.number).toBe("SB-2026-00053");
    expect((await invoicesOf(t.app, load.id)).map((i) => [i.number, i.status])).toEqual([
      ["SB-2026-00052", "void"],
      ["SB-2026-00053", "issued"],
    ]);
    // a paid invoice is never voided: the change that would void it is refused
    await t.app.ctx.db.update(invoices).set({ status: "paid", paidOn: "2026-11-25", paymentReference: "x" }).where(eq(invoices.id, second.id));
    await expect(t.app.ctx.db.transaction((tx) => voidLiveInvoice(tx, load.id, clock.now()))).rejects.toMatchObject({ status: 409 });
  });

  it("numbers by the UK calendar year of issue: a new year starts again at 00001", async () => {
    // (a month on, the session of the first test has lapsed: sign in again at each time)
    const completeAt = async (at: string) => {
      clock.set(at);
      const cookie = await login(t.app, firm.member.user.email);
      return completeByPod(t.app, (await approvedLoad(t.app, firm.company, firm.member.user.id)).id, cookie);
    };
    const lastOf2026 = await completeAt("2026-12-31T23:59:00Z");
    const firstOf2027 = await completeAt("2027-01-01T00:00:30Z");
    expect([lastOf2026.number, lastOf2026.issuedOn, firstOf2027.number, firstOf2027.issuedOn]).toEqual(["SB-2026-00054", "2026-12-31", "SB-2027-00001", "2027-01-01"]);
    clock.set("2026-11-25T12:00:00Z");
  });
});
