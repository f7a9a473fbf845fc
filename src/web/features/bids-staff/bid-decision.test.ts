// The award's toast comes with the server's answer: not held back until every
// list of the admin page has been fetched again (one that stalls would have
// lost it), and shown even when Manage Bids was closed before the answer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";

const shown = vi.hoisted(() => [] as string[][]);
vi.mock("../../components/ui/toast", () => ({
  toast: {
    success: (...words: string[]) => shown.push(["success", ...words]),
    error: (...words: string[]) => shown.push(["error", ...words]),
    info: (...words: string[]) => shown.push(["info", ...words]),
  },
}));

const { BID_DECISION_TOASTS, bidDecisionOptions } = await import("./api");

const realFetch = globalThis.fetch;
let qc: QueryClient;
beforeEach(() => {
  shown.length = 0;
  qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  qc.clear();
});

/** The admin's lists: shown on the page, and reloading for ever once asked to. */
function stalledList() {
  let calls = 0;
  const list = new QueryObserver(qc, {
    queryKey: ["/api/loads", "with-bids", "?limit=20"],
    queryFn: () => (calls++ === 0 ? Promise.resolve([]) : new Promise<never>(() => {})),
  });
  return list.subscribe(() => {});
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe("a bid decision's toast", () => {
  it("shows the award as soon as the server answers, though a list's reload never ends", async () => {
    const stopList = stalledList();
    await until(() => qc.getQueryState(["/api/loads", "with-bids", "?limit=20"])?.status === "success");
    globalThis.fetch = (async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;
    const accept = new MutationObserver(qc, bidDecisionOptions(qc, "accept"));
    const stop = accept.subscribe(() => {});
    void accept.mutate("bid-1").catch(() => {});
    await until(() => shown.length > 0);
    expect(shown).toEqual([["success", ...BID_DECISION_TOASTS.accept.done]]);
    stop();
    stopList();
  });

  it("shows the award when Manage Bids was closed before the answer", async () => {
    let answer: ((r: Response) => void) | undefined;
    globalThis.fetch = (() => new Promise<Response>((r) => (answer = r))) as typeof fetch;
    const accept = new MutationObserver(qc, bidDecisionOptions(qc, "accept"));
    const stop = accept.subscribe(() => {});
    const done = accept.mutate("bid-2").catch(() => {});
    await until(() => answer !== undefined);
    // the dialog goes away while the request is on its way
    stop();
    answer!(new Response("{}", { status: 200, headers: { "content-type": "application/json" } }));
    await done;
    expect(shown).toEqual([["success", ...BID_DECISION_TOASTS.accept.done]]);
  });

  it("says why a refused accept failed, in the server's words", async () => {
    globalThis.fetch = (async () => new Response('{"error":"This bid is no longer pending"}', { status: 409 })) as typeof fetch;
    const accept = new MutationObserver(qc, bidDecisionOptions(qc, "accept"));
    await accept.mutate("bid-3").catch(() => {});
    expect(shown).toEqual([["error", BID_DECISION_TOASTS.accept.failed, "This bid is no longer pending"]]);
  });
});
