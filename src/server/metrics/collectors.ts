// Figures read at scrape time rather than counted as they happen: the database
// pools, and the jobs table (the outbox of mail, webhooks and every other kind).
// The jobs figures come from the table, so every process reports the same
// cluster-wide numbers, whichever process sent or failed the jobs.
import { sql } from "drizzle-orm";
import { Gauge } from "prom-client";
import type { AppContext } from "../context";
import { queryRows } from "../db/client";
import type { EnabledMetrics } from "./metrics";

/** a scrape answers even when the database does not: the job figures are left out after this long */
const JOBS_QUERY_MS = 2_000;

/** Pool gauges, read from the database handle at each scrape. */
export function addPoolCollectors(metrics: EnabledMetrics, database: AppContext["database"]): void {
  const registers = [metrics.registry];
  const stats = () => database.poolStats?.() ?? [];
  new Gauge({
    name: "loadboard_db_pool_in_use",
    help: "Database connections lent out now, by pool (PGlite: its one connection)",
    labelNames: ["pool"],
    registers,
    collect() {
      for (const s of stats()) this.set({ pool: s.pool }, s.total - s.idle);
    },
  });
  new Gauge({
    name: "loadboard_db_pool_waiting",
    help: "Queries waiting for a database connection, by pool",
    labelNames: ["pool"],
    registers,
    collect() {
      for (const s of stats()) this.set({ pool: s.pool }, s.waiting);
    },
  });
}

interface JobFigures {
  kind: string;
  waiting: number;
  oldest_seconds: number | string | null;
  retrying: number;
  failed: number;
}

/**
 * Read the jobs figures into their gauges: one grouped query over the rows not
 * done (done rows, the bulk of the table, are never read). Kinds this process
 * knows report 0 when they have no such rows, so a rise shows from a known base.
 */
export async function refreshJobFigures(metrics: EnabledMetrics, ctx: Pick<AppContext, "db" | "jobs">): Promise<void> {
  const { waiting, oldestWaiting, retrying, failed } = metrics.jobs;
  for (const g of [waiting, oldestWaiting, retrying, failed]) g.reset();
  let rows: JobFigures[];
  try {
    rows = await withDeadline(
      queryRows<JobFigures>(
        ctx.db,
        sql`select kind,
              count(*) filter (where status in ('pending', 'running'))::int as waiting,
              extract(epoch from now() - min(created_at) filter (where status in ('pending', 'running'))) as oldest_seconds,
              count(*) filter (where status = 'pending' and last_error is not null)::int as retrying,
              count(*) filter (where status = 'failed')::int as failed
            from jobs where status in ('pending', 'running', 'failed') group by kind`,
      ),
      JOBS_QUERY_MS,
    );
  } catch {
    metrics.databaseUp.set(0);
    return;
  }
  metrics.databaseUp.set(1);
  for (const kind of ctx.jobs.names()) {
    for (const g of [waiting, oldestWaiting, retrying, failed]) g.set({ kind }, 0);
  }
  for (const r of rows) {
    const labels = { kind: r.kind };
    waiting.set(labels, Number(r.waiting));
    // now() is the time its statement's transaction began: never report a negative age
    oldestWaiting.set(labels, Math.max(0, Number(r.oldest_seconds ?? 0)));
    retrying.set(labels, Number(r.retrying));
    failed.set(labels, Number(r.failed));
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
