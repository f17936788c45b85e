import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const EXCLUDE = ["node_modules/**", ".next/**", ".next-*/**", "tests/e2e/**", ".data/**"];
/**
 * Files that pace themselves on the wall clock (a camera's recording, ffmpeg's capture, a carrier's rate), or
 * that fail beside a busy neighbour: they run last, one at a time, so another file's load cannot stretch them.
 */
const PACED = [
  "cloud/routes/device/video.test.ts",
  "cloud/routes/device/sim-carriers.test.ts",
  "cloud/ingest/noisy-device.test.ts",
  "tests/camera-live.test.ts",
  "tests/robot-live.test.ts",
  "tests/live-channel.test.ts",
  // Its strings popover, opened as its popup part loads, stays closed when a neighbour slows that load (jsdom only).
  "components/report/block-editor.test.tsx",
  // The player's retry waits 2 s of the wall clock; the state dialog's steps ran past their wait beside a busy neighbour.
  "components/video/whep-player.test.tsx",
  "components/sim/sim/sim-state.test.tsx",
];

/** `UNIT_SIDE` (scripts/test-unit.ts) keeps the paced files of one side: the cloud's (cloud/) or the console's. */
const side = process.env.UNIT_SIDE;
const paced = PACED.filter((f) => !side || (side === "cloud") === f.startsWith("cloud/"));

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  esbuild: { jsx: "automatic" },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // In CI a failed test runs once more, as the browser tests' do: a real fault fails twice, while a one-off stall
    // on the loaded CI machine (an xlsx read that ended early, once in ~20 runs) no longer sinks a whole submission.
    retry: process.env.CI ? 1 : 0,
    // Two workers on the 2-core machines CI runs on (vitest's default is cores − 1, one there): most files wait on
    // a database, a socket or ffmpeg part of the time, and a second file fills the core the first leaves idle.
    maxWorkers: 2,
    // One migrated and seeded database per run, copied by each test cloud.
    globalSetup: ["./cloud/test-seed.ts"],
    // jsdom tests: TanStack Table loaded before they render (tests/setup-table.ts).
    setupFiles: ["./tests/setup-table.ts"],
    projects: [
      {
        extends: true,
        // The cloud's files share their worker's modules: loading the cloud (PGlite, Hono, every route) took
        // about 3.5 s a file, more than most files' tests. Each file still opens and closes its own cloud.
        test: { name: "cloud", include: ["cloud/**/*.test.ts"], exclude: [...EXCLUDE, ...PACED], isolate: false },
      },
      {
        extends: true,
        // Component files mock modules (vi.mock), so each keeps its own.
        test: { name: "console", include: ["**/*.test.ts", "**/*.test.tsx"], exclude: [...EXCLUDE, "cloud/**", ...PACED] },
      },
      { extends: true, test: { name: "paced", include: paced, exclude: EXCLUDE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
