import { startPgCluster } from "./pg-cluster";
import { vitestOn } from "./vitest-on";

/**
 * `npm run test:pg`: the cloud's test suite again, on a real PostgreSQL server. Each test file
 * gets a fresh database on a throwaway cluster (`TEST_DATABASE_URL`, see cloud/testing.ts), with
 * the same migrations as on PGlite. Extra arguments narrow the run like vitest's own.
 */
const cluster = await startPgCluster();
console.log(`[pg] throwaway cluster on ${cluster.url}`);
let status = 1;
try {
  const files = process.argv.slice(2);
  // CI gives the current Node LTS binary (TEST_NODE, .ci/run): the cloud's tests run on it here, on Node 20 in test:unit.
  status = vitestOn(process.env.TEST_NODE, files.length ? files : ["cloud/"], { ...process.env, TEST_DATABASE_URL: cluster.url });
} finally {
  cluster.stop();
}
process.exit(status);
