// What GET /metrics reports, as a Prometheus registry (prom-client). Off unless
// METRICS_TOKEN or METRICS_ALLOW is set: then `ctx.metrics` is a no-op with the same
// face, so other modules call it unconditionally and pay nothing.
//
// Modules above this layer report through `ctx.metrics` (this layer never imports them):
// the live module sets `openStreams` to a function counting its open streams (called at
// scrape time) and calls `eventLag.observe(seconds)` as it writes each event to a stream.
import { Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Config } from "../config";

export interface Metrics {
  readonly enabled: boolean;
  /** how many live streams are open now; set by the module that holds them, read at each scrape */
  openStreams?: () => number;
  /** seconds from an event's commit to its being written to a stream */
  readonly eventLag: { observe(seconds: number): void };
}

/** The enabled registry and the figures the HTTP hooks and the scrape fill in. */
export interface EnabledMetrics extends Metrics {
  readonly enabled: true;
  readonly registry: Registry;
  /** one finished request: its method, route pattern (never the raw URL), status and seconds taken */
  request(method: string, route: string, status: number, seconds: number): void;
  readonly jobs: { waiting: Gauge; oldestWaiting: Gauge; retrying: Gauge; failed: Gauge };
  readonly databaseUp: Gauge;
}

const NO_LAG = Object.freeze({ observe() {} });

/** Request latencies: a board page answers in milliseconds, an export in seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(config: Pick<Config, "metrics">): Metrics {
  // a fresh object, not frozen: the live module sets `openStreams` on it either way
  if (!config.metrics) return { enabled: false, eventLag: NO_LAG };
  const registry = new Registry();
  const registers = [registry];
  // process memory, CPU, handles, GC and event-loop delay (nodejs_eventloop_lag_*)
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: "loadboard_http_request_duration_seconds",
    // its _count is the request count: no separate counter, one update a request
    help: "HTTP requests answered and the time from arrival to answer sent, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  // one label child per method, route and status, made once
  const children = new Map<string, Histogram.Internal<string>>();

  const metrics: EnabledMetrics = {
    enabled: true,
    registry,
    openStreams: undefined,
    eventLag: new Histogram({
      name: "loadboard_live_event_lag_seconds",
      help: "Seconds from an event's commit to its being sent on a live stream",
      buckets: LAG_BUCKETS,
      registers,
    }),
    request(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = durations.labels({ method, route, status: String(status) });
        children.set(key, child);
      }
      child.observe(seconds);
    },
    jobs: {
      waiting: jobGauge("loadboard_jobs_waiting", "Jobs not yet done (pending or running), by kind: the outbox's depth", registers),
      oldestWaiting: jobGauge("loadboard_jobs_oldest_waiting_seconds", "Age of the oldest job not yet done, by kind (0: none)", registers),
      retrying: jobGauge("loadboard_jobs_retrying", "Jobs whose last attempt failed and that wait for a retry, by kind (mail, webhook, …)", registers),
      failed: jobGauge("loadboard_jobs_failed", "Jobs that failed for good (retries given up), by kind (mail, webhook, …)", registers),
    },
    databaseUp: new Gauge({
      name: "loadboard_database_up",
      help: "1 when the database answered this scrape's job query, 0 when it did not (the job figures are then absent)",
      registers,
    }),
  };
  new Gauge({
    name: "loadboard_live_open_streams",
    help: "Live update streams open on this process",
    registers,
    collect() {
      this.set(metrics.openStreams?.() ?? 0);
    },
  });
  return metrics;
}

function jobGauge(name: string, help: string, registers: Registry[]): Gauge {
  return new Gauge({ name, help, labelNames: ["kind"], registers });
}

export const isEnabled = (m: Metrics): m is EnabledMetrics => m.enabled;

declare module "../context" {
  interface AppContext {
    /** GET /metrics figures (metrics/); a no-op when metrics are off */
    metrics: Metrics;
  }
}
