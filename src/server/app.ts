// buildApp(): the whole HTTP application, never listening.
// Tests call app.inject() on it; main.ts is the only file that opens a port.
import type { ServerResponse } from "node:http";
import { existsSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { fastifyTrustProxy, type Config } from "./config";
import type { Database } from "./db/client";
import { systemClock, type AppContext, type Clock } from "./context";
import { createMailer, type Mailer } from "./mail/mailer";
import { createJobRegistry } from "./modules/jobs/job-registry";
import { createObjectAccessRegistry } from "./modules/objects/object-access";
import { createLoadDetailParts } from "./modules/loads/load-detail-parts";
import { diskFloorOf, LOW_DISK_HEALTH } from "./modules/objects/disk-floor";
import { installTransactionHooks } from "./db/transaction-hooks";
import { createEventBus } from "./events/event-bus";
import { createMetrics } from "./metrics/metrics";
import { registerMetrics } from "./metrics/metrics.routes";
import { createLoadsVersionCache } from "./modules/loads/loads-version";
import { frameworkErrors, registerErrorHandler } from "./plugins/errors";
import { DATABASE_FULL_HEALTH, watchDatabaseFull } from "./plugins/database-full";
import { loggerOptions, requestLogController } from "./plugins/logging";
import { registerSecurity } from "./plugins/security";
import { createSessionCache } from "./plugins/session-cache";
import { registerIdempotency } from "./plugins/idempotency";
import { registerCompression } from "./plugins/compression";
import { registerWritePriority } from "./plugins/write-priority";
import { registerSessions, SESSION_COOKIE } from "./plugins/session";
import { boardPreloadLink } from "./plugins/web-preload";
import { loadBoardShellPage, loadSignInPage, PRODUCT_NAME_PLACEHOLDER } from "./plugins/sign-in-page";
import { firstScreenBundlePath, loadBoardFirstScreen } from "./plugins/board-first-screen";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { registerUsersRoutes } from "./modules/users/users.routes";
import { registerLoadsRoutes } from "./modules/loads/loads.routes";
import { registerBidsRoutes } from "./modules/bids/bids.routes";
import { registerPodRoutes } from "./modules/pod/pod.routes";
import { registerObjectsRoutes } from "./modules/objects/objects.routes";
import { registerDistanceRoutes } from "./modules/distance/distance.routes";
import { registerMailRoutes } from "./mail/mail.routes";
import { registerAvailableLoadsEmailRoutes } from "./modules/available-loads-email/available-loads-email.routes";
import { registerGuideRoutes } from "./modules/guide/guide.routes";
import { registerStatsRoutes } from "./modules/stats/stats.routes";
import { registerLiveRoutes } from "./modules/live/live.routes";
import { registerSavedSearchesRoutes } from "./modules/saved-searches/saved-searches.routes";
import { registerNotificationsRoutes } from "./modules/notifications/notifications.routes";
import { registerExportsRoutes } from "./modules/exports/exports.routes";
import { registerCompaniesRoutes } from "./modules/companies/companies.routes";
import { registerRatesRoutes } from "./modules/rates/rates.routes";
import { registerInvoicesRoutes } from "./modules/invoices/invoices.routes";
import { registerInsightRoutes } from "./modules/insight/insight.routes";
import { registerDocumentsRoutes } from "./modules/companies/documents.routes";
import { registerComplianceRoutes } from "./modules/companies/compliance.routes";
import { registerRegistrationRoutes } from "./modules/registration/registration.routes";
import { registerPwaRoutes } from "./modules/pwa/pwa.routes";
import { registerWebhooksRoutes } from "./modules/integrations/webhooks/webhooks.routes";
import { registerApiTokensRoutes, registerBearerAuth } from "./modules/integrations/tokens/api-tokens.routes";
import { registerOpenApiRoutes } from "./modules/integrations/openapi/openapi.routes";
import { registerLoadImportRoutes } from "./modules/integrations/import/load-import.routes";
import { registerStopsRoutes } from "./modules/claims/stops.routes";
import { registerMessagesRoutes } from "./modules/messages/messages.routes";
import { registerClaimsRoutes } from "./modules/claims/claims.routes";
import { registerScorecardsRoutes } from "./modules/scorecards/scorecards.routes";
import { registerTrucksRoutes } from "./modules/trucks/trucks.routes";

export { WEB_DIST } from "./lib/paths";
import { PACKAGE_ROOT, WEB_DIST } from "./lib/paths";
import { createExportRegistry } from "./modules/exports/export-registry";

export interface BuildOptions {
  config: Config;
  database: Database;
  mail?: Mailer;
  clock?: Clock;
  /** serve the built web app from dist/web (default: when it exists) */
  serveWeb?: boolean;
  /** where logs go (default stdout); tests read them to prove no secret is logged */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance & { ctx: AppContext };

/** how long /api/health waits for the database before it says 503 */
const HEALTH_PING_MS = 1_500;

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    // pretty on a terminal, JSON otherwise; one line a request (plugins/logging.ts)
    logger: await loggerOptions({ level: config.logLevel, stream: opts.logStream }),
    logController: requestLogController(),
    // only the proxies configured, never every hop (a client can forge X-Forwarded-For)
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    // A client must send its whole request within 5 minutes (a 10 MB POD upload on a
    // slow mobile link fits; a trickling client does not hold a socket for ever).
    // Node applies it to receiving the request only: a long answer such as the live
    // stream (/api/live) is not cut. Handlers themselves are bounded by the
    // database's timeouts (db/client.ts DB_TIMEOUTS).
    requestTimeout: 300_000,
    // path ids are UUIDs; a longer param is refused cheaply
    routerOptions: { maxParamLength: 200 },
    // a path with bad percent-encoding (/api/loads/%ff): 400 in the contract's shape
    frameworkErrors,
    // graceful shutdown drains requests itself (trackInFlight below)
    forceCloseConnections: false,
    return503OnClosing: false,
  }) as unknown as App;

  // transactions carry before- and after-commit hooks: the event log and its reactions ride on them
  installTransactionHooks(database.db);
  const ctx = {
    config,
    database,
    db: database.db,
    // called by the outbox worker only; each attempt is recorded in email_log by the mail job
    mail: opts.mail ?? createMailer(config),
    jobs: createJobRegistry(),
    objectAccess: createObjectAccessRegistry(),
    loadDetailParts: createLoadDetailParts(),
    exports: createExportRegistry(),
    clock: opts.clock ?? systemClock,
    metrics: createMetrics(config),
    loadsVersion: await createLoadsVersionCache(database),
    sessions: await createSessionCache(database),
  } as Omit<AppContext, "events"> as AppContext;
  // the domain events every module publishes to and subscribes from (each module's register function)
  ctx.events = createEventBus(ctx);
  // any write answered by this process may have changed a load, ended a session or
  // changed an account: do not wait for its notice
  app.addHook("onSend", async (req, _reply, payload) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      ctx.loadsVersion.invalidate();
      ctx.sessions.clear();
    }
    return payload;
  });
  app.addHook("onClose", async () => {
    await Promise.all([ctx.loadsVersion.close(), ctx.sessions.close()]);
  });
  app.decorate("ctx", ctx);
  // first, so that a request's time includes every hook (GET /metrics; nothing at all when off)
  registerMetrics(app, ctx);

  const shutdown = trackInFlight(app);
  // the first hook on close: stop taking connections before any stream is told to
  // reconnect, so that none reconnects to this process (a balancer sends it to another)
  app.addHook("preClose", shutdown.stopAccepting);
  // first of the hooks: a writing request's queries go ahead of reads
  registerWritePriority(app, config.writePoolSize > 0 ? undefined : Infinity);

  await app.register(cookie);
  const databaseFull = watchDatabaseFull(app, ctx.clock);
  registerErrorHandler(app, databaseFull);
  registerSecurity(app, config);
  registerSessions(app, ctx);
  // API tokens: after the cookie, which it overrides
  registerBearerAuth(app, ctx);
  registerIdempotency(app, ctx);
  // after idempotency: it keeps the body the handler built, not the compressed bytes
  registerCompression(app);

  // Readiness: answers within 2 s whatever the database does (contract: 503 within
  // 3 s when it is not answering, 200 again once it answers). Uploads refused for
  // a disk below its floor (modules/objects/disk-floor.ts) leave it 200, with
  // `uploads` saying so; the field is absent while uploads are taken. A database
  // whose disk is full still answers reads: 200 too, with `database: "full"`
  // (plugins/database-full.ts), absent while writes go through.
  app.get("/api/health", async (_req, reply) => {
    const ok = await database.ping(HEALTH_PING_MS);
    if (!ok) return reply.status(503).header("Retry-After", "5").send({ status: "unavailable" });
    return {
      status: "ok",
      ...(databaseFull.full() ? { database: DATABASE_FULL_HEALTH } : {}),
      ...((await diskFloorOf(ctx).refusing()) ? { uploads: LOW_DISK_HEALTH } : {}),
    };
  });
  // Liveness: the process answers; never touches the database (a supervisor restarts
  // a process that fails this, not one whose database is down).
  app.get("/api/health/live", async () => ({ status: "ok" }));

  // What the signed-out pages need to show (the heading, the registration document step).
  app.get("/api/public-config", async (_req, reply) => {
    reply.header("Cache-Control", "public, max-age=300");
    return { productName: config.productName, newUserMailbox: config.newUserMailbox };
  });

  for (const register of [
    registerAuthRoutes,
    registerUsersRoutes,
    registerLoadsRoutes,
    registerBidsRoutes,
    registerPodRoutes,
    registerObjectsRoutes,
    registerDistanceRoutes,
    registerMailRoutes,
    registerAvailableLoadsEmailRoutes,
    registerGuideRoutes,
    registerStatsRoutes,
    registerLiveRoutes,
    registerSavedSearchesRoutes,
    registerNotificationsRoutes,
    registerExportsRoutes,
    registerCompaniesRoutes,
    registerRatesRoutes,
    registerInvoicesRoutes,
    registerInsightRoutes,
    registerDocumentsRoutes,
    registerComplianceRoutes,
    registerRegistrationRoutes,
    registerPwaRoutes,
    registerWebhooksRoutes,
    registerApiTokensRoutes,
    registerOpenApiRoutes,
    registerLoadImportRoutes,
    registerClaimsRoutes,
    registerStopsRoutes,
    registerMessagesRoutes,
    registerScorecardsRoutes,
    registerTrucksRoutes,
  ]) {
    await register(app, ctx);
  }

  const serveWeb = opts.serveWeb ?? existsSync(WEB_DIST);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      preCompressed: true,
      // the sign-in page's build output has a placeholder for the product name: it is sent
      // only by plugins/sign-in-page.ts (for / and /login), never as the file itself
      allowedPath: (path) => path !== "/login.html" && path !== "/board.html",
      index: false,
      setHeaders(res, path) {
        // hashed assets never change; index.html always revalidates
        if (path.includes("/assets/")) res.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    });
    // Any path that is not an API call or a file gets the app: the app shows
    // the login page or the 404 page.
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith("/api/") || req.url === "/api" || req.method !== "GET") {
        return reply.status(404).send({ error: "Not found" });
      }
      reply.header("Cache-Control", "no-cache");
      return reply.sendFile("index.html");
    });
    const boardPreload = boardPreloadLink(WEB_DIST);
    // signed out (no session cookie), / and /login are the prerendered sign-in page
    const signInPage = loadSignInPage(WEB_DIST, config.productName);
    // signed in, / is index.html with the board's header and heading already drawn (a faster first paint)
    const boardShell = loadBoardShellPage(WEB_DIST, config.productName);
    // signed in at / itself: the board drawn with the user's first page of loads (board-first-screen.ts)
    const boardFirstScreen = boardShell
      ? await loadBoardFirstScreen({ webDist: WEB_DIST, bundle: firstScreenBundlePath(PACKAGE_ROOT), productName: config.productName, placeholder: PRODUCT_NAME_PLACEHOLDER })
      : null;
    app.get("/", async (req, reply) => {
      if (signInPage && !req.cookies[SESSION_COOKIE]) return signInPage.send(req, reply);
      reply.header("Cache-Control", "no-cache");
      reply.header("Vary", "Cookie");
      if (boardFirstScreen && req.cookies[SESSION_COOKIE] && req.url === "/") {
        // the page carries the answers: only the board's scripts are worth preloading
        if (boardPreload) reply.header("Link", boardPreload.split(", ").filter((l) => l.includes("modulepreload")).join(", "));
        if (await boardFirstScreen.send(app, req, reply)) return reply;
      }
      if (boardPreload && req.cookies[SESSION_COOKIE]) reply.header("Link", boardPreload);
      if (boardShell && req.cookies[SESSION_COOKIE]) return boardShell.send(req, reply);
      return reply.sendFile("index.html");
    });
    app.get("/login", (req, reply) => {
      if (signInPage && !req.cookies[SESSION_COOKIE]) return signInPage.send(req, reply);
      reply.header("Cache-Control", "no-cache");
      reply.header("Vary", "Cookie");
      return reply.sendFile("index.html");
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: "Not found" }));
  }

  // last, so that hooks that end long-lived streams (live updates) run before it
  app.addHook("preClose", shutdown.drain);
  return app;
}

