import { spawnSync } from "node:child_process";
import { delimiter, dirname } from "node:path";

/**
 * Runs vitest with `args` on the Node binary `node` (this one when it is not given) and answers its exit status.
 * Vitest forks its workers from the binary running it, so every test file runs on `node`; on another binary its
 * folder leads PATH for what the tests start, and Node 25+'s own global localStorage, which hides jsdom's in
 * component tests, is off as it is on Node 20.
 */
export function vitestOn(node: string | undefined, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const other = !!node && node !== process.execPath;
  if (other) console.log(`[vitest] on Node ${spawnSync(node, ["--version"]).stdout.toString().trim()}: ${args.join(" ")}`);
  const r = spawnSync(other ? node : process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...args], {
    stdio: "inherit",
    env: other ? { ...env, PATH: `${dirname(node)}${delimiter}${env.PATH ?? ""}`, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --no-experimental-webstorage`.trim() } : env,
  });
  return r.status ?? 1;
}
