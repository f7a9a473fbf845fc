import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { ENGINES, createTestApp, type TestApp } from "../../../../test/helpers";
import { createLoad, signedIn } from "../../../../test/factories";

/** Open the SSE stream over real HTTP and collect events. */
function openStream(port: number, cookie: string) {
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  let status = 0;
  const req = request({ host: "127.0.0.1", port, path: "/api/live", headers: { cookie } }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ?? "" });
      }
    });
  });
  req.end();
  return {
    events,
    status: () => status,
    close: () => req.destroy(),
    async waitFor(pred: (e: { event: string; data: string }) => boolean, ms = 3000) {
      const start = Date.now();
      while (!events.some(pred)) {
        if (Date.now() - start > ms) throw new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

describe.each(ENGINES)("live change notices on %s", (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("refuses a stream to someone not signed in", async () => {
    const res = await t.app.inject({ url: "/api/live" });
    expect(res.statusCode).toBe(401);
  });

  it("tells an open board within a second that loads changed", async () => {
    const { cookie } = await signedIn(t.app);
    const stream = openStream(port, cookie);
    await stream.waitFor((e) => e.event === "ready");
    const before = Date.now();
    await createLoad(t.app);
    await stream.waitFor((e) => e.event === "change" && JSON.parse(e.data).topics.includes("loads"), 1000);
    expect(Date.now() - before).toBeLessThan(1000);
    expect(stream.status()).toBe(200);
    stream.close();
  });

  it("does not tell carriers about user changes, but tells staff", async () => {
    const carrier = await signedIn(t.app);
    const staff = await signedIn(t.app, { role: "manager" });
    const c = openStream(port, carrier.cookie);
    const s = openStream(port, staff.cookie);
    await c.waitFor((e) => e.event === "ready");
    await s.waitFor((e) => e.event === "ready");
    c.events.length = 0;
    await signedIn(t.app); // inserts a user and updates lastLoginAt
    await s.waitFor((e) => e.event === "change" && JSON.parse(e.data).topics.includes("users"));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.events.filter((e) => e.event === "change" && JSON.parse(e.data).topics.includes("users"))).toEqual([]);
    c.close();
    s.close();
  });
});
