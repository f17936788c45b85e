import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { MediaDoc, MediaFolder, MediaItem, RecycledMedia } from "@/lib/contract/media/media-library";
import { knowledgeLogs, storedFiles } from "../../db/schema";
import { fileUpkeep } from "../../lib/file-upkeep";
import { signedIn, type TestCloud } from "../../testing";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452" + "00".repeat(64), "hex");
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(64)]);

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let root: string;

signedIn((s) => ({ cloud, admin, operator, platform } = s));
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "media-test-"));
  cloud.deps.config.filesDir = root;
});
afterAll(() => rm(root, { recursive: true, force: true }));

const post = <T = unknown>(path: string, token: string, body: unknown, language = "en") => cloud.request<T>(`/file/mediaLibrary/${path}`, { token, body, language });
const get = <T = unknown>(path: string, token: string, language = "en") => cloud.request<T>(`/file/mediaLibrary/${path}`, { token, language });
const page = async (token: string, q = "") => (await get<{ total: number; records: MediaItem[] }>(`page?size=50${q}`, token)).body.data;

async function upload(token: string, name: string, bytes: Buffer, purpose: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  const res = await cloud.app.request(`/iotCloud/file/upload?purpose=${purpose}`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}`, language: "en" } });
  const env = (await res.json()) as { code: number; data: string };
  expect(env.code).toBe(200);
  return env.data;
}

async function onDisk(): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) if (e.isFile()) out.push(e.name);
  return out;
}

let sites: number;
let bridge: number;
let piers: number;
let photo: number;
let photoPath: string;
let clip: number;

describe("file/mediaLibrary", () => {
  it("keeps folders as a tree and images and videos in them, the uploads claimed when saved", async () => {
    sites = (await post<MediaItem>("add", admin, { parentId: -1, fileName: "Sites", fileType: 1 })).body.data.id;
    bridge = (await post<MediaItem>("add", admin, { parentId: sites, fileName: "Bridge", fileType: 1 })).body.data.id;
    piers = (await post<MediaItem>("add", admin, { parentId: bridge, fileName: "Piers", fileType: 1 })).body.data.id;
    photoPath = await upload(admin, "pier.png", PNG, "mediaImage");
    const added = await post<MediaItem>("add", admin, { parentId: bridge, fileName: "Pier 3", fileType: 2, filePath: photoPath });
    expect(added.body).toMatchObject({ code: 200, msg: "Created", data: { fileType: 2, fileSize: PNG.length, parentId: bridge } });
    photo = added.body.data.id;
    const [stored] = await cloud.db.select().from(storedFiles).where(eq(storedFiles.path, photoPath));
    expect(stored.claimedAt).not.toBeNull();
    clip = (await post<MediaItem>("add", admin, { parentId: bridge, fileName: "Lift", fileType: 3, filePath: await upload(admin, "lift.mp4", MP4, "mediaVideo") })).body.data.id;

    const tree = (await get<MediaFolder[]>("treeFolder", admin)).body.data;
    expect(tree).toMatchObject([{ fileName: "Sites", children: [{ fileName: "Bridge", children: [{ fileName: "Piers", children: [] }] }] }]);
    // Folders first, then the newest.
    expect((await page(admin, `&parentId=${bridge}`)).records.map((r) => r.fileName)).toEqual(["Piers", "Lift", "Pier 3"]);
    expect((await page(admin, `&parentId=${bridge}&fileType=3`)).records.map((r) => r.fileName)).toEqual(["Lift"]);
    expect((await page(admin)).records.map((r) => r.fileName)).toEqual(["Sites"]);
    // A name searches the whole library.
    expect((await page(admin, "&fileName=pier")).records.map((r) => r.fileName).sort()).toEqual(["Pier 3", "Piers"]);
    expect((await get<MediaItem>(`info?id=${photo}`, admin)).body.data.filePath).toBe(photoPath);
  });

  it("refuses bad input with a localised message, never a 500", async () => {
    const en = await post("add", admin, { parentId: -1, fileName: "  ", fileType: 1 });
    expect(en.body.code).toBe(400);
    expect(en.body.msg).toMatch(/Name/);
    const zh = await post("add", admin, { parentId: -1, fileName: "", fileType: 9 }, "zh-cn");
    expect(zh.body.code).toBe(400);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await post("add", admin, { parentId: -1, fileName: "No file", fileType: 2 })).body.code).toBe(400);
    // A video's type for an image, someone else's path, a file as a folder.
    const video = await post("add", admin, { parentId: -1, fileName: "Wrong", fileType: 3, filePath: photoPath });
    expect(video.body).toMatchObject({ code: 400, msg: "The file's format does not match the chosen type" });
    expect((await post("add", admin, { parentId: -1, fileName: "Forged", fileType: 2, filePath: "2/20260302/0123456789abcdef0123456789abcdef.png" })).body.code).toBe(400);
    expect((await post("add", admin, { parentId: photo, fileName: "Inside a file", fileType: 1 })).body).toMatchObject({ code: 400, msg: "The target folder does not exist or was deleted" });
    expect((await get("page?parentId=abc", admin)).body.code).toBe(400);
    expect((await post("upd", admin, "not json")).body.code).toBe(400);
  });

  it("renames and moves, refusing a folder into itself, its child or where it is", async () => {
    expect((await post("upd", admin, { id: photo, fileName: "Pier 3 north" })).body).toMatchObject({ code: 200, data: { fileName: "Pier 3 north" } });
    for (const parentId of [sites, bridge, piers]) {
      const r = await post("moveFile", admin, { id: bridge, parentId });
      expect(r.body).toMatchObject({ code: 400, msg: "Cannot move into itself, a subfolder or its parent folder" });
    }
    expect((await post("moveFile", admin, { id: bridge, parentId: -1 }, "zh-cn")).body).toMatchObject({ code: 200, msg: "已移动" });
    expect((await post("moveFile", admin, { id: photo, parentId: piers })).body.data).toMatchObject({ parentId: piers });
    expect((await post("moveFile", admin, { id: photo, parentId: clip })).body.code).toBe(400);
    expect((await get<MediaFolder[]>("treeFolder", admin)).body.data.map((f) => f.fileName)).toEqual(["Bridge", "Sites"]);
  });

  it("recycles with what lies under a folder, restores, and deletes for good with the bytes and the quota share", async () => {
    expect((await post("recycle", admin, { ids: [piers] })).body).toMatchObject({ code: 200, msg: "Moved to the recycle bin" });
    expect((await get(`info?id=${photo}`, admin)).body.code).toBe(404);
    expect((await page(admin, "&fileName=pier")).records).toEqual([]);
    const bin = (await get<RecycledMedia[]>("recycleList", admin)).body.data;
    expect(bin.map((r) => r.fileName)).toEqual(["Piers"]);
    expect(new Date(bin[0].purgeAt).getTime() - new Date(bin[0].deletedAt).getTime()).toBe(30 * 86400_000);
    // Only the top of what was deleted is in the bin; the item inside comes back with it.
    expect((await post("restore", admin, { id: photo })).body.code).toBe(404);
    expect((await post("restore", admin, { id: piers })).body).toMatchObject({ code: 200, msg: "Restored" });
    expect((await get(`info?id=${photo}`, admin)).body.code).toBe(200);

    // A photo whose folder went to the bin after it comes back at the root.
    await post("recycle", admin, { ids: [photo] });
    await post("recycle", admin, { ids: [piers] });
    await post("restore", admin, { id: photo });
    expect((await get<MediaItem>(`info?id=${photo}`, admin)).body.data.parentId).toBeNull();

    await post("recycle", admin, { ids: [photo] });
    expect((await onDisk()).some((f) => photoPath.endsWith(f))).toBe(true);
    expect((await post("delete", admin, { id: photo })).body).toMatchObject({ code: 200, msg: "Deleted for good" });
    expect((await onDisk()).some((f) => photoPath.endsWith(f))).toBe(false);
    expect(await cloud.db.select().from(storedFiles).where(eq(storedFiles.path, photoPath))).toEqual([]);
    expect((await post("restore", admin, { id: photo })).body.code).toBe(404);
    expect((await post("delete", admin, { id: clip })).body.code).toBe(404);
  });

  it("purges both recycle bins after 30 days with the one upkeep job", async () => {
    const before = (await get<RecycledMedia[]>("recycleList", admin)).body.data.map((r) => r.fileName);
    expect(before).toEqual(["Piers"]);
    await fileUpkeep(cloud.db, root, new Date(cloud.now().getTime() + 29 * 86400_000));
    expect((await get<RecycledMedia[]>("recycleList", admin)).body.data).toHaveLength(1);
    await fileUpkeep(cloud.db, root, new Date(cloud.now().getTime() + 31 * 86400_000));
    expect((await get<RecycledMedia[]>("recycleList", admin)).body.data).toEqual([]);
  });

  it("keeps each tenant to its own library and each call to its screen and buttons", async () => {
    // The platform tenant sees an empty library and cannot reach the demo tenant's items.
    expect((await get<MediaFolder[]>("treeFolder", platform)).body.data).toEqual([]);
    expect((await get(`info?id=${clip}`, platform)).body.code).toBe(404);
    expect((await post("upd", platform, { id: clip, fileName: "Taken" })).body.code).toBe(404);
    expect((await post("recycle", platform, { ids: [clip] })).body.code).toBe(404);
    expect((await post("moveFile", platform, { id: clip, parentId: -1 })).body.code).toBe(404);
    expect((await post("add", platform, { parentId: sites, fileName: "Into theirs", fileType: 1 })).body.code).toBe(400);
    // operator01 has neither the screen nor its buttons.
    expect((await get("treeFolder", operator)).body.code).toBe(403);
    expect((await post("add", operator, { parentId: -1, fileName: "Mine", fileType: 1 })).body.code).toBe(403);
  });

  it("writes every operation to the file log", async () => {
    const rows = await cloud.db.select().from(knowledgeLogs).where(eq(knowledgeLogs.headerName, "Media library"));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([1, 2, 3, 4, 5, 7, 9]));
    expect(rows.find((r) => r.type === 2)?.fileName).toBe("Pier 3");
  });

  it("keeps rich-text documents (type 4): written sanitised with their size, read with who saved them, a stale save refused, and through the bin like any item", async () => {
    const html = `<h2>Site notice</h2><p>Gate B is <strong>closed</strong> on Monday.</p><img src="/api/file/${photoPath}" alt="gate"><script>alert(1)</script><p onclick="x()">x</p>`;
    const added = await post<MediaDoc>("docAdd", admin, { parentId: sites, fileName: "Notice", content: html });
    expect(added.body).toMatchObject({ code: 200, msg: "Document saved", data: { fileType: 4, parentId: sites, filePath: null, updatedByName: expect.any(String) } });
    const doc = added.body.data;
    expect(doc.content).toContain("<strong>closed</strong>");
    expect(doc.content).toContain(`<img src="/api/file/${photoPath}" alt="gate" />`);
    expect(doc.content).not.toMatch(/script|onclick/);
    expect(doc.fileSize).toBe(Buffer.byteLength(doc.content));
    // In the folder's list, among the others, and labelled as a document.
    expect((await page(admin, `&parentId=${sites}`)).records.find((r) => r.id === doc.id)).toMatchObject({ fileType: 4, fileName: "Notice" });
    expect((await page(admin, `&parentId=${sites}&fileType=4`)).records.map((r) => r.fileName)).toEqual(["Notice"]);

    const read = await get<MediaDoc>(`docInfo?id=${doc.id}`, admin);
    expect(read.body.data).toEqual(doc);
    const saved = await post<MediaDoc>("docUpd", admin, { id: doc.id, fileName: "Notice (v2)", content: "<p>Gate B opens again on Tuesday.</p>", updateTime: doc.updateTime });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ fileName: "Notice (v2)", content: "<p>Gate B opens again on Tuesday.</p>", fileSize: 37 });
    // A second editor still on the first version: refused, the newer text kept.
    const stale = await post("docUpd", admin, { id: doc.id, fileName: "Notice", content: "<p>Old</p>", updateTime: doc.updateTime });
    expect(stale.body).toMatchObject({ code: 400, msg: expect.stringMatching(/changed by someone else/) });
    expect((await get<MediaDoc>(`docInfo?id=${doc.id}`, admin)).body.data.content).toBe("<p>Gate B opens again on Tuesday.</p>");

    // Bad input: not a document, too long, no name, a folder of no one, a document through the upload's add.
    expect((await get(`docInfo?id=${sites}`, admin)).body).toMatchObject({ code: 400, msg: "This item is not a document" });
    expect((await post("docUpd", admin, { id: sites, fileName: "x", content: "" })).body.code).toBe(400);
    const long = await post("docAdd", admin, { parentId: -1, fileName: "Long", content: "x".repeat(200_001) });
    expect(long.body).toMatchObject({ code: 400, msg: expect.stringMatching(/200000/) });
    expect((await post("docAdd", admin, { parentId: -1, fileName: " ", content: "" })).body.code).toBe(400);
    expect((await post("docAdd", admin, { parentId: 99_999, fileName: "Lost", content: "" })).body.msg).toMatch(/target folder/);
    expect((await post("add", admin, { parentId: -1, fileName: "Sneaky", fileType: 4, filePath: photoPath })).body.code).toBe(400);
    // Another tenant, a user without the screen or the buttons.
    expect((await get(`docInfo?id=${doc.id}`, platform)).body.code).toBe(404);
    expect((await post("docUpd", platform, { id: doc.id, fileName: "Taken", content: "" })).body.code).toBe(404);
    expect((await get(`docInfo?id=${doc.id}`, operator)).body.code).toBe(403);
    expect((await post("docAdd", operator, { parentId: -1, fileName: "Mine", content: "" })).body.code).toBe(403);

    // Recycled, it is gone from the editor; restored, it is back; the log names each step.
    expect((await post("recycle", admin, { ids: [doc.id] })).body.code).toBe(200);
    expect((await get(`docInfo?id=${doc.id}`, admin)).body.code).toBe(404);
    expect((await get<RecycledMedia[]>("recycleList", admin)).body.data.find((r) => r.id === doc.id)?.fileType).toBe(4);
    expect((await post("restore", admin, { id: doc.id })).body.code).toBe(200);
    expect((await get<MediaDoc>(`docInfo?id=${doc.id}`, admin)).body.data.fileName).toBe("Notice (v2)");
    const logged = await cloud.db.select({ fileName: knowledgeLogs.fileName, type: knowledgeLogs.type }).from(knowledgeLogs).where(eq(knowledgeLogs.fileName, "Notice (v2)"));
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });
});
