// A TCP proxy between the app and PostgreSQL that fails on demand (for the fault
// suite). `pass` forwards; `reset` sends RST on every open connection and on every
// new one; `blackhole` accepts and never answers: open connections go silent both
// ways and stay silent for good (the app has to give up on them by its own
// timeouts), new ones are accepted and never reach the database.
import { connect, createServer, type Server, type Socket } from "node:net";

export type ProxyMode = "pass" | "reset" | "blackhole";

interface Pair {
  client: Socket;
  upstream?: Socket;
  silent: boolean;
}

export interface FaultProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  setMode(mode: ProxyMode): void;
  /** `databaseUrl` with its host and port replaced by the proxy's */
  url(databaseUrl: string): string;
  /** connections open now (forwarding or silent) */
  readonly open: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: ProxyMode = "pass";

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };
  const reset = (pair: Pair) => {
    pairs.delete(pair);
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    pair.upstream?.destroy();
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, silent: mode === "blackhole" };
    pairs.add(pair);
    client.on("error", () => drop(pair));
    client.on("close", () => drop(pair));
    if (mode === "reset") return reset(pair);
    if (pair.silent) {
      client.on("data", () => {}); // swallowed
      return;
    }
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => (pair.silent ? undefined : drop(pair)));
    upstream.on("close", () => (pair.silent ? undefined : drop(pair)));
    client.on("data", (d) => {
      if (!pair.silent) upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (!pair.silent) client.write(d);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    get mode() {
      return mode;
    },
    setMode(m) {
      mode = m;
      for (const pair of [...pairs]) {
        if (m === "reset") reset(pair);
        // silent for good: a black hole that lifts does not bring these back
        if (m === "blackhole") pair.silent = true;
      }
    },
    url(databaseUrl) {
      const u = new URL(databaseUrl);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    get open() {
      return pairs.size;
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** host and port of a postgres:// URL */
export function targetOf(databaseUrl: string): { host: string; port: number } {
  const u = new URL(databaseUrl);
  return { host: u.hostname || "127.0.0.1", port: Number(u.port || 5432) };
}
