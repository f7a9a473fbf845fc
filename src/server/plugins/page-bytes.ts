// A list page many callers share, kept as bytes (the available-loads page for a
// filter is built once per version and kept compressed). loads/load-list.ts
// BoardList holds the board's per loads version, users/users-page-cache.ts the Users
// tab's; a page's br and gzip forms are made the first time a client asks for them
// and kept beside it, so after a change thousands of identical requests cost one
// build and one compression each, and then a write of bytes already made. It is
// HTTP work on the encodings of compression.ts, so it lives beside it.
import type { FastifyReply, FastifyRequest } from "fastify";
import { BEST, COMPRESS_MIN_BYTES, compress, negotiateEncoding, varyOnEncoding, type Encoding } from "./compression";

export class PageBytes {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  constructor(readonly raw: Buffer) {}

  /** The page compressed (best settings: it is made once and sent many times). */
  encodedAs(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compress(this.raw, encoding, BEST);
      this.encoded.set(encoding, body);
      // a failure (out of memory) is not remembered
      body.catch(() => this.encoded.delete(encoding));
    }
    return body;
  }
}

/**
 * Send a list body: a shared page as its kept bytes in the encoding the client
 * accepts (Content-Encoding, Vary: Accept-Encoding; the ETag set by the caller is
 * the page's whatever the encoding); any other body as JSON text, which the
 * compression hook (plugins/compression.ts) compresses if it is over 1 KB.
 */
export async function sendListBody(req: FastifyRequest, reply: FastifyReply, body: PageBytes | string): Promise<FastifyReply> {
  reply.type("application/json; charset=utf-8");
  if (!(body instanceof PageBytes)) return reply.send(body);
  if (body.raw.length <= COMPRESS_MIN_BYTES) return reply.send(body.raw);
  varyOnEncoding(reply);
  const encoding = req.method === "HEAD" ? null : negotiateEncoding(req.headers["accept-encoding"]);
  if (!encoding) return reply.send(body.raw);
  const bytes = await body.encodedAs(encoding);
  reply.header("Content-Encoding", encoding);
  return reply.send(bytes);
}

/** Does an If-None-Match header (possibly a list, possibly weak) name this ETag? */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}
