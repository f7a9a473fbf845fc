// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every
// request (headers, raw body) and answers as the test says (a status, or never).
// Signatures are checked with the standardwebhooks package, never with our own code.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** the status it was answered with; null: not answered (held, or the sender went away) */
  answered: number | null;
}

export type Answer = number | "hang";

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** how the next requests are answered (default 200) */
  answer: (r: Received) => Answer;
  /** answer every held request now with `status` (a closed socket stays unanswered) */
  release(status?: number): void;
  waitFor(pred: (got: Received[]) => boolean, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(opts: { port?: number } = {}): Promise<Receiver> {
  const held: { res: ServerResponse; rec: Received }[] = [];
  const received: Received[] = [];
  const r: Receiver = {
    url: "",
    port: 0,
    received,
    answer: () => 200,
    release(status = 200) {
      for (const h of held.splice(0)) {
        if (h.res.destroyed || h.res.socket?.destroyed) continue;
        h.rec.answered = status;
        h.res.writeHead(status).end();
      }
    },
    async waitFor(pred, ms = 15_000) {
      const start = Date.now();
      while (!pred(received)) {
        if (Date.now() - start > ms) throw new Error(`receiver: not within ${ms} ms (got ${received.length})`);
        await new Promise((res) => setTimeout(res, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: Received = {
        id: String(req.headers["webhook-id"] ?? ""),
        timestamp: String(req.headers["webhook-timestamp"] ?? ""),
        signature: String(req.headers["webhook-signature"] ?? ""),
        body: Buffer.concat(chunks).toString("utf8"),
        answered: null,
      };
      received.push(rec);
      const a = r.answer(rec);
      if (a === "hang") {
        held.push({ res, rec });
        return;
      }
      rec.answered = a;
      res.writeHead(a).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}/hook`;
  return r;
}

/**
 * Is the signature valid? Computed by the standardwebhooks package (an independent
 * implementation) from the secret, id, timestamp and body the receiver got. Its
 * verify() also checks the timestamp against the real clock; tests on a simulated
 * clock use this, which checks the signature alone.
 */
export function signatureValid(secret: string, rec: Received): boolean {
  const expected = new Webhook(secret).sign(rec.id, new Date(Number(rec.timestamp) * 1000), rec.body);
  return rec.signature.split(" ").includes(expected);
}

/** The full Standard Webhooks verification (signature and a timestamp within 5 minutes of now). */
export function verifyStandard(secret: string, rec: Received): unknown {
  return new Webhook(secret).verify(rec.body, { "webhook-id": rec.id, "webhook-timestamp": rec.timestamp, "webhook-signature": rec.signature });
}
