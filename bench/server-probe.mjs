// Preloaded into the app's child process by the bench (`node --import ./bench/server-probe.mjs`),
// never by the app itself: counts the HTTP requests the server answers, by method and route
// family, and the bytes it writes for them, so a scenario can say how many board and stats
// GETs a change caused, counted on the server, without touching the app's code.
// The parent asks over the IPC channel: {probe: "read"} → the counts; {probe: "reset"} → zeroes them.
import http from "node:http";

const counts = new Map(); // "GET /api/loads" → {requests, bytes}
const family = (url) => {
  const path = (url ?? "").split("?")[0];
  if (path === "/api/loads") return "/api/loads";
  if (path.startsWith("/api/loads/")) return "/api/loads/{id}…";
  return path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}");
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === "request" && res && typeof res.write === "function") {
    const key = `${req.method} ${family(req.url)}`;
    let entry = counts.get(key);
    if (!entry) counts.set(key, (entry = { requests: 0, bytes: 0 }));
    entry.requests++;
    const write = res.write;
    const end = res.end;
    const size = (chunk, enc) => (chunk == null || typeof chunk === "function" ? 0 : typeof chunk === "string" ? Buffer.byteLength(chunk, typeof enc === "string" ? enc : "utf8") : chunk.length);
    res.write = function (chunk, enc, cb) {
      entry.bytes += size(chunk, enc);
      return write.call(this, chunk, enc, cb);
    };
    res.end = function (chunk, enc, cb) {
      entry.bytes += size(chunk, enc);
      return end.call(this, chunk, enc, cb);
    };
  }
  return emit.apply(this, arguments);
};

if (process.send) {
  process.on("message", (m) => {
    if (!m || typeof m !== "object" || !("probe" in m)) return;
    if (m.probe === "reset") counts.clear();
    process.send({ probe: "counts", counts: Object.fromEntries(counts) });
  });
  // the IPC channel must not keep the server alive after SIGTERM
  process.channel?.unref();
}
