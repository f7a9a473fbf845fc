// Logs: one line per request at info, health checks and the web app's
// files at debug, secrets in URLs replaced; pretty lines when asked (a terminal).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { createTestApp, eventually, type TestApp } from "../../../test/helpers";
import { loggedUrl, loggerOptions, requestLogController, requestLogLevel } from "./logging";

function logSink() {
  const sink = { text: "", stream: undefined as unknown as Writable };
  sink.stream = new Writable({
    write(chunk, _enc, cb) {
      sink.text += String(chunk);
      cb();
    },
  });
  return sink;
}

type Line = { level: number; reqId?: string; msg: string; method?: string; url?: string; statusCode?: number; responseTime?: number };
const DEBUG = 20;
const INFO = 30;

describe("request log lines", () => {
  let t: TestApp;
  const sink = logSink();
  const lines = () => sink.text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line);
  const linesOf = (reqId: string) => lines().filter((l) => l.reqId === reqId);
  /** the request id of the line that logged `url` (each test asks for URLs of its own) */
  const send = async (method: "GET" | "POST", url: string, logged = url) => {
    await t.app.inject({ method, url });
    const line = lines().find((l) => l.url === logged);
    expect(line?.reqId, `no line for ${url}`).toBeTypeOf("string");
    return line!.reqId!;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { logLevel: "debug" }, logStream: sink.stream });
  });
  afterAll(() => t.close());

  it("writes exactly one line per API request, at info, with method, url, status, time and request id", async () => {
    const id = await send("GET", "/api/public-config");
    const mine = linesOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: INFO, method: "GET", url: "/api/public-config", statusCode: 200, msg: "request completed" });
    expect(mine[0].responseTime).toBeTypeOf("number");
    expect(sink.text).not.toContain("incoming request");
  });

  it("logs a refused API call at info too", async () => {
    const id = await send("POST", "/api/no-such-thing");
    expect(linesOf(id)).toEqual([expect.objectContaining({ level: INFO, statusCode: 404, url: "/api/no-such-thing" })]);
  });

  it("logs the health check and the web app's files at debug", async () => {
    for (const url of ["/api/health", "/assets/index-abc123.js", "/loads", "/favicon.ico"]) {
      const id = await send("GET", url);
      expect(linesOf(id), url).toEqual([expect.objectContaining({ level: DEBUG, url })]);
    }
  });

  it("replaces a token in the query of a logged URL", async () => {
    const id = await send("GET", "/reset-password?token=s3cr3t-reset-token&x=1", "/reset-password?token=[redacted]&x=1");
    expect(linesOf(id)).toHaveLength(1);
    expect(sink.text).not.toContain("s3cr3t-reset-token");
  });
});

describe("at LOG_LEVEL=info", () => {
  let t: TestApp;
  const sink = logSink();
  beforeAll(async () => {
    t = await createTestApp({ config: { logLevel: "info" }, logStream: sink.stream });
  });
  afterAll(() => t.close());

  it("health checks and static files write nothing; API calls write one line each", async () => {
    await t.app.inject({ url: "/api/health" });
    await t.app.inject({ url: "/assets/app.css" });
    await t.app.inject({ url: "/api/public-config" });
    await t.app.inject({ url: "/api/public-config" });
    const lines = sink.text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => l.url)).toEqual(["/api/public-config", "/api/public-config"]);
  });
});

describe("requestLogLevel and loggedUrl", () => {
  it("keeps API writes, paperwork downloads, unknown methods and any 5xx at info", () => {
    expect(requestLogLevel("POST", "/api/loads", 201)).toBe("info");
    expect(requestLogLevel("GET", "/objects/abc", 200)).toBe("info");
    expect(requestLogLevel("POST", "/wp-login.php", 404)).toBe("info");
    expect(requestLogLevel("GET", "/api/health", 503)).toBe("info");
    expect(requestLogLevel("GET", "/api/health?probe=1", 200)).toBe("debug");
    expect(requestLogLevel("GET", "/api/health/live", 200)).toBe("debug");
    expect(requestLogLevel("HEAD", "/", 200)).toBe("debug");
  });

  it("replaces path parameters and query values whose names say secret", () => {
    expect(loggedUrl({ url: "/api/objects/upload/abc.DEF_123", params: { token: "abc.DEF_123" } })).toBe("/api/objects/upload/[redacted]");
    expect(loggedUrl({ url: "/objects/9f1c", params: { key: "9f1c" } })).toBe("/objects/9f1c");
    expect(loggedUrl({ url: "/x?api_key=k&X-Amz-Signature=s&status=available&postcode=LS1", params: {} })).toBe(
      "/x?api_key=[redacted]&X-Amz-Signature=[redacted]&status=available&postcode=LS1",
    );
  });
});

describe("on a terminal", () => {
  it("writes one human-readable line per request instead of JSON", async () => {
    const sink = logSink();
    const app = Fastify({ logger: await loggerOptions({ level: "info", stream: sink.stream, pretty: true }), logController: requestLogController() });
    app.get("/api/ping", async () => ({ ok: true }));
    await app.inject({ url: "/api/ping?status=available" });
    await eventually(async () => sink.text.includes("/api/ping"));
    await app.close();
    const lines = sink.text.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: \\[req-\\d+\\] GET /api/ping\\?status=available 200 [\\d.]+ ms$`));
  });
});
