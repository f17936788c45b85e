import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { storedFiles } from "../db/schema";
import { signedIn, type TestCloud } from "../testing";
import { fileUpkeep } from "./file-upkeep";
import { pathsIn, storageQuotaMbFromEnv } from "./storage";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const DAY = 24 * 3600_000;

let cloud: TestCloud;
let root: string;
let admin: string;
let platform: string;
signedIn((s) => ({ cloud, admin, platform } = s), ["admin", "platform"]);
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "storage-test-"));
  cloud.deps.config.filesDir = root;
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function upload(bytes: Buffer, language = "en") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "logo.png"));
  const res = await cloud.app.request("/iotCloud/file/upload", { method: "POST", body: form, headers: { authorization: `Bearer ${admin}`, language } });
  return (await res.json()) as { code: number; msg: string; data: string };
}

async function onDisk(): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
}

describe("tenant storage", () => {
  it("reads the quota from STORAGE_QUOTA_MB, ignoring what is not a positive number", () => {
    expect(storageQuotaMbFromEnv("500")).toBe(500);
    expect(storageQuotaMbFromEnv("-1")).toBe(storageQuotaMbFromEnv(undefined));
    expect(storageQuotaMbFromEnv("lots")).toBe(storageQuotaMbFromEnv(undefined));
  });

  it("finds stored paths in a form's values, comma-joined lists included", () => {
    const a = `2/20260302/${"a".repeat(32)}.png`;
    const b = `p/2/20260302/${"b".repeat(32)}.jpg`;
    expect([...pathsIn({ images: `${a},${b}`, nested: [{ file: a }], other: "2/2026/x.png" })]).toEqual([a, b]);
  });

  it("records the uploader and refuses an upload past the tenant's quota, in the caller's language", async () => {
    const quota = cloud.deps.config.storageQuotaMb;
    try {
      cloud.deps.config.storageQuotaMb = 0.0001; // ~104 bytes
      const first = await upload(PNG);
      expect(first.code).toBe(200);
      const [row] = await cloud.db.select().from(storedFiles).where(eq(storedFiles.path, first.data));
      expect(row).toMatchObject({ tenantId: 2, ownerId: await cloud.userId("demoadmin", 2), size: PNG.length, claimedAt: null });
      const before = await onDisk();
      const refused = await upload(Buffer.concat([PNG, Buffer.alloc(200)]));
      expect(refused.code).toBe(413);
      expect(refused.msg).toMatch(/^Storage is full: 0 MB of the tenant's 0.0001 MB/);
      expect((await upload(Buffer.concat([PNG, Buffer.alloc(200)]), "zh-cn")).msg).toContain("存储空间不足");
      expect(await onDisk()).toEqual(before);
      // The tenant page shows what is used of the quota.
      const info = await cloud.request<{ storageUsedMb: number; storageQuotaMb: number }>("/sys/tenant/info?id=2", { token: platform });
      expect(info.body.data).toMatchObject({ storageUsedMb: 0, storageQuotaMb: 0.0001 });
    } finally {
      cloud.deps.config.storageQuotaMb = quota;
    }
  });

  it("keeps uploads a saved form refers to, removes the ones abandoned for a day, and lets the owner delete an unsaved one", async () => {
    const kept = (await upload(PNG)).data;
    const abandoned = (await upload(PNG)).data;
    const refusedSave = await cloud.request("/sys/company/saveComp", { token: admin, body: { compName: "x".repeat(500), compLogo: abandoned } });
    expect(refusedSave.body.code).toBe(400);
    const saved = await cloud.request("/sys/company/saveComp", { token: admin, body: { compName: "示范公司", compLogo: kept, compNameShort: "示范", compLogoShort: "" } });
    expect(saved.body.code).toBe(200);

    await fileUpkeep(cloud.db, root, new Date(cloud.deps.now().getTime() + DAY / 2));
    expect(await onDisk()).toEqual(expect.arrayContaining([kept.split("/").pop(), abandoned.split("/").pop()]));
    await fileUpkeep(cloud.db, root, new Date(cloud.deps.now().getTime() + DAY + 60_000));
    const left = await onDisk();
    expect(left).toContain(kept.split("/").pop());
    expect(left).not.toContain(abandoned.split("/").pop());
    expect(await cloud.db.select().from(storedFiles).where(eq(storedFiles.path, abandoned))).toEqual([]);

    // A file removed from a form before saving goes at once; a saved one stays.
    const removed = (await upload(PNG)).data;
    const del = (path: string) => cloud.request("/file/del", { token: admin, body: { path }, language: "en" });
    expect((await del(removed)).body.code).toBe(200);
    expect(await onDisk()).not.toContain(removed.split("/").pop());
    const inUse = await del(kept);
    expect(inUse.body).toMatchObject({ code: 400, msg: "This file is used by saved data and cannot be deleted here" });
    expect(await onDisk()).toContain(kept.split("/").pop());
    expect((await del(removed)).body.code).toBe(404);
  });
});
