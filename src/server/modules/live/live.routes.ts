// GET /api/live: a Server-Sent Events stream (live updates):
// `event: load` carries a changed load as this user may see it (the same
// redaction as GET /api/loads/{id}) with the loads version, so boards patch their
// cache; `event: change` names the user's own data that changed (refetched through
// the normal endpoints); `ready` says the version the stream starts at.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { isStaffRole } from "../../../contract/constants";
import { LiveHub } from "./live.service";
import { LiveSessions, type StreamEnd } from "./live-sessions";

const HEARTBEAT_MS = 25_000;
/** a day: a tab whose stream a newer one replaced keeps polling until it is reloaded */
const SUPERSEDED_RETRY_MS = 86_400_000;

export async function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new LiveHub(ctx.database, ctx.clock);
  const unwatch = ctx.database.notices.onChange((up) => {
    if (up) app.log.info("live updates: database notices are back; open streams told to refetch");
    else app.log.warn("live updates: database notices lost; open streams told to poll while they reconnect");
  });
  const streams = new Set<() => void>();
  // a stream ends with its session, in any process; at most 10 a user (contract)
  const owners = new LiveSessions(ctx);
  await owners.start().catch((err) => app.log.warn({ err }, "live updates: ended sessions are found by the sweep only"));
  // a write of a user with open streams here may have ended their session (logout): check now
  app.addHook("onResponse", async (req) => {
    if (req.user && req.method !== "GET" && req.method !== "HEAD") void owners.checkUser(req.user.id);
  });

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
    res.write("retry: 3000\n\n");
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
      res.end();
    };
    streams.add(end);
    owners.track(user.id, req.sessionId!, end);
    req.raw.on("close", end);
    try {
      remove = await hub.add({
        staff: isStaffRole(user),
        userId: user.id,
        carrierName: user.carrierName,
        load: (json) => res.write(`event: load\ndata: ${json}\n\n`),
        notification: (json) => res.write(`event: notification\ndata: ${json}\n\n`),
        send: (topics) => res.write(`event: change\ndata: ${JSON.stringify({ topics })}\n\n`),
        status: (event, json) => res.write(`event: ${event}\ndata: ${json ?? "{}"}\n\n`),
      });
      // the loads version the stream starts at: a client that has seen it missed nothing
      const version = await ctx.loadsVersion.get(ctx.db).catch(() => null);
      if (res.writableEnded) return;
      res.write(`event: ready\ndata: ${JSON.stringify(version === null ? {} : { version })}\n\n`);
      if (!hub.live) res.write(`event: degraded\ndata: {}\n\n`);
    } catch (err) {
      req.log.warn({ err }, "live updates unavailable; clients fall back to polling");
      end();
    }
  });

  // Open streams would keep the server from closing: end them first (graceful shutdown).
  app.addHook("preClose", async () => {
    unwatch();
    for (const end of [...streams]) end();
    await Promise.all([hub.close(), owners.close()]);
  });
}
