// npm run backup [FILE]: a consistent snapshot of the database (README "Backup").
import { loadConfig } from "../src/server/config";
import { backupDatabase } from "../src/server/ops/backup";

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = process.argv[2] ?? (config.databaseUrl ? `backup-${stamp}.pgdump` : `backup-${stamp}.tar.gz`);
backupDatabase(config, file)
  .then(() => console.log(`backup written to ${file}`))
  .catch((err) => {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
