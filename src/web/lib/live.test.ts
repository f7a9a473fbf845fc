// The web app's side of self-healing live updates: load events
// patch, versions are followed, and only a gap or a missed change refetches the board.
import { describe, expect, it } from "vitest";
import { createLiveHandlers, queryInTopics, type LiveTopic } from "./live";
import type { LoadEventData } from "./live-cache";

function handlers() {
  const refetched: LiveTopic[][] = [];
  const patched: [number, boolean][] = [];
  const live = createLiveHandlers({
    refetch: (topics) => refetched.push(topics),
    patch: (ev: LoadEventData, chained) => patched.push([ev.version, chained]),
  });
  return { live, refetched, patched };
}
const loadEvent = (version: number) => JSON.stringify({ version, id: "l1", load: null });

describe("live update events in the web app", () => {
  it("refetches what a change names, and nothing else on a first ready", () => {
    const { live, refetched } = handlers();
    live.ready(JSON.stringify({ version: 3 }));
    expect(live.state).toBe("live");
    expect(live.version).toBe(3);
    expect(refetched).toEqual([]);
    live.change(JSON.stringify({ topics: ["bids"] }));
    expect(refetched).toEqual([["bids"]]);
  });

  it("a bids notice refetches bids queries, never the board's lists", () => {
    expect(queryInTopics(["/api/user/bids"], ["bids"])).toBe(true);
    expect(queryInTopics(["/api/loads", "with-bids", "/api/loads/with-bids?limit=50"], ["bids"])).toBe(true);
    expect(queryInTopics(["/api/loads", "list", "/api/loads?limit=50"], ["bids", "stats", "users", "notifications"])).toBe(false);
    expect(queryInTopics(["/api/loads", "list", "/api/loads?limit=50"], ["loads"])).toBe(true);
  });

  it("a reconnect the server replays (the missed changes, then ready at the last) patches them and refetches no board", () => {
    const { live, refetched, patched } = handlers();
    live.ready(JSON.stringify({ version: 5 }));
    live.error();
    // EventSource reconnects with Last-Event-ID 5: the server sends 6 and 7, then ready at 7
    live.load(loadEvent(6));
    live.load(loadEvent(7));
    live.ready(JSON.stringify({ version: 7 }));
    expect(patched).toEqual([
      [6, true],
      [7, true],
    ]);
    expect(refetched.flat()).not.toContain("loads");
    expect(live.version).toBe(7);
  });

  it("patches load events in order, and refetches once on a gap in the versions", () => {
    const { live, refetched, patched } = handlers();
    live.ready(JSON.stringify({ version: 10 }));
    live.load(loadEvent(11));
    live.load(loadEvent(12));
    expect(refetched).toEqual([]);
    live.load(loadEvent(14));
    expect(patched).toEqual([
      [11, true],
      [12, true],
      [14, false],
    ]);
    expect(refetched).toHaveLength(1);
    expect(refetched[0]).toContain("loads");
    live.load(loadEvent(15));
    expect(refetched).toHaveLength(1);
    live.load("not json");
    expect(patched).toHaveLength(4);
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
    expect(refetched[0]).toEqual(expect.arrayContaining(["loads", "bids", "users", "stats", "notifications"]));
  });

  it("back after a break: the board refetches only if a load version was missed; own data always", () => {
    const { live, refetched } = handlers();
    live.ready(JSON.stringify({ version: 5 }));
    live.error();
    expect(live.state).toBe("degraded");
    live.ready(JSON.stringify({ version: 5 }));
    expect(refetched).toEqual([["bids", "stats", "users", "notifications"]]);
    live.ready(JSON.stringify({ version: 5 }));
    expect(refetched).toHaveLength(1);
    live.error();
    live.ready(JSON.stringify({ version: 7 }));
    expect(refetched).toHaveLength(2);
    expect(refetched[1]).toContain("loads");
    expect(live.version).toBe(7);
  });

  it("ignores a change it cannot read", () => {
    const { live, refetched } = handlers();
    live.change("not json");
    live.change(JSON.stringify({ topics: ["weather"] }));
    expect(refetched).toEqual([]);
  });
});
