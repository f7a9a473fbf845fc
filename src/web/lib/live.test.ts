// issue 14: the web app's side of self-healing live updates.
import { describe, expect, it } from "vitest";
import { createLiveHandlers } from "./live";

function handlers() {
  const refetched: string[][] = [];
  const live = createLiveHandlers((prefixes) => refetched.push(prefixes));
  return { live, refetched };
}

describe("live update events in the web app", () => {
  it("refetches what a change names, and nothing else on a first ready", () => {
    const { live, refetched } = handlers();
    live.ready();
    expect(live.state).toBe("live");
    expect(refetched).toEqual([]);
    live.change(JSON.stringify({ topics: ["bids"] }));
    expect(refetched).toEqual([["/api/user/bids", "/api/admin/bids", "/api/loads"]]);
  });

  it("falls back to polling on degraded and refetches every live query once on resync", () => {
    const { live, refetched } = handlers();
    live.ready();
    live.degraded();
    expect(live.state).toBe("degraded");
    expect(refetched).toEqual([]);
    live.resync();
    expect(live.state).toBe("live");
    expect(refetched).toHaveLength(1);
    expect(refetched[0]).toEqual(expect.arrayContaining(["/api/loads", "/api/user/bids", "/api/users", "/api/stats", "/api/admin/bids"]));
  });

  it("refetches once when the stream is back after a break (changes in between were never announced)", () => {
    const { live, refetched } = handlers();
    live.ready();
    live.error();
    expect(live.state).toBe("degraded");
    live.ready();
    expect(refetched).toHaveLength(1);
    live.ready();
    expect(refetched).toHaveLength(1);
  });

  it("ignores a change it cannot read", () => {
    const { live, refetched } = handlers();
    live.change("not json");
    live.change(JSON.stringify({ topics: ["weather"] }));
    expect(refetched).toEqual([]);
  });
});
