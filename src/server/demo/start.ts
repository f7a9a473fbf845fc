// `npm run demo`: the real server (main.ts) on its own database in ./data-demo,
// filled once with a realistic UK data set (seed.ts) and known demo accounts.
import { ConfigError, loadDemoConfig, type Config } from "../config";
import { main } from "../main";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from "./accounts";
import { seedDemo } from "./seed";

let config: Config;
try {
  config = loadDemoConfig({ adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_PASSWORD });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// Unless ADMIN_EMAIL/ADMIN_PASSWORD were set, the admin is the demo's own and signs in
// with the demo password: the demo's list of accounts says so, once.
const demoAdmin = config.adminEmail === DEMO_ADMIN_EMAIL && config.adminPassword === DEMO_PASSWORD;

main(config, {
  announceAdmin: !demoAdmin,
  async afterStart(app, url) {
    // one transaction: an interrupted first start leaves no half data set behind
    const result = await app.ctx.db.transaction((tx) => seedDemo({ db: tx, now: app.ctx.clock.now() }));
    console.log(
      result.seeded
        ? `  Demo data: ${result.loads} loads, carriers, bids, recorded stops, scorecards and a pending registration were added.`
        : "  Demo data: the database already has loads, so nothing was added.",
    );
    console.log(`  Open ${url} and sign in with one of the demo accounts (password for all: ${DEMO_PASSWORD}):`);
    for (const a of result.accounts) console.log(`    ${a.role.padEnd(8)} ${a.email.padEnd(22)} ${a.name}`);
    console.log("");
  },
}).catch((err) => {
  console.error(`Failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
