import { vitestOn } from "./vitest-on";

/**
 * `npm run test:unit`: every unit file on this Node (PGlite for the cloud's). Given the current Node LTS binary
 * (`TEST_NODE`, as `.ci/run` does), the console's files (paced ones included) run on it instead, while test:pg runs
 * the cloud's on it: each file then runs once on the LTS without running the suite a third time (the console's code
 * also runs on this Node in the browser tests' server). Extra arguments run just those files, here.
 */
const files = process.argv.slice(2);
const lts = process.env.TEST_NODE;
let status: number;
if (files.length || !lts) status = vitestOn(undefined, files);
else {
  // The paced project holds files of both sides: each side's run takes its own (UNIT_SIDE, vitest.config.ts).
  status = vitestOn(undefined, ["--project", "cloud", "--project", "paced"], { ...process.env, UNIT_SIDE: "cloud" });
  if (status === 0) status = vitestOn(lts, ["--project", "console", "--project", "paced"], { ...process.env, UNIT_SIDE: "console" });
}
process.exit(status);
