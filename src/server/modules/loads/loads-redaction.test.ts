// Who sees which load and which fields, for every status and every relation to the viewer.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";
import { LOAD_STATUSES } from "../../../contract/constants";
import { PRIVATE_LOAD_FIELDS, type Load } from "../../../contract/schemas/load";
import type { LoadRow } from "../../db/schema";

type Relation = "own-by-id" | "own-by-company" | "other-carrier" | "unassigned";
const RELATIONS: Relation[] = ["own-by-id", "own-by-company", "other-carrier", "unassigned"];

const mayKnow = (status: string, rel: Relation) =>
  status === "available" || (["accepted", "approved", "completed"].includes(status) && rel.startsWith("own"));
const maySeePrivate = (status: string, rel: Relation) => (status === "approved" || status === "completed") && rel.startsWith("own");

describe.each(ENGINES)("load visibility and redaction on %s", (engine) => {
  let t: TestApp;
  let carrier: Awaited<ReturnType<typeof signedIn>>;
  let colleague: Awaited<ReturnType<typeof signedIn>>;
  let rival: Awaited<ReturnType<typeof signedIn>>;
  let manager: Awaited<ReturnType<typeof signedIn>>;
  const marker = `Rdx${randomUUID().slice(0, 6)}`;
  const cases: { status: string; rel: Relation; row: LoadRow; secrets: Record<string, string> }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine });
    carrier = await signedIn(t.app, { carrierName: "Northern Flatbeds Ltd" });
    // same company, another login: matching by carrierName
    colleague = await signedIn(t.app, { carrierName: "Northern Flatbeds Ltd" });
    rival = await signedIn(t.app, { carrierName: "Southern Curtains Ltd" });
    manager = await signedIn(t.app, { role: "manager" });
    let n = 0;
    for (const status of LOAD_STATUSES) {
      for (const rel of RELATIONS) {
        n++;
        // every private value unique, so a leak anywhere in a JSON body is found by text search
        const k = String(n).padStart(2, "0"); // fixed width: no value is a substring of another
        const secrets = {
          mandataNumber: `PO-2026-900${k}`,
          pickupAddress: `Unit ${k} Secret Pickup Road`,
          pickupZip: `LS${k} 9QX`,
          pickupContact: `Pickup Person ${k} 07700 9000${k}`,
          pickupReference: `PREF-${k}-XYZ`,
          deliveryAddress: `Unit ${k} Secret Delivery Way`,
          deliveryZip: `BS${k} 8ZZ`,
          deliveryContact: `Delivery Person ${k} 07700 8000${k}`,
          deliveryReference: `DREF-${k}-XYZ`,
        };
        const assignment =
          rel === "own-by-id"
            ? { acceptedBy: carrier.user.id, acceptedByCarrier: "Northern Flatbeds Ltd" }
            : rel === "own-by-company"
              ? { acceptedBy: colleague.user.id, acceptedByCarrier: "Northern Flatbeds Ltd" }
              : rel === "other-carrier"
                ? { acceptedBy: rival.user.id, acceptedByCarrier: "Southern Curtains Ltd" }
                : { acceptedBy: null, acceptedByCarrier: null };
        // an available load with a carrier only arises from old data; it must still redact
        const row = await createLoad(t.app, {
          loadNumber: `${marker}-${status}-${rel}`,
          pickupCity: `${marker} Leeds`,
          status,
          ...(status === "available" && rel !== "unassigned" ? {} : assignment),
          ...secrets,
        });
        cases.push({ status, rel, row, secrets });
      }
    }
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("the carrier's list holds exactly the loads they may know, with private fields only on their approved/completed loads", async () => {
    const res = await get(`/api/loads?search=${marker}`, carrier.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Load[];
    const expected = cases.filter((c) => mayKnow(c.status, c.rel)).map((c) => c.row.loadNumber).sort();
    expect(list.map((l) => l.loadNumber).sort()).toEqual(expected);
    for (const c of cases) {
      const load = list.find((l) => l.id === c.row.id);
      if (!load) continue;
      for (const f of PRIVATE_LOAD_FIELDS) {
        expect(load[f], `${c.status}/${c.rel} ${f}`).toBe(maySeePrivate(c.status, c.rel) ? c.secrets[f] : null);
      }
      expect(load.pickupCity).toBe(`${marker} Leeds`);
      expect(load.pickupState).toBe("West Yorkshire");
    }
    // no private value of a load they may not see privately appears anywhere in the body
    for (const c of cases.filter((x) => !maySeePrivate(x.status, x.rel))) {
      for (const v of Object.values(c.secrets)) expect(res.body.includes(v), `${c.status}/${c.rel} leaks ${v}`).toBe(false);
    }
  });

  it("every status filter and equipment filter respects the same rules", async () => {
    for (const status of LOAD_STATUSES) {
      const res = await get(`/api/loads?search=${marker}&status=${status}`, carrier.cookie);
      const expected = cases.filter((c) => c.status === status && mayKnow(c.status, c.rel)).map((c) => c.row.id).sort();
      expect((res.json() as Load[]).map((l) => l.id).sort(), status).toEqual(expected);
    }
    const cancelled = await get(`/api/loads?search=${marker}&status=cancelled`, carrier.cookie);
    expect(cancelled.json()).toEqual([]);
  });

  it.each(LOAD_STATUSES.flatMap((status) => RELATIONS.map((rel) => ({ status, rel }))))(
    "detail of a $status load ($rel): visible and redacted by the rules",
    async ({ status, rel }) => {
      const c = cases.find((x) => x.status === status && x.rel === rel)!;
      const res = await get(`/api/loads/${c.row.id}`, carrier.cookie);
      if (!mayKnow(status, rel)) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain(c.row.loadNumber);
        return;
      }
      expect(res.statusCode).toBe(200);
      const load = res.json() as Load;
      for (const f of PRIVATE_LOAD_FIELDS) expect(load[f], f).toBe(maySeePrivate(status, rel) ? c.secrets[f] : null);
      if (!maySeePrivate(status, rel)) for (const v of Object.values(c.secrets)) expect(res.body).not.toContain(v);
    },
  );

  it("another carrier sees none of the first carrier's accepted, approved or completed loads", async () => {
    const res = await get(`/api/loads?search=${marker}`, rival.cookie);
    const ids = new Set((res.json() as Load[]).map((l) => l.id));
    for (const c of cases.filter((x) => x.rel.startsWith("own") && x.status !== "available")) {
      expect(ids.has(c.row.id)).toBe(false);
      expect((await get(`/api/loads/${c.row.id}`, rival.cookie)).statusCode).toBe(404);
    }
  });

  it("a carrier cannot record a view of a load they may not see", async () => {
    const hidden = cases.find((c) => c.status === "accepted" && c.rel === "other-carrier")!;
    const res = await t.app.inject({ method: "POST", url: `/api/loads/${hidden.row.id}/view`, headers: { cookie: carrier.cookie } });
    expect(res.statusCode).toBe(404);
  });

  it("staff see every load with every field", async () => {
    const res = await get(`/api/loads?search=${marker}`, manager.cookie);
    const list = res.json() as Load[];
    expect(list).toHaveLength(cases.length);
    for (const c of cases) {
      const load = list.find((l) => l.id === c.row.id)!;
      for (const f of PRIVATE_LOAD_FIELDS) expect(load[f]).toBe(c.secrets[f]);
    }
    const cancelled = cases.find((c) => c.status === "cancelled")!;
    expect((await get(`/api/loads/${cancelled.row.id}`, manager.cookie)).json().pickupZip).toBe(cancelled.secrets.pickupZip);
  });

  it("the accept response itself is redacted (accepted is not yet approved)", async () => {
    const load = await createLoad(t.app, { pickupZip: "ZZ9 9ZZ", mandataNumber: null });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/loads/${load.id}/accept`,
      headers: { cookie: carrier.cookie },
      payload: { userId: carrier.user.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pickupZip).toBeNull();
    expect(res.body).not.toContain("ZZ9 9ZZ");
    expect(res.body).not.toContain("Wellington Street");
  });
});
