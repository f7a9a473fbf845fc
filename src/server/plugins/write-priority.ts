// Issue 19, "Writes never queue behind reads": every request that may write (any
// method but GET, HEAD, OPTIONS) runs as a writer (db/write-priority.ts), so its
// queries, its session lookup included, take the writers' pool on PostgreSQL and
// the front of the queue on PGlite. Set on onRequest (session and bearer hooks run
// inside it) and again on preHandler: a request body is read in the socket's own
// async context, which the hooks after parsing would otherwise continue in.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { asWriter } from "../db/write-priority";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

function mark(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (READS.has(req.method)) done();
  else asWriter(done);
}

/** Register before every hook that touches the database. */
export function registerWritePriority(app: FastifyInstance): void {
  app.addHook("onRequest", mark);
  app.addHook("preHandler", mark);
}
