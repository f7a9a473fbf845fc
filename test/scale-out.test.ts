// Scale-out proof: nginx balancing two server processes on one PostgreSQL.
// Sign in on one, continue on the other; race accepts across both; the email
// schedule's slot is claimed once. PostgreSQL-only: skips (and the skip report says
// so) when TEST_DATABASE_URL is unset. nginx is installed by `npm test`
// (scripts/system-deps.mjs); without it the case fails rather than skip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createTestDatabase, eventually, startSmtpSink, type SmtpSink, type TestDatabase } from "./helpers";
import { freePort, http, httpLogin, startServerProcess, type ServerProcess } from "./process";
import { NO_POSTGRES, skipWhen } from "./skips";
import { hashPassword } from "../src/server/lib/crypto";
import { loads, users } from "../src/server/db/schema";
import { queryRows } from "../src/server/db/client";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const PG = process.env.TEST_DATABASE_URL;
const PASSWORD = "Secret1!pass";

/** The Monday after the test day, 09:30 in London: a weekday slot is due at 09:00. */
function nextMondayLondon(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  const month = d.getUTCMonth();
  // 09:30 London is 08:30Z in summer time (April–October), 09:30Z in winter
  const hourZ = month >= 3 && month <= 9 ? 8 : 9;
  return new Date(Date.UTC(d.getUTCFullYear(), month, d.getUTCDate(), hourZ, 30)).toISOString();
}

describe("two processes behind nginx on one PostgreSQL", skipWhen(!PG, NO_POSTGRES), () => {
  // the processes' clock; loads are picked up later that day, so none has expired (contract: expiry)
  const NOW = nextMondayLondon();
  const laterThatDay = () => new Date(Date.parse(NOW) + 5 * 3600_000);
  let t: TestDatabase;
  let sink: SmtpSink;
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: string;
  let prefix: string;
  const carriers: { id: string; email: string }[] = [];

  beforeAll(async () => {
    if (!NGINX) throw new Error("nginx is not installed: `npm test` installs it when run as root (scripts/system-deps.mjs), else `apt-get install nginx`");
    t = await createTestDatabase("postgres");
    sink = await startSmtpSink();
    const hash = await hashPassword(PASSWORD);
    await t.database.db.insert(users).values({ email: "ops@example.com", password: hash, name: "Ops", role: "admin", isAdmin: true, isApproved: true });
    for (let i = 0; i < 20; i++) {
      const [u] = await t.database.db
        .insert(users)
        .values({ email: `c${i}@example.com`, password: hash, name: `Carrier ${i}`, carrierName: `Haulage ${i}`, contactNumber: "+44 7700 900123", isApproved: true })
        .returning();
      carriers.push(u);
    }
    // something to mail: the schedule sends the list of available loads
    await t.database.db.insert(loads).values({ loadNumber: "FN-2026-800", pickupCity: "York", deliveryCity: "Derby", price: 650, distance: 90, pickupDate: laterThatDay() });
    await t.database.db.execute(
      sql`insert into email_schedule_settings (enabled, frequency, time, days_of_week) values (true, 'daily', '09:00', '{}')`,
    );

    const nginxPort = await freePort();
    lb = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: t.databaseUrl!,
      DATA_DIR: t.dataDir,
      TRUST_PROXY: "1",
      PUBLIC_URL: lb,
      SMTP_URL: sink.url,
      NODE_ENV: "test",
      TEST_NOW: NOW,
      LOG_LEVEL: "warn",
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);

    prefix = join(t.dataDir, "nginx");
    mkdirSync(join(prefix, "logs"), { recursive: true });
    mkdirSync(join(prefix, "tmp"), { recursive: true });
    writeFileSync(
      join(prefix, "nginx.conf"),
      `worker_processes 1;
pid logs/nginx.pid;
error_log logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path tmp/body; proxy_temp_path tmp/proxy; fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;
  client_max_body_size 11m;
  upstream app { server 127.0.0.1:${a.port}; server 127.0.0.1:${b.port}; }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_buffering off;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
    execFileSync(NGINX, ["-p", prefix, "-c", "nginx.conf", "-e", "logs/error.log"]);
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${lb}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 120_000);

  afterAll(async () => {
    const pidFile = join(prefix ?? "", "logs", "nginx.pid");
    if (prefix && existsSync(pidFile)) spawnSync("kill", ["-QUIT", readFileSync(pidFile, "utf8").trim()]);
    a?.kill("SIGTERM");
    b?.kill("SIGTERM");
    await Promise.all([a?.exited, b?.exited]);
    await sink?.close();
    await t?.drop();
  });

  it("a session made on one process works on the other and through the balancer", async () => {
    const cookie = await httpLogin(a.url, "c0@example.com", PASSWORD);
    expect((await http(b.url, "GET", "/api/auth/user", cookie)).json.email).toBe("c0@example.com");
    for (let i = 0; i < 4; i++) expect((await http(lb, "GET", "/api/auth/user", cookie)).status).toBe(200);
    // signing out on one ends the session on both: the other's session cache hears
    // of it by NOTIFY, within a second at most (plugins/session-cache.ts)
    expect((await http(b.url, "POST", "/api/logout", cookie)).status).toBe(200);
    expect(await eventually(async () => (await http(a.url, "GET", "/api/auth/user", cookie)).status === 401)).toBeLessThan(1000);
  });

  it("exactly one of twenty accepts raced across both processes wins", async () => {
    const [load] = await t.database.db
      .insert(loads)
      .values({ loadNumber: "FN-2026-900", pickupCity: "Leeds", deliveryCity: "Hull", price: 800, distance: 60, pickupDate: laterThatDay() })
      .returning();
    const cookies = await Promise.all(carriers.map((c) => httpLogin(lb, c.email, PASSWORD)));
    const results = await Promise.all(
      cookies.map((cookie, i) => http(i % 2 ? a.url : b.url, "PATCH", `/api/loads/${load.id}/accept`, cookie, { userId: carriers[i].id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // a race's losers: 409 if the load was still on their board when they asked, 404 once
    // another company held it (docs/decisions/0005-accept-not-found.md)
    expect(results.filter((r) => r.status === 409 || r.status === 404)).toHaveLength(19);
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from loads where id = ${load.id}`);
    expect(row.status).toBe("accepted");
  });

  it("the schedule's slot is sent once although both processes tick", async () => {
    // both processes ticked at start, with the clock at a Monday 09:30: the 09:00 slot was due
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && sink.messages.length < carriers.length) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1500)); // a second batch would have arrived by now
    const toCarriers = sink.messages.filter((m) => /c\d+@example\.com/.test(m.to ? JSON.stringify(m.to) : ""));
    expect(toCarriers).toHaveLength(carriers.length);
    const [s] = await queryRows<{ last_sent_at: Date | null }>(t.database.db, sql`select last_sent_at from email_schedule_settings`);
    expect(s.last_sent_at).not.toBeNull();
  });
});