/**
 * Graceful shutdown, in two steps around the hooks that end long-lived streams.
 * stopAccepting: answer what still arrives (with Connection: close) until no answer
 * is being worked on and nothing new has come for 250 ms, then stop listening.
 * Closing at once would reset connections still waiting in the kernel's accept
 * queue. Open streams do not count (they have their headers and stay open until
 * their hook ends them), and it is only then that they are ended, so a stream told
 * to reconnect finds this port refusing and a balancer sends it to another process.
 * Behind a balancer the traffic never stops (it keeps sending a stopping process
 * work until its port refuses), so after 5 s it stops listening anyway.
 * drain: once the streams are ended, wait for what is still open to be answered,
 * then drop idle keep-alive sockets. Node's own server.close() would cut
 * connections whose requests had arrived but were not yet read.
 */
function trackInFlight(app: FastifyInstance): { stopAccepting: () => Promise<void>; drain: () => Promise<void> } {
  const open = new Set<ServerResponse>();
  let lastRequestAt = 0;
  let draining = false;
  let start = 0;
  app.server.on("request", (_req, res) => {
    open.add(res);
    lastRequestAt = Date.now();
    res.once("close", () => open.delete(res));
    if (draining) res.setHeader("Connection", "close");
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (draining) reply.header("Connection", "close");
    return payload;
  });
  const working = () => [...open].some((res) => !res.headersSent);
  const tick = () => new Promise((r) => setTimeout(r, 10));
  return {
    async stopAccepting() {
      draining = true;
      start = Date.now();
      if (!app.server.listening) return;
      while ((working() || Date.now() - lastRequestAt < 250) && Date.now() - start < 5_000) await tick();
      // the connections already open carry on; Fastify's own close after the hooks waits for them
      app.server.close();
    },
    async drain() {
      while (open.size > 0 && Date.now() - start < 8_000) await tick();
      app.server.closeIdleConnections();
    },
  };
}
