import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", ".next-*/**", "tests/e2e/**", ".data/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One migrated and seeded database per run, copied by each test cloud.
    globalSetup: ["./cloud/test-seed.ts"],
    // jsdom tests: TanStack Table loaded before they render (tests/setup-table.ts).
    setupFiles: ["./tests/setup-table.ts"],
  },
});
