// The load details' parts registry: fields other modules add to GET /api/loads/{id}.
import { describe, expect, it } from "vitest";
import type { Load } from "../../../contract/schemas/load";
import type { UserRow } from "../../db/schema";
import { createLoadDetailParts, type LoadDetailQuery } from "./load-detail-parts";

const query = (load: Partial<Load>, viewer: Partial<UserRow> = { id: "u1" }): LoadDetailQuery =>
  ({ db: {} as never, viewer: viewer as UserRow, load: load as Load, now: new Date("2026-11-24T12:00:00Z") });

describe("load detail parts", () => {
  it("adds each part's field when it has something for the viewer, and leaves it out when it answers undefined", async () => {
    const parts = createLoadDetailParts();
    parts.register({ field: "stops", read: async (q) => (q.viewer.id === "u1" ? { seen: q.load.id } : undefined) });
    expect(await parts.extend(query({ id: "L1" }))).toEqual({ id: "L1", stops: { seen: "L1" } });
    const other = await parts.extend(query({ id: "L1" }, { id: "u2" }));
    expect(other).toEqual({ id: "L1" });
    expect(other).not.toHaveProperty("stops");
  });

  it("never overwrites the load's own fields, and refuses a field registered twice", async () => {
    const parts = createLoadDetailParts();
    let asked = 0;
    parts.register({
      field: "price",
      read: async () => {
        asked++;
        return 1;
      },
    });
    expect(await parts.extend(query({ id: "L1", price: 500 }))).toEqual({ id: "L1", price: 500 });
    expect(asked).toBe(0);
    expect(() => parts.register({ field: "price", read: async () => 2 })).toThrow(/registered twice/);
  });

  it("with no parts the load is answered as it is", async () => {
    expect(await createLoadDetailParts().extend(query({ id: "L1", status: "approved" }))).toEqual({ id: "L1", status: "approved" });
  });
});
