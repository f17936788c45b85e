import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { defaultPwdPolicy, type PwdPolicy } from "@/lib/contract/pwd-policy";
import { users } from "../db/schema";
import { createTestCloud, SETUP_MS, type TestCloud } from "../testing";
import { passwordExpired, passwordReminder, setPassword, welcomeReminder } from "./passwords";

const DAY = 86_400_000;
const NOW = new Date("2026-06-01T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const policy = (regular: Partial<PwdPolicy["regular"]>, welcomeDays: number = defaultPwdPolicy.welcome.days): PwdPolicy => ({
  ...defaultPwdPolicy,
  regular: { enabled: true, validDays: 30, remindDays: 7, ...regular },
  welcome: { days: welcomeDays },
});

describe("passwordReminder", () => {
  it("counts the days left once expiry is within the reminder cycle", () => {
    const p = policy({});
    expect(passwordReminder(p, { pwdChangedAt: ago(22) }, NOW)).toBeNull();
    expect(passwordReminder(p, { pwdChangedAt: ago(23) }, NOW)).toBe(7);
    expect(passwordReminder(p, { pwdChangedAt: ago(29.5) }, NOW)).toBe(1);
    expect(passwordReminder(p, { pwdChangedAt: ago(30) }, NOW)).toBe(0);
  });

  it("never reminds when regular change is off", () => {
    expect(passwordReminder(policy({ enabled: false }), { pwdChangedAt: ago(29) }, NOW)).toBeNull();
  });

  it("hands over to the forced change once the password is past its validity", () => {
    const p = policy({});
    expect(passwordExpired(p, { pwdChangedAt: ago(30) }, NOW)).toBe(false);
    expect(passwordExpired(p, { pwdChangedAt: ago(30.01) }, NOW)).toBe(true);
  });
});

describe("welcomeReminder", () => {
  let cloud: TestCloud;
  let id: number;
  beforeAll(async () => {
    cloud = await createTestCloud({ now: NOW });
    id = await cloud.addUser({ tenantId: 2, username: "welcome01", password: "Welcome2026" });
  }, SETUP_MS);
  afterAll(() => cloud.close());

  const account = (ageDays: number) => ({ id, createdAt: ago(ageDays) });

  it("greets a new account during the welcome period only", async () => {
    expect(await welcomeReminder(cloud.db, policy({}, 7), account(0), NOW)).toBe(true);
    expect(await welcomeReminder(cloud.db, policy({}, 7), account(6.9), NOW)).toBe(true);
    expect(await welcomeReminder(cloud.db, policy({}, 7), account(7), NOW)).toBe(false);
    expect(await welcomeReminder(cloud.db, policy({}, 30), account(29), NOW)).toBe(true);
    expect(await welcomeReminder(cloud.db, policy({}, 90), account(89), NOW)).toBe(true);
    expect(await welcomeReminder(cloud.db, policy({}, 90), account(90), NOW)).toBe(false);
  });

  it("is part of regular change: off when that is off", async () => {
    expect(await welcomeReminder(cloud.db, policy({ enabled: false }, 90), account(1), NOW)).toBe(false);
  });

  it("stops once the password has been changed", async () => {
    const [user] = await cloud.db.select().from(users).where(eq(users.id, id));
    await setPassword(cloud.deps, user, "Changed@2026");
    expect(await welcomeReminder(cloud.db, policy({}, 90), account(1), NOW)).toBe(false);
  });
});
