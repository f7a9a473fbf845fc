// Logs: human-readable lines when stdout is a terminal, one JSON object a
// line otherwise (for a log shipper). One line per request, written when the answer
// has gone: at info, except health checks and the web app's files, which are at
// debug so that a balancer's probe and a page load do not bury the API's lines.
// No cookie, authorization header, token or secret is ever written.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

export interface LogOptions {
  level: string;
  /** where lines go (tests read them); default stdout */
  stream?: NodeJS.WritableStream;
  /** human-readable lines; default: when stdout is a terminal and no stream is given */
  pretty?: boolean;
}

export async function loggerOptions(opts: LogOptions): Promise<FastifyServerOptions["logger"]> {
  if (opts.level === "silent") return false;
  const pretty = opts.pretty ?? (!opts.stream && process.stdout.isTTY === true);
  const stream = pretty ? await prettyStream(opts.stream) : opts.stream;
  return {
    level: opts.level,
    ...(stream ? { stream } : {}),
    // request lines carry no headers; this keeps any other line that logs a request honest
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  };
}

/** pino-pretty, loaded only on a terminal so a production process never pays for it */
async function prettyStream(destination?: NodeJS.WritableStream): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    destination: destination ?? 1,
    sync: true, // the lines just before an exit are not lost
    colorize: !destination && pretty.isColorSupported,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,reqId,method,url,statusCode,responseTime,ip",
    // 12:04:31.207 INFO: [req-7] GET /api/loads?status=available 200 4.1 ms
    messageFormat: (log, messageKey) => {
      const id = log.reqId ? `[${String(log.reqId)}] ` : "";
      if (log.method && log.statusCode !== undefined) {
        return `${id}${String(log.method)} ${String(log.url)} ${String(log.statusCode)} ${String(log.responseTime)} ms`;
      }
      return `${id}${String(log[messageKey] ?? "")}`;
    },
  });
}

/**
 * Fastify's own request logging, replaced: nothing when a request arrives (Fastify
 * writes "incoming request" and "request completed", two lines a request), one line
 * when it is answered.
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const level = error ? "error" : requestLogLevel(req.method, req.url, reply.statusCode);
    // below the configured level (LOG_LEVEL=warn): no line is built for nothing
    if (!levelEnabled(reply.log.level, level)) return;
    const line = {
      method: req.method,
      url: loggedUrl(req),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: req.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log[level as "info" | "debug"](line, "request completed");
  }
}

/** pino's level numbers: a line is written when its level is at least the logger's */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
function levelEnabled(loggerLevel: string | undefined, level: string): boolean {
  const min = loggerLevel === undefined ? undefined : LEVELS[loggerLevel];
  return min === undefined || LEVELS[level] >= min;
}

export function requestLogController(): LogController {
  return new RequestLogController();
}

/**
 * debug for the health checks and for the web app's files (any GET outside /api and
 * /objects: index.html, /assets/*, the app's own routes); info for the API and for
 * paperwork downloads. A 5xx is never quiet.
 */
export function requestLogLevel(method: string, url: string, statusCode: number): "info" | "debug" {
  if (statusCode >= 500) return "info";
  const path = url.split("?", 1)[0];
  if (path === "/api/health" || path.startsWith("/api/health/")) return "debug"; // and /api/health/live
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/objects/")) return "info";
  return method === "GET" || method === "HEAD" ? "debug" : "info";
}

// names that say "secret"; not `key` alone in a path (/objects/:key names a file, access is by session)
const SECRET_PARAM = /token|secret|password|signature|credential/i;
const SECRET_QUERY = /token|secret|password|signature|credential|api[-_]?key|^key$|^code$|^sig$|^auth/i;

/**
 * The URL as logged: a path parameter or query value whose name says it is secret
 * (an upload token, a reset token in a link) is replaced, the rest is kept.
 */
export function loggedUrl(req: Pick<FastifyRequest, "url" | "params">): string {
  const at = req.url.indexOf("?");
  let path = at < 0 ? req.url : req.url.slice(0, at);
  const query = at < 0 ? undefined : req.url.slice(at + 1);
  const params = (req.params ?? {}) as Record<string, unknown>;
  const secrets = Object.entries(params)
    .filter(([name, value]) => SECRET_PARAM.test(name) && typeof value === "string" && value !== "")
    .map(([, value]) => value as string);
  if (secrets.length > 0) {
    path = path
      .split("/")
      .map((segment) => (secrets.includes(decode(segment, false)) ? "[redacted]" : segment))
      .join("/");
  }
  if (query === undefined) return path;
  const cleaned = query
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0];
      return SECRET_QUERY.test(decode(name, true)) && pair.includes("=") ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${cleaned}`;
}

function decode(text: string, plusIsSpace: boolean): string {
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, " ") : text);
  } catch {
    return text;
  }
}
