// Real server processes for tests that need them (crash safety, shutdown, scale-out):
// `node --import tsx src/server/main.ts` with the given environment.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { Database } from "../src/server/db/client";
import { users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/lib/crypto";
import { PASSWORD } from "./factories";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/root", LOG_LEVEL: "info", ...env, PORT: String(p), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${p}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - start > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in 60 s: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, port: p, child, output: () => out, exited, kill: (s = "SIGTERM") => child.kill(s) };
}

/**
 * People for a server process to sign in as over HTTP (`httpLogin` with the factories'
 * PASSWORD): staff ops@example.com with the given role, and four approved carriers
 * c0…c3@example.com.
 */
export async function seedStaffAndCarriers(database: Database, staffRole: Pick<typeof users.$inferInsert, "role" | "isAdmin">) {
  const hash = await hashPassword(PASSWORD);
  const [staff] = await database.db
    .insert(users)
    .values({ email: "ops@example.com", password: hash, name: "Ops", ...staffRole, isApproved: true })
    .returning();
  const carriers = await database.db
    .insert(users)
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        email: `c${i}@example.com`,
        password: hash,
        name: `Carrier ${i}`,
        carrierName: `Haulage ${i} Ltd`,
        contactNumber: "+44 7700 900123",
        isApproved: true,
      })),
    )
    .returning();
  return { staff, carriers };
}

/** Sign in over HTTP; returns the Cookie header value. */
export async function httpLogin(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

export async function http(url: string, method: string, path: string, cookie?: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
