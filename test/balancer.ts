// nginx in front of server processes, as a deployment runs several (the rolling
// restart test). Idempotent requests (GET, HEAD, PUT, DELETE) whose process refused
// the connection, broke it or answered 502/503 are passed to the next process;
// a POST is passed on only if it never reached one (nginx's default), so a POST cut
// off mid-way is answered 502 and its client retries with its Idempotency-Key.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./process";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

export interface Balancer {
  url: string;
  /** each answer's upstream is in this response header (which process served it) */
  upstreamHeader: "x-upstream";
  stop(): void;
}

/** Start nginx (prefix `dir`) balancing round-robin over the processes on `ports`. */
export async function startBalancer(dir: string, ports: number[]): Promise<Balancer> {
  if (!NGINX) throw new Error("nginx is not installed: `npm test` installs it when run as root (scripts/system-deps.mjs), else `apt-get install nginx`");
  const port = await freePort();
  mkdirSync(join(dir, "logs"), { recursive: true });
  mkdirSync(join(dir, "tmp"), { recursive: true });
  // a process that failed is tried again after 1 s (nginx's default is 10 s), so a restarted one soon gets its share
  const servers = ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join(" ");
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
pid logs/nginx.pid;
error_log logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path tmp/body; proxy_temp_path tmp/proxy; fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi; scgi_temp_path tmp/scgi;
  client_max_body_size 11m;
  upstream app { ${servers} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_buffering off;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  execFileSync(NGINX, ["-p", dir, "-c", "nginx.conf", "-e", "logs/error.log"]);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 50) throw new Error("nginx did not answer in 5 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    upstreamHeader: "x-upstream",
    stop() {
      const pidFile = join(dir, "logs", "nginx.pid");
      if (existsSync(pidFile)) spawnSync("kill", ["-QUIT", readFileSync(pidFile, "utf8").trim()]);
    },
  };
}
