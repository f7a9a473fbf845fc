// The two trees of the notifier scenario (bench/notifier.ts): a commit checked out in a
// temporary git worktree (sharing this tree's node_modules) or this tree itself, each
// with its own PostgreSQL database, and its server started as production starts it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../src/server/db/client";
import { seedCarriers, seedLoads, seedSessions, seedStaff } from "./seed";
import type { ScenarioDeps } from "./common";

export type Deps = Pick<ScenarioDeps, "pgUrl" | "pgAvailable" | "workDir" | "root" | "password" | "log">;
const ADMIN_EMAIL = "bench-notifier-admin@example.com";

export interface Tree {
  name: "before" | "after";
  root: string;
  /** the commit, "+ uncommitted" when the bench's own tree has changes */
  rev: string;
  databaseUrl: string;
  dataDir: string;
  streamCookies: string[];
  staffCookies: string[];
  bidderCookies: string[];
  removeWorktree?: () => void;
}

export const git = (root: string, args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** A checkout of `rev` in a temporary worktree, sharing this tree's node_modules. */
export function worktree(root: string, rev: string): { dir: string; sha: string; remove: () => void } {
  const sha = git(root, ["rev-parse", "--short", rev]);
  const dir = join(tmpdir(), `bench-notifier-${sha}`);
  const remove = () => {
    try {
      git(root, ["worktree", "remove", "--force", dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(root, ["worktree", "prune"]);
    }
  };
  if (existsSync(dir)) remove();
  git(root, ["worktree", "add", "--quiet", "--detach", dir, sha]);
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  return { dir, sha, remove };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The tree's server as a child process, as production starts it; resolves once /api/health answers. */
export async function startServer(tree: Tree, password: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: tree.root,
    env: {
      ...process.env,
      DATABASE_URL: tree.databaseUrl,
      DATA_DIR: tree.dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_EMAIL,
      ADMIN_PASSWORD: password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const start = Date.now();
  while (Date.now() - start < 90_000) {
    if (child.exitCode !== null) throw new Error(`${tree.name} server exited: ${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${tree.name} server did not start in 90 s: ${out}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** Its own database, migrated by the tree's own server start, then the people and loads of the scenario. */
export async function prepareTree(tree: Tree, deps: Deps, size: { streams: number; writers: number; loads: number }): Promise<void> {
  const name = `bench_notifier_${tree.name}`;
  const admin = new pg.Client({ connectionString: deps.pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(deps.pgUrl);
  u.pathname = `/${name}`;
  tree.databaseUrl = u.toString();
  tree.dataDir = join(deps.workDir, `notifier-${tree.name}`);
  rmSync(tree.dataDir, { recursive: true, force: true });
  mkdirSync(tree.dataDir, { recursive: true });
  const server = await startServer(tree, deps.password);
  await stopServer(server.child);
  const database = await openDatabase({ dataDir: tree.dataDir, databaseUrl: tree.databaseUrl, timeouts: { replyMs: 120_000, statementMs: 120_000 } });
  try {
    await seedLoads(database, 0, size.loads);
    // the streams' carriers, then the bidders (bench-<n>@example.com, numbered on)
    const carriers = await seedCarriers(database, size.streams + size.writers, deps.password);
    const cookies = await seedSessions(database, carriers);
    tree.streamCookies = cookies.slice(0, size.streams);
    tree.bidderCookies = cookies.slice(size.streams);
    tree.staffCookies = await seedSessions(database, await seedStaff(database, size.writers, deps.password));
  } finally {
    await database.close();
  }
}
