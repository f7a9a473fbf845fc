import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // the index: the tables the app opens with are the tables migrations are made from
  schema: "./src/server/db/schema/index.ts",
  out: "./migrations",
});
