// npm run restore FILE: put a snapshot from `npm run backup` back.
import { loadConfig } from "../src/server/config";
import { restoreDatabase } from "../src/server/ops/backup";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run restore FILE");
  process.exit(1);
}
restoreDatabase(loadConfig(), file)
  .then(() => console.log(`restored from ${file}`))
  .catch((err) => {
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
