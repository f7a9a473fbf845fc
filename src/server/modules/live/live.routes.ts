// GET /api/live: a Server-Sent Events stream (live updates):
// `event: load` carries a changed load as this user may see it (the same
// redaction as GET /api/loads/{id}) with the loads version as its SSE `id:`, so
// boards patch their cache and a reconnecting EventSource names the last one it
// saw (Last-Event-ID) and is first sent what it missed; `event: change` names the
// user's own data that changed (refetched through the normal endpoints); `ready`
// says the version the stream stands at.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { isStaffRole } from "../../../contract/constants";
import { LiveHub } from "./live.service";
import { registerLiveBidNotices } from "./live-bid-notices";
import { LiveSessions, type StreamEnd } from "./live-sessions";

const HEARTBEAT_MS = 25_000;
/** how long EventSource waits before reconnecting after a break */
const RETRY_MS = 3000;
/** a day: a tab whose stream a newer one replaced keeps polling until it is reloaded */
const SUPERSEDED_RETRY_MS = 86_400_000;

export async function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // a stream ends with its session or a change of its user's rights, in any process; at most 10 a user (contract)
  const owners = new LiveSessions(ctx);
  registerLiveBidNotices(ctx);
  const hub = new LiveHub(ctx.database, ctx.clock, {
    settle: (usersVersion) => owners.settle(usersVersion),
    onSent: (lagMs) => ctx.metrics.eventLag.observe(lagMs / 1000),
  });
  ctx.metrics.openStreams = () => hub.size;
  const unwatch = ctx.database.notices.onChange((up) => {
    if (up) app.log.info("live updates: database notices are back");
    else app.log.warn("live updates: database notices lost; changes reach open streams by polling the log until they are back");
  });
  const streams = new Set<(why?: StreamEnd) => void>();
  await owners.start().catch((err) => app.log.warn({ err }, "live updates: ended sessions are found by the sweep only"));
  // the feed runs from the start: its notice also tells the other processes' poll caches
  void hub.feed.start().catch(() => {});
  // a write answered here (every non-GET invalidates the loads version) may have
  // changed loads: read and announce it now, not at the next poll
  const unpoke = ctx.loadsVersion.onLocalWrite(() => hub.feed.poke());
  app.addHook("onResponse", async (req) => {
    if (req.method === "GET" || req.method === "HEAD") return;
    // a write may have ended its user's session (logout): check their streams now
    if (req.user) void owners.checkUser(req.user.id);
    // staff changed a user's role, company or approval, or a company: do not wait for the notice
    const route = req.routeOptions.url ?? "";
    if (route.startsWith("/api/users") || route.startsWith("/api/companies")) owners.recheckSoon();
  });

  // set once shutdown has begun: a stream asked for now (a kept-alive connection) is told to come back elsewhere
  let closing = false;
  app.get("/api/live", async (req, reply) => {
    const user = requireUser(req);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
    });
    // tell EventSource how long to wait before reconnecting
    res.write(`retry: ${RETRY_MS}\n\n`);
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    let remove: (() => void) | null = null;
    const end = (why?: StreamEnd) => {
      clearInterval(heartbeat);
      remove?.();
      owners.untrack(user.id, end);
      streams.delete(end);
      if (res.writableEnded) return;
      // closed for a newer stream of the user's: reconnecting at once would close
      // another of theirs in turn, so EventSource is told to wait (polling carries on)
      if (why === "superseded") res.write(`retry: ${SUPERSEDED_RETRY_MS}\nevent: superseded\ndata: {}\n\n`);
      // rights changed: come back at once and see with the new ones
      else if (why === "rights-changed") res.write("retry: 100\n\n");
      // this process stops: reconnect soon (to another process), spread out so they do not all come at once
      else if (why === "shutdown") res.write(`retry: ${250 + Math.floor(Math.random() * 750)}\n\n`);
      res.end();
    };
    if (closing) return end("shutdown");
    streams.add(end);
    owners.track(user.id, req.sessionId!, user, end);
    req.raw.on("close", () => end());
    try {
      const added = await hub.add(
        {
          staff: isStaffRole(user),
          userId: user.id,
          carrierName: user.carrierName,
          load: (json, version) => res.write(`id: ${version}\nevent: load\ndata: ${json}\n\n`),
          notification: (json) => res.write(`event: notification\ndata: ${json}\n\n`),
          message: (json) => res.write(`event: message\ndata: ${json}\n\n`),
          send: (topics) => res.write(`event: change\ndata: ${JSON.stringify({ topics })}\n\n`),
          status: (event, json, version) => res.write(`id: ${version}\nevent: ${event}\ndata: ${json}\n\n`),
        },
        lastEventId(req.headers["last-event-id"]),
      );
      remove = added.remove;
      if (res.writableEnded) return remove();
      // the version the stream stands at, also as its id: a reconnect after no change still names it
      res.write(`id: ${added.version}\nevent: ready\ndata: ${JSON.stringify({ version: added.version })}\n\n`);
    } catch (err) {
      req.log.warn({ err }, "live updates unavailable; clients fall back to polling");
      end();
    }
  });

  // Open streams would keep the server from closing: end them first (graceful shutdown).
  app.addHook("preClose", async () => {
    closing = true;
    unwatch();
    unpoke();
    for (const end of [...streams]) end("shutdown");
    await Promise.all([hub.close(), owners.close()]);
  });
}

/** The version a reconnecting EventSource last saw (its Last-Event-ID header), if it sent a sound one. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
