// Loads calls of the contract ("Loads"): parse, call the service, reply. Rules,
// transactions and redaction live in loads.service.ts / load-visibility.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { parse, idParam } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { acceptLoadSchema, loadFiltersSchema, loadInputSchema, loadStatusSchema } from "../../../contract/schemas/load";
import {
  acceptLoad,
  assertStorableText,
  changeLoadStatus,
  copyLoad,
  createLoad,
  getLoad,
  getLoadEvents,
  getLoadViews,
  nextLoadNumber,
  recordLoadView,
  resetLoadToAvailable,
  updateLoad,
} from "./loads.service";
import { BoardList, loadListEtag, toListQuery } from "./load-list";

/** Does an If-None-Match header (possibly a list, possibly weak) name this ETag? */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}

function body(req: FastifyRequest): unknown {
  assertStorableText(req.body);
  return req.body;
}

export async function registerLoadsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const boardList = new BoardList(db);


  // The hot path: polled every 8-10 s by every open board (spec §9). An unchanged
  // board answers 304 after one indexed read of the change counter.
  app.get("/api/loads", async (req, reply) => {
    const viewer = requireUser(req);
    assertStorableText(req.query);
    const query = toListQuery(parse(loadFiltersSchema, req.query));
    const { etag, version } = await loadListEtag({ db, viewer, query, readVersion: ctx.loadsVersion.get });
    reply.header("Cache-Control", "private, no-cache");
    reply.header("ETag", etag);
    if (etagMatches(req.headers["if-none-match"], etag)) return reply.status(304).send();
    const { body, total } = await boardList.list(viewer, query, version);
    reply.header("X-Total-Count", String(total));
    return reply.type("application/json; charset=utf-8").send(body);
  });

  app.get("/api/loads/next-number", async (req) => {
    requireStaff(req);
    return { loadNumber: await nextLoadNumber({ db, now: ctx.clock.now() }) };
  });

  app.get("/api/loads/:id", async (req) => {
    const viewer = requireUser(req);
    return getLoad({ db, viewer, id: idParam(req.params) });
  });

  app.post("/api/loads", async (req, reply) => {
    const actor = requireStaff(req);
    const input = parse(loadInputSchema, body(req));
    return reply.status(201).send(await createLoad({ db, actor, input, now: ctx.clock.now() }));
  });

  app.put("/api/loads/:id", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    const raw = body(req);
    const input = parse(loadInputSchema, raw);
    const present = new Set(raw && typeof raw === "object" ? Object.keys(raw) : []);
    return updateLoad({ db, actor, id, input, present, now: ctx.clock.now() });
  });

  app.post("/api/loads/:id/copy", async (req, reply) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    return reply.status(201).send(await copyLoad({ db, actor, id, now: ctx.clock.now() }));
  });

  app.patch("/api/loads/:id/accept", async (req) => {
    const actor = requireUser(req);
    const loadId = idParam(req.params);
    const { userId } = parse(acceptLoadSchema, body(req));
    return acceptLoad({ db, actor, loadId, userId, now: ctx.clock.now() });
  });

  app.patch("/api/loads/:id/status", async (req) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    // userId names the acting user in the spec's call; the session is what counts
    const { status, acceptedBy, acceptedByCarrier, reason } = parse(loadStatusSchema, body(req));
    return changeLoadStatus({ db, actor, loadId, change: { status, acceptedBy, acceptedByCarrier, reason }, now: ctx.clock.now() });
  });

  app.patch("/api/loads/:id/reset-to-available", async (req) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    return resetLoadToAvailable({ db, actor, loadId, now: ctx.clock.now() });
  });

  app.post("/api/loads/:id/view", async (req, reply) => {
    const viewer = requireUser(req);
    const loadId = idParam(req.params);
    await recordLoadView({ db, viewer, loadId, now: ctx.clock.now() });
    return reply.status(204).send();
  });

  app.get("/api/loads/:id/views", async (req) => {
    const actor = requireStaff(req);
    return getLoadViews({ db, actor, loadId: idParam(req.params) });
  });

  app.get("/api/loads/:id/events", async (req) => {
    const actor = requireStaff(req);
    return getLoadEvents({ db, actor, loadId: idParam(req.params) });
  });
}
