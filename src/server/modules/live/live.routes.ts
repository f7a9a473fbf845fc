// GET /api/live: a Server-Sent Events stream of change notices (issue 8).
// Events carry only topic names, never data: the client refetches through the
// normal, redacted endpoints.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/session";
import { isStaffRole } from "../../../contract/constants";
import { LiveHub } from "./live.service";

const HEARTBEAT_MS = 25_000;

export async function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new LiveHub(ctx.database);
  const streams = new Set<() => void>();

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
    const end = () => {
      clearInterval(heartbeat);
      remove?.();
      streams.delete(end);
      if (!res.writableEnded) res.end();
    };
    streams.add(end);
    req.raw.on("close", end);
    try {
      remove = await hub.add({
        staff: isStaffRole(user),
        send: (topics) => res.write(`event: change\ndata: ${JSON.stringify({ topics })}\n\n`),
      });
      res.write(`event: ready\ndata: {}\n\n`);
    } catch (err) {
      req.log.warn({ err }, "live updates unavailable; clients fall back to polling");
      end();
    }
  });

  // Open streams would keep the server from closing: end them first (graceful shutdown).
  app.addHook("preClose", async () => {
    for (const end of [...streams]) end();
    await hub.close();
  });
}
