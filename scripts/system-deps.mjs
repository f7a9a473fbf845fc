// The Debian packages the tests need, installed when missing, so `npm test`
// passes on a machine that has only Node and the Debian base.
//   chromium  the browser journeys (e2e/run.mjs); never `playwright install`
//   poppler-utils  pdftoppm: e2e/offline-pod.e2e.ts renders the stored POD PDF to a picture
//   nginx     the balancer in test/scale-out.test.ts
//   postgresql-client  pg_dump / pg_restore for the backup test, only when
//             TEST_DATABASE_URL is set (the PostgreSQL leg)
// As root it runs apt-get; otherwise it prints one line saying what to install
// and carries on (the tests that need a missing part then fail and say so).
// Usage: `node scripts/system-deps.mjs [part …]` (default: all), or import
// ensureSystemPackages() as e2e/run.mjs does.
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Debian package → how to tell it is there */
const PARTS = {
  chromium: () => existsSync("/usr/bin/chromium"),
  "poppler-utils": () => onPath("pdftoppm"),
  nginx: () => existsSync("/usr/sbin/nginx") || existsSync("/usr/bin/nginx"),
  "postgresql-client": () => !process.env.TEST_DATABASE_URL || onPath("pg_dump"),
};

function onPath(command) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** Installs the named packages that are missing; returns the ones still missing. */
export function ensureSystemPackages(names = Object.keys(PARTS)) {
  const missing = names.filter((name) => {
    const present = PARTS[name];
    if (!present) throw new Error(`system-deps: unknown part ${name} (known: ${Object.keys(PARTS).join(", ")})`);
    return !present();
  });
  if (missing.length === 0) return [];
  const list = missing.join(" ");
  if (process.platform !== "linux" || !onPath("apt-get")) {
    console.log(`system-deps: please install ${list} (no apt-get here); the tests that need it will fail without it`);
    return missing;
  }
  if (process.getuid?.() !== 0) {
    console.log(`system-deps: not root, so not installing; run: sudo apt-get install -y ${list}`);
    return missing;
  }
  console.log(`system-deps: installing ${list} (missing)…`);
  // wait for the package lock rather than fail when another apt-get is running
  const apt = "apt-get -o DPkg::Lock::Timeout=300";
  const r = spawnSync("sh", ["-c", `${apt} update -qq && DEBIAN_FRONTEND=noninteractive ${apt} install -y -qq ${list} >/dev/null`], {
    stdio: "inherit",
  });
  if (r.status !== 0) {
    console.error(`system-deps: apt-get could not install ${list} (exit ${r.status})`);
    process.exit(1);
  }
  return missing.filter((name) => !PARTS[name]());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureSystemPackages(process.argv.length > 2 ? process.argv.slice(2) : undefined);
}
