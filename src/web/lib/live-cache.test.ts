// A load event patches cached lists exactly as the server would list them
// (filters, order, paging, total), without a request.
import { describe, expect, it } from "vitest";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { Load } from "@contract/schemas/load";
import { applyLoadEvent, patchList } from "./live-cache";

let seq = 0;
function load(over: Partial<Load> = {}): Load {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    loadNumber: `FN-2026-${seq}`,
    status: "available",
    pickupCity: "Leeds",
    deliveryCity: "Hull",
    pickupDate: `2026-12-${String(10 + (seq % 15)).padStart(2, "0")}T09:00:00.000Z`,
    price: 1500,
    weight: 2000,
    distance: 120,
    ratePerMile: 12.5,
    equipmentType: "flatbed",
    acceptedByCarrier: null,
    expired: false,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, seq)).toISOString(),
    ...over,
  } as Load;
}

describe("patching a cached loads list from event: load", () => {
  it("inserts a new load in sort order on a full first page, keeps the page size, counts it", () => {
    const rows = [load({ price: 3000 }), load({ price: 2000 }), load({ price: 1000 })];
    const added = load({ price: 2500 });
    const out = patchList({ loads: rows, total: 10 }, "/api/loads?sort=-price&limit=3", { version: 2, id: added.id, load: added, created: true }, false);
    expect(out.data.loads.map((l) => l.price)).toEqual([3000, 2500, 2000]);
    expect(out.data.total).toBe(11);
    expect(out.exact).toBe(true);
  });

  it("leaves out a load the list's filter does not match, or an expired one for a carrier", () => {
    const rows = [load()];
    const other = load({ equipmentType: "curtainsider" as Load["equipmentType"] });
    expect(patchList({ loads: rows, total: 1 }, "/api/loads?equipmentType=flatbed", { version: 2, id: other.id, load: other, created: true }, false).data.loads).toHaveLength(1);
    const expired = load({ expired: true });
    expect(patchList({ loads: rows, total: 1 }, "/api/loads", { version: 2, id: expired.id, load: expired }, false).data.loads).toHaveLength(1);
    expect(patchList({ loads: rows, total: 1 }, "/api/loads", { version: 2, id: expired.id, load: expired }, true).data.loads).toHaveLength(2);
    const leeds = load({ pickupCity: "Glasgow", loadNumber: "X" });
    expect(patchList({ loads: rows, total: 1 }, "/api/loads?search=leeds", { version: 2, id: leeds.id, load: leeds }, false).data.loads).toHaveLength(1);
  });

  it("removes a load that became null, and says the page is short when a card should slide in", () => {
    const rows = [load(), load(), load()];
    const gone = patchList({ loads: rows, total: 3 }, "/api/loads?limit=3", { version: 2, id: rows[1].id, load: null }, false);
    expect(gone.data.loads.map((l) => l.id)).toEqual([rows[0].id, rows[2].id]);
    expect(gone.data.total).toBe(2);
    expect(gone.exact).toBe(true);
    const short = patchList({ loads: rows, total: 9 }, "/api/loads?limit=3", { version: 2, id: rows[1].id, load: null }, false);
    expect(short.exact).toBe(false);
    expect(short.data.total).toBe(8);
  });

  it("updates list and detail caches and the available tile in a real QueryClient", () => {
    const qc = new QueryClient();
    const a = load();
    qc.setQueryData(["/api/loads", "list", "/api/loads?limit=50"], { loads: [a], total: 1 });
    qc.setQueryData(["/api/loads", "detail", a.id], a);
    qc.setQueryData(["/api/stats"], { available: 1, accepted: 0, approved: 0, completed: 0, totalEarnings: 0 });
    const changed = { ...a, price: 999 };
    applyLoadEvent(qc, { version: 5, id: a.id, load: changed }, { staff: false, chained: true });
    expect(qc.getQueryData<{ loads: Load[] }>(["/api/loads", "list", "/api/loads?limit=50"])!.loads[0].price).toBe(999);
    expect(qc.getQueryData<Load>(["/api/loads", "detail", a.id])!.price).toBe(999);
    applyLoadEvent(qc, { version: 6, id: a.id, load: null, availableDelta: -1 }, { staff: false, chained: true });
    expect(qc.getQueryData<{ loads: Load[]; total: number }>(["/api/loads", "list", "/api/loads?limit=50"])).toEqual({ loads: [], total: 0 });
    expect(qc.getQueryData<{ available: number }>(["/api/stats"])!.available).toBe(0);
  });

  it("keeps a booked load's stops on its details when the load changes, and asks for them again", async () => {
    const qc = new QueryClient();
    const a = load({ status: "approved" });
    const stops = { pickup: { arrivedAt: "2026-12-10T08:55:00.000Z", departedAt: "2026-12-10T10:10:00.000Z", evidence: "position" }, delivery: { arrivedAt: null, departedAt: null, evidence: null } };
    let asked = 0;
    qc.setQueryData(["/api/loads", "detail", a.id], { ...a, stops });
    // the card watching it, as useQuery would
    const observer = new QueryObserver(qc, { queryKey: ["/api/loads", "detail", a.id], queryFn: () => (asked++, { ...a, status: "completed", stops }), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    applyLoadEvent(qc, { version: 7, id: a.id, load: { ...a, status: "completed" } }, { staff: false, chained: true });
    const now = qc.getQueryData<Load & { stops?: unknown }>(["/api/loads", "detail", a.id])!;
    expect(now.status).toBe("completed");
    expect(now.stops).toEqual(stops);
    await expect.poll(() => asked).toBe(1);
    // a load with no parts is replaced as it comes, nothing asked
    const b = load();
    qc.setQueryData(["/api/loads", "detail", b.id], b);
    applyLoadEvent(qc, { version: 8, id: b.id, load: { ...b, price: 1 } }, { staff: false, chained: true });
    expect(qc.getQueryData<Load>(["/api/loads", "detail", b.id])).toEqual({ ...b, price: 1 });
    expect(asked).toBe(1);
    unsubscribe();
  });
});

