import { vitestOn } from "./vitest-on";

/**
 * `npm run test:unit`: every unit file on this Node (PGlite for the cloud's). Given the current Node LTS binary
 * (`TEST_NODE`, as `.ci/run` does), the console's files run on it instead and the paced ones on both, while test:pg
 * runs the cloud's on it: each file then runs once on the LTS without running the suite a third time (the console's
 * code also runs on this Node in the browser tests' server). Extra arguments run just those files, here.
 */
const files = process.argv.slice(2);
const lts = process.env.TEST_NODE;
let status: number;
if (files.length || !lts) status = vitestOn(undefined, files);
else {
  status = vitestOn(undefined, ["--project", "cloud", "--project", "paced"]);
  if (status === 0) status = vitestOn(lts, ["--project", "console", "--project", "paced"]);
}
process.exit(status);
