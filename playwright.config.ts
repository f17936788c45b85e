import { defineConfig } from "@playwright/test";

/** Driven by tests/e2e/run.ts, which builds, starts the server and passes its URL. */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "tests/e2e/.out/results",
  // Two cores: one browser at a time keeps the server responsive and the run predictable (two consoles side by side,
  // each with its own browser and half the files, finished no sooner: the browsers' rendering fills both cores).
  workers: 1,
  fullyParallel: false,
  // On CI one retry, so a timing hiccup of a loaded runner does not sink the run; the list reporter still
  // marks such a test "flaky", and a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // With PLAYWRIGHT_JSON_OUTPUT_NAME, also a JSON report (each test's seconds, for finding where the run's time goes).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // The throttle suite leaves the loopback address under captcha and operator01 locked for 15 minutes,
  // so it runs after every other suite, whatever their names.
  projects: [
    { name: "suite", testIgnore: /throttle\.spec\.ts/ },
    { name: "throttle", testMatch: /throttle\.spec\.ts/, dependencies: ["suite"] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:3310",
    locale: "zh-CN",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
});
