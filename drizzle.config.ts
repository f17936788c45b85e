import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./cloud/db/schema/index.ts",
  out: "./cloud/db/migrations",
});
