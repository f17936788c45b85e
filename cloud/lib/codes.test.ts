import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@/lib/contract/envelope";
import { createTestCloud, type TestCloud } from "../testing";
import { CODE_TTL_MS, MAX_GUESSES, RESEND_COOLDOWN_MS, consumeCode, sendCode, type Purpose } from "./codes";
import type { Channel } from "./delivery";
import { AppError } from "./http";

let cloud: TestCloud;
beforeAll(async () => {
  cloud = await createTestCloud();
});
afterAll(() => cloud.close());

let n = 0;
/** A fresh target per test, so cooldowns of one test never reach another. */
function target(purpose: Purpose = "login", channel: Channel = "sms") {
  n += 1;
  return { tenantId: 2, purpose, channel, target: channel === "sms" ? `1370000${String(n).padStart(4, "0")}` : `user${n}@example.com` };
}

async function refused(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("verification codes", () => {
  it("sends 6 digits to the target, in the caller's language", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "en");
    const sent = cloud.outbox.at(-1)!;
    expect(sent).toMatchObject({ channel: "sms", target: k.target, subject: "Verification code" });
    expect(cloud.lastCode(k.target)).toMatch(/^\d{6}$/);
    expect(sent.body).toContain("10 minutes");
  });

  it("accepts the right code once only", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    await consumeCode(cloud.deps, k, code);
    expect((await refused(consumeCode(cloud.deps, k, code))).key).toBe("cloud.codeExpired");
  });

  it("expires after 10 minutes", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    cloud.advance(CODE_TTL_MS);
    expect((await refused(consumeCode(cloud.deps, k, code))).key).toBe("cloud.codeExpired");
  });

  it("is still good just before the 10 minutes are up", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    cloud.advance(CODE_TTL_MS - 1000);
    await consumeCode(cloud.deps, k, cloud.lastCode(k.target));
  });

  it("is tied to its purpose, its target, its channel and its tenant", async () => {
    const k = target("forget");
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    for (const other of [
      { ...k, purpose: "login" as const },
      { ...k, target: "13911112222" },
      { ...k, channel: "email" as const },
      { ...k, tenantId: 1 },
    ]) {
      expect((await refused(consumeCode(cloud.deps, other, code))).key).toBe("cloud.codeExpired");
    }
    await consumeCode(cloud.deps, k, code);
  });

  it("allows at most 5 guesses, then refuses even the right code", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    const wrong = code === "000000" ? "111111" : "000000";
    const keys: string[] = [];
    for (let i = 0; i < MAX_GUESSES; i++) keys.push((await refused(consumeCode(cloud.deps, k, wrong))).key);
    expect(keys).toEqual(["cloud.codeWrong", "cloud.codeWrong", "cloud.codeWrong", "cloud.codeWrong", "cloud.codeTooManyGuesses"]);
    const err = await refused(consumeCode(cloud.deps, k, code));
    expect(err.code).toBe(Code.BAD_REQUEST);
    expect(err.key).toBe("cloud.codeTooManyGuesses");
  });

  it("accepts the right code on the fifth guess", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_GUESSES - 1; i++) await refused(consumeCode(cloud.deps, k, wrong));
    await consumeCode(cloud.deps, k, code);
  });

  it("counts guesses made in parallel", async () => {
    const k = target();
    await sendCode(cloud.deps, k, "zh-cn");
    const code = cloud.lastCode(k.target);
    const wrong = code === "000000" ? "111111" : "000000";
    const results = await Promise.allSettled(Array.from({ length: MAX_GUESSES }, () => consumeCode(cloud.deps, k, wrong)));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect((await refused(consumeCode(cloud.deps, k, code))).key).toBe("cloud.codeTooManyGuesses");
  });

  it("refuses a resend within 60 s as too frequent, and allows it after", async () => {
    const k = target("forget", "email");
    await sendCode(cloud.deps, k, "zh-cn");
    const first = cloud.lastCode(k.target);
    cloud.advance(RESEND_COOLDOWN_MS - 1000);
    const err = await refused(sendCode(cloud.deps, k, "zh-cn"));
    expect(err.code).toBe(Code.TOO_FREQUENT);
    expect(err.key).toBe("cloud.tooFrequent");
    cloud.advance(1000);
    await sendCode(cloud.deps, k, "zh-cn");
    const second = cloud.lastCode(k.target);
    // Only the newest code counts once a new one is sent.
    if (second !== first) expect((await refused(consumeCode(cloud.deps, k, first))).key).toBe("cloud.codeWrong");
    await consumeCode(cloud.deps, k, second);
  });

  it("keeps cooldowns apart per purpose", async () => {
    const k = target("login");
    await sendCode(cloud.deps, k, "zh-cn");
    await sendCode(cloud.deps, { ...k, purpose: "forget" }, "zh-cn");
  });
});
