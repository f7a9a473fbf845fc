// The carrier company on every claim answer (staff see who claims) and the staff
// list's search by part of the load's number or of the company's name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, ENGINES, TestClock, type TestApp } from "../../../../test/helpers";
import { createManager, login } from "../../../../test/factories";
import { companies } from "../../db/schema";
import type { WaitingClaim } from "../../../contract/schemas/claim";
import { bookedWithWait, claimsApi } from "./claims-test-support";

describe.each(ENGINES)("the company on waiting-time claims on %s", (engine) => {
  let t: TestApp;
  const clock = new TestClock(new Date("2026-11-25T12:00:00Z"));
  let staff: string;
  let api: ReturnType<typeof claimsApi>;
  beforeAll(async () => {
    t = await createTestApp({ engine, clock, jobs: false });
    staff = await login(t.app, (await createManager(t.app)).email);
    api = claimsApi(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the claim, the lists and the decision name the carrier company, as it is named now", async () => {
    const a = await bookedWithWait(t.app);
    const b = await bookedWithWait(t.app);
    expect(a.company.name).not.toBe(b.company.name);
    const made = await api.claim(a.load.id, a.member.cookie);
    expect(made.statusCode).toBe(201);
    const claimA = made.json<WaitingClaim>();
    expect(claimA.companyName).toBe(a.company.name);
    const claimB = (await api.claim(b.load.id, b.member.cookie)).json<WaitingClaim>();
    expect(claimB.companyName).toBe(b.company.name);

    const listed = (await api.list("?limit=1000", staff)).json<WaitingClaim[]>();
    expect(listed.find((c) => c.id === claimA.id)?.companyName).toBe(a.company.name);
    expect(listed.find((c) => c.id === claimB.id)?.companyName).toBe(b.company.name);
    expect((await api.list("", a.member.cookie)).json<WaitingClaim[]>().map((c) => c.companyName)).toEqual([a.company.name]);

    // renamed after claiming: the office reads today's name
    await t.app.ctx.db.update(companies).set({ name: `${a.company.name} Renamed` }).where(eq(companies.id, a.company.id));
    const approved = await api.approve(claimA.id, staff);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<WaitingClaim>().companyName).toBe(`${a.company.name} Renamed`);
    const rejected = await api.reject(claimB.id, staff, { reason: "No crane booked" });
    expect(rejected.json<WaitingClaim>().companyName).toBe(b.company.name);
  });

  it("staff search by part of the load's number or of the company's name, with its own total; % and _ are taken literally", async () => {
    const a = await bookedWithWait(t.app);
    const b = await bookedWithWait(t.app);
    const claimA = (await api.claim(a.load.id, a.member.cookie)).json<WaitingClaim>();
    const claimB = (await api.claim(b.load.id, b.member.cookie)).json<WaitingClaim>();
    const ids = async (query: string) => {
      const res = await api.list(query, staff);
      expect(res.statusCode).toBe(200);
      const rows = res.json<WaitingClaim[]>();
      expect(Number(res.headers["x-total-count"])).toBe(rows.length);
      return rows.map((c) => c.id);
    };

    // the load number's unique tail, in another case
    const tail = a.load.loadNumber.slice(-4).toUpperCase();
    expect(await ids(`?search=${encodeURIComponent(tail)}`)).toEqual([claimA.id]);
    expect(await ids(`?search=${encodeURIComponent(b.company.name.toLowerCase())}`)).toEqual([claimB.id]);
    expect(await ids(`?search=${encodeURIComponent(b.company.name)}&status=approved`)).toEqual([]);
    expect(await ids(`?search=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await ids(`?search=${encodeURIComponent("_")}`)).toEqual([]);
    // blank is no search at all
    expect(await ids("?search=%20&limit=1000")).toEqual(expect.arrayContaining([claimA.id, claimB.id]));
    expect((await api.list(`?search=${"x".repeat(101)}`, staff)).statusCode).toBe(400);
    // a carrier's search stays within their company's claims
    const own = await api.list(`?search=${encodeURIComponent(b.company.name)}`, a.member.cookie);
    expect(own.json<WaitingClaim[]>()).toEqual([]);
  });
});
