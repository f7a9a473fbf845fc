// GET /metrics in Prometheus text format, for a scraper only: 404 unless
// METRICS_TOKEN or METRICS_ALLOW is set; with METRICS_ALLOW the caller's address
// (as TRUST_PROXY resolves it) must be in the list (403), with METRICS_TOKEN it must
// send `Authorization: Bearer <token>` (401). Both must hold when both are set.
// The request hooks are added only when metrics are on: the board's hot path pays
// nothing otherwise.
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MetricsAccess } from "../config";
import type { AppContext } from "../context";
import { AppError, forbidden, notFound } from "../lib/app-error";
import { bearerOf } from "../lib/bearer";
import { safeEqual } from "../lib/crypto";
import { addPoolCollectors, refreshJobFigures } from "./collectors";
import { isEnabled } from "./metrics";

/** the route label of a request that matched no route: its raw URL would let anyone add labels */
const UNMATCHED = "unmatched";

export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const metrics = ctx.metrics;
  const access = ctx.config.metrics;
  if (!isEnabled(metrics) || !access) {
    app.get("/metrics", async () => {
      throw notFound();
    });
    return;
  }
  addPoolCollectors(metrics, ctx.database);
  // the route's pattern (/api/loads/:id), never the URL: no ids or query strings in labels
  app.addHook("onResponse", (req, reply, done) => {
    metrics.request(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const allowed = allowList(access.allow);
  app.get("/metrics", async (req, reply) => {
    checkAccess(req, access, allowed);
    await refreshJobFigures(metrics, ctx);
    reply.header("Cache-Control", "no-store");
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

function checkAccess(req: FastifyRequest, access: MetricsAccess, allowed: BlockList | undefined): void {
  if (allowed) {
    const family = isIP(req.ip);
    if (!family || !allowed.check(req.ip, family === 4 ? "ipv4" : "ipv6")) throw forbidden("Metrics are not served to this address");
  }
  if (access.token) {
    const token = bearerOf(req.headers.authorization);
    if (!token || !safeEqual(token, access.token)) {
      throw new AppError(401, "Metrics need the metrics token").withHeaders({ "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
  }
}

/** METRICS_ALLOW (addresses and CIDRs, checked by config.ts) as a set Node matches addresses against. */
function allowList(entries: string[] | undefined): BlockList | undefined {
  if (!entries) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
