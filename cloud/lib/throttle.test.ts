import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCloud, type TestCloud } from "../testing";
import { LIMITS, clearFailures, failureKeys, failures, forgiveFailure, isLocked, recordFailure } from "./throttle";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

describe("failure counters", () => {
  it("keys by tenant, case-insensitive username and IP", () => {
    expect(failureKeys(2, "DemoAdmin", "10.1.1.1")).toEqual({ userIp: "u:2:demoadmin:10.1.1.1", user: "n:2:demoadmin", ip: "ip:10.1.1.1" });
  });

  it("counts failures within the window and forgets them after it", async () => {
    const key = "t:window";
    for (let i = 0; i < 3; i++) await recordFailure(cloud.db, key, null, cloud.now());
    expect(await failures(cloud.db, key, cloud.now())).toBe(3);
    cloud.advance(LIMITS.windowMs + 1);
    expect(await failures(cloud.db, key, cloud.now())).toBe(0);
    // A failure after the window starts a new count.
    await recordFailure(cloud.db, key, null, cloud.now());
    expect(await failures(cloud.db, key, cloud.now())).toBe(1);
  });

  it("locks when the limit is reached and unlocks after the lock time", async () => {
    const key = "t:lock";
    for (let i = 0; i < LIMITS.perUser - 1; i++) await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
    await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(true);
    cloud.advance(LIMITS.lockMs - 1000);
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(true);
    cloud.advance(1001);
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
  });

  it("never locks a key counted without a limit", async () => {
    const key = "t:nolimit";
    for (let i = 0; i < LIMITS.perIp + 5; i++) await recordFailure(cloud.db, key, null, cloud.now());
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
    expect(await failures(cloud.db, key, cloud.now())).toBe(LIMITS.perIp + 5);
  });

  it("does not lock on failures spread over more than one window", async () => {
    const key = "t:spread";
    for (let i = 0; i < LIMITS.perUser * 2; i++) {
      await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
      cloud.advance(LIMITS.windowMs / 3);
    }
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
  });

  it("answers the count it reached", async () => {
    const key = "t:count";
    expect(await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now())).toBe(1);
    expect(await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now())).toBe(2);
    cloud.advance(LIMITS.windowMs + 1);
    expect(await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now())).toBe(1);
  });

  it("takes back a failure, and the lock it caused", async () => {
    const key = "t:forgive";
    for (let i = 0; i < LIMITS.perUser; i++) await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(true);
    await forgiveFailure(cloud.db, key, LIMITS.perUser);
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
    expect(await failures(cloud.db, key, cloud.now())).toBe(LIMITS.perUser - 1);
    // A lock earned by failures beyond the one taken back stays.
    await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    await forgiveFailure(cloud.db, key, LIMITS.perUser);
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(true);
    await forgiveFailure(cloud.db, "t:never-seen", LIMITS.perUser);
  });

  it("clears counts and locks", async () => {
    const key = "t:clear";
    for (let i = 0; i < LIMITS.perUser; i++) await recordFailure(cloud.db, key, LIMITS.perUser, cloud.now());
    await clearFailures(cloud.db, key);
    expect(await isLocked(cloud.db, key, cloud.now())).toBe(false);
    expect(await failures(cloud.db, key, cloud.now())).toBe(0);
  });
});
