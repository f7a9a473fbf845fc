// Loads calls of the contract ("Loads"): parse, call the service, reply. Rules,
// transactions and redaction live in loads.service.ts / load-visibility.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { parse, idParam } from "../../lib/validate";
import { requireStaff, requireUser } from "../../plugins/session";
import { acceptLoadSchema, loadFiltersSchema, loadInputSchema, loadStatusSchema, loadStatusTargetSchema } from "../../../contract/schemas/load";
import { pageOf, pageQuerySchema } from "../../../contract/schemas/page";
import { resetReasonSchema } from "../../../contract/schemas/scorecard";
import {
  acceptLoad,
  assertAcceptAllowed,
  assertResetAllowed,
  assertStatusChangeAllowed,
  assertStorableText,
  changeLoadStatus,
  copyLoad,
  createLoad,
  getLoad,
  getLoadEvents,
  getLoadViews,
  nextLoadNumber,
  nextPoNumberPreview,
  recordLoadView,
  resetLoadToAvailable,
  updateLoad,
} from "./loads.service";
import { BoardList, BoardQueries, loadListEtag, toListQuery, withNearDistricts } from "./load-list";
import { ukToday } from "./load-visibility";
import { listLoadsWithBids } from "./loads-with-bids";
import { loadPaperworkAccess } from "./load-files";
import { etagMatches, sendListBody } from "../../plugins/page-bytes";

function body(req: FastifyRequest): unknown {
  assertStorableText(req.body);
  return req.body;
}

export async function registerLoadsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const boardList = new BoardList(db);
  const boardQueries = new BoardQueries();
  ctx.objectAccess.register(loadPaperworkAccess);


  // The hot path: polled every 8-10 s by every open board. An unchanged
  // board answers 304 from the session cache, the parsed query and the loads
  // version in memory, without the database.
  app.get("/api/loads", async (req, reply) => {
    const viewer = requireUser(req);
    const now = ctx.clock.now();
    const at = req.url.indexOf("?");
    const { query, key, fkey } = await boardQueries.get(at < 0 ? "" : req.url.slice(at + 1), ukToday(now), () => {
      assertStorableText(req.query);
      return withNearDistricts(toListQuery(parse(loadFiltersSchema, req.query), now), ctx.config);
    });
    const { etag, version } = await loadListEtag({ db, viewer, query, queryKey: key, readVersion: ctx.loadsVersion.get });
    reply.header("Cache-Control", "private, no-cache");
    reply.header("ETag", etag);
    if (etagMatches(req.headers["if-none-match"], etag)) return reply.status(304).send();
    const { body, total } = await boardList.list(viewer, query, version, fkey);
    reply.header("X-Total-Count", String(total));
    // a shared page goes out as its kept bytes, br or gzip as accepted
    return sendListBody(req, reply, body);
  });

  // staff: the Loads with Bids tab, paged, sorted and searched like GET /api/loads
  app.get("/api/loads/with-bids", async (req, reply) => {
    const viewer = requireStaff(req);
    assertStorableText(req.query);
    const query = await withNearDistricts(toListQuery(parse(loadFiltersSchema, req.query), ctx.clock.now()), ctx.config);
    const { rows, total } = await listLoadsWithBids({ db, viewer, query });
    reply.header("X-Total-Count", String(total));
    return rows;
  });

  app.get("/api/loads/next-number", async (req) => {
    requireStaff(req);
    return { loadNumber: await nextLoadNumber({ db, now: ctx.clock.now() }) };
  });

  // staff: the PO number the Approve dialog offers; approving checks it is still free
  app.get("/api/loads/next-po-number", async (req) => {
    const actor = requireStaff(req);
    return { mandataNumber: await nextPoNumberPreview({ db, actor, now: ctx.clock.now() }) };
  });

  app.get("/api/loads/:id", async (req) => {
    const viewer = requireUser(req);
    const now = ctx.clock.now();
    // with the fields other modules add for this viewer (load-detail-parts.ts)
    return ctx.loadDetailParts.extend({ db, viewer, load: await getLoad({ db, viewer, id: idParam(req.params), now }), now });
  });

  app.post("/api/loads", async (req, reply) => {
    const actor = requireStaff(req);
    const input = parse(loadInputSchema, body(req));
    return reply.status(201).send(await createLoad({ ctx, db, actor, input, now: ctx.clock.now() }));
  });

  app.put("/api/loads/:id", async (req) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    const raw = body(req);
    const input = parse(loadInputSchema, raw);
    const present = new Set(raw && typeof raw === "object" ? Object.keys(raw) : []);
    return updateLoad({ ctx, db, actor, id, input, present, now: ctx.clock.now() });
  });

  app.post("/api/loads/:id/copy", async (req, reply) => {
    const actor = requireStaff(req);
    const id = idParam(req.params);
    return reply.status(201).send(await copyLoad({ ctx, db, actor, id, now: ctx.clock.now() }));
  });

  app.patch("/api/loads/:id/accept", async (req) => {
    const actor = requireUser(req);
    const loadId = idParam(req.params);
    // state before shape: a load that cannot be accepted is 409 whatever the body says
    const arrived = await assertAcceptAllowed({ db, actor, loadId, now: ctx.clock.now() });
    const { userId } = parse(acceptLoadSchema, body(req));
    return acceptLoad({ ctx, db, actor, loadId, userId, now: ctx.clock.now(), arrived });
  });

  app.patch("/api/loads/:id/status", async (req) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    // state before shape (contract 409): the target status and the load's own are
    // checked first, so a forbidden change is 409 however malformed the rest is
    const target = parse(loadStatusTargetSchema, req.body);
    await assertStatusChangeAllowed({ db, actor, loadId, status: target.status });
    // userId names the acting user in the spec's call; the session is what counts
    const { status, acceptedBy, acceptedByCarrier, reason, mandataNumber } = parse(loadStatusSchema, body(req));
    return changeLoadStatus({ ctx, db, actor, loadId, change: { status, acceptedBy, acceptedByCarrier, reason, mandataNumber }, now: ctx.clock.now() });
  });

  app.patch("/api/loads/:id/reset-to-available", async (req) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    // state before shape: a load that cannot be reset is 409 whatever the body says;
    // then an optional {reason} (other fields are ignored)
    await assertResetAllowed({ db, actor, loadId });
    const { reason } = parse(resetReasonSchema, body(req) ?? undefined);
    return resetLoadToAvailable({ ctx, db, actor, loadId, now: ctx.clock.now(), ...(reason ? { reason } : {}) });
  });

  app.post("/api/loads/:id/view", async (req, reply) => {
    const viewer = requireUser(req);
    const loadId = idParam(req.params);
    await recordLoadView({ db, viewer, loadId, now: ctx.clock.now() });
    return reply.status(204).send();
  });

  // contract: every list is bounded (at most 1,000, the total in X-Total-Count)
  app.get("/api/loads/:id/views", async (req, reply) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    const { views, total } = await getLoadViews({ db, actor, loadId, page: pageOf(parse(pageQuerySchema, req.query)) });
    reply.header("X-Total-Count", String(total));
    return views;
  });

  app.get("/api/loads/:id/events", async (req, reply) => {
    const actor = requireStaff(req);
    const loadId = idParam(req.params);
    const { events, total } = await getLoadEvents({ db, actor, loadId, page: pageOf(parse(pageQuerySchema, req.query)) });
    reply.header("X-Total-Count", String(total));
    return events;
  });
}
