// JSON compression: JSON responses over 1 KB are compressed when the client
// accepts it (`br` or `gzip`). A board page is ~60 KB of
// JSON and ~3.5 KB gzipped, and a driver on a 4G phone pays for every byte.
//
// Our own onSend hook rather than a library: it touches only JSON bodies the
// handler has already built (a string or Buffer), so the live stream (hijacked,
// never reaches onSend), files and CSV/PDF streams and the pre-compressed static
// assets (@fastify/static preCompressed) pass through untouched; a handler that has
// its bytes compressed already (the shared board page, loads/board-page.ts) sets
// Content-Encoding itself and is left alone. Compression runs on libuv's thread
// pool (zlib's async calls), not on the event loop.
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

/** contract: "JSON responses over 1 KB" */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Per-request bodies: quick settings (brotli 4 and gzip 6 compress a 60 KB board
 * page to within a few per cent of their best in well under a millisecond).
 * Bodies kept and sent many times (the shared board page) use `BEST`.
 */
const FAST = { br: 4, gzip: 6 };
export const BEST = { br: 9, gzip: 9 };

export function compress(body: Buffer | string, encoding: Encoding, level: { br: number; gzip: number } = FAST): Promise<Buffer> {
  const buf = typeof body === "string" ? Buffer.from(body) : body;
  if (encoding === "br") {
    return brotli(buf, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: level.br, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: buf.length },
    });
  }
  return gz(buf, { level: level.gzip });
}

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3):
 * br before gzip when both are acceptable; `q=0` refuses one; `*` stands for any
 * not named. Nothing acceptable, or no header: null (identity).
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: Encoding) => (q.get(enc) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/** Add Accept-Encoding to Vary (a cache must not hand a br body to a client that did not ask for it). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  const list = typeof vary === "string" ? vary : Array.isArray(vary) ? vary.join(", ") : "";
  if (list.split(",").some((v) => v.trim().toLowerCase() === "accept-encoding" || v.trim() === "*")) return;
  reply.header("Vary", list ? `${list}, Accept-Encoding` : "Accept-Encoding");
}

function isJson(type: unknown): boolean {
  return typeof type === "string" && /^application\/([\w.+-]*\+)?json\b/i.test(type);
}

/** Register after every plugin whose onSend reads the body as sent by the handler (idempotency keeps it). */
export function registerCompression(app: FastifyInstance): void {
  // a callback hook: most answers (304s, pages sent as kept bytes) pass at once, with no promise
  app.addHook("onSend", (req, reply, payload, done) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 304) return done(null, payload);
    if (reply.hasHeader("content-encoding") || !isJson(reply.getHeader("content-type"))) return done(null, payload);
    const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (size <= COMPRESS_MIN_BYTES) return done(null, payload);
    varyOnEncoding(reply);
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    if (!encoding || req.method === "HEAD") return done(null, payload);
    compress(payload, encoding).then((body) => {
      reply.header("Content-Encoding", encoding);
      reply.removeHeader("content-length");
      done(null, body);
    }, done);
  });
}
