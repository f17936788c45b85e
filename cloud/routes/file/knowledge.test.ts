import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { KnowledgeNode, AuthGrant, RecycledNode } from "@/lib/contract/knowledge/knowledge";
import type { PartsState, PartsResult } from "@/lib/contract/upload";
import { eq } from "drizzle-orm";
import { knowledgeBin } from "../../db/queries/knowledge";
import { users } from "../../db/schema";
import { signedIn, type TestCloud } from "../../testing";

let cloud: TestCloud;
let admin: string;
let operator: string;
let platform: string;
let ids: Record<"admin" | "operator" | "platform", number>;
let root: string;

signedIn((s) => ({ cloud, admin, operator, platform, ids } = s));
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "knowledge-test-"));
  cloud.deps.config.filesDir = root;
});
afterAll(() => rm(root, { recursive: true, force: true }));

const PDF = Buffer.from("%PDF-1.7\n" + "x".repeat(3000));

/** Uploads `bytes` in parts of `part` bytes through `file/upload/*`. */
async function uploadParts(token: string, name: string, bytes: Buffer, part = 1024): Promise<PartsResult> {
  const init = await cloud.request<PartsState>("/file/upload/init", { token, body: { purpose: "knowledge", fileName: name, size: bytes.length } });
  expect(init.body.code).toBe(200);
  for (let at = 0; at < bytes.length; at += part) await sendPart(token, init.body.data.uploadId, at, bytes.subarray(at, at + part));
  const done = await cloud.request<PartsResult>("/file/upload/done", { token, body: { uploadId: init.body.data.uploadId } });
  expect(done.body.code).toBe(200);
  return done.body.data;
}

async function sendPart(token: string, uploadId: string, offset: number, bytes: Buffer) {
  const res = await cloud.app.request(`/iotCloud/file/upload/part?uploadId=${uploadId}&offset=${offset}`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", language: "en" },
  });
  return (await res.json()) as { code: number; msg: string; data: PartsState };
}

const tree = async (token: string) => (await cloud.request<KnowledgeNode[]>("/file/fileBase/treeFile", { token })).body.data;
const find = (nodes: KnowledgeNode[], id: number): KnowledgeNode | undefined => {
  for (const n of nodes) {
    if (n.fileId === id) return n;
    const inner = find(n.subList, id);
    if (inner) return inner;
  }
};
const post = (path: string, token: string, body: unknown) => cloud.request(path, { token, body, language: "en" });

let base: number;
let folder: number;
let sub: number;
let file: number;

describe("knowledge base", () => {
  it("creates a base, folders and a file uploaded in parts", async () => {
    const b = await post("/file/header/addHeader", admin, { fileName: "Structural manuals", fileDesc: "Settlement and tilt" });
    expect(b.body.code).toBe(200);
    base = (b.body.data as { id: number }).id;
    folder = ((await post("/file/fileBase/add", admin, { headerId: base, fielId: -1, fileName: "Bridges", fileType: "1" })).body.data as { id: number }).id;
    sub = ((await post("/file/fileBase/add", admin, { headerId: base, fielId: folder, fileName: "Piers", fileType: "1" })).body.data as { id: number }).id;
    const up = await uploadParts(admin, "settlement.pdf", PDF);
    expect(up.size).toBe(PDF.length);
    const f = await post("/file/fileBase/add", admin, { headerId: base, fielId: folder, fileName: "Settlement guide", fileType: "2", filePath: up.path, fileSize: String(up.size) });
    expect(f.body.code).toBe(200);
    file = (f.body.data as { id: number }).id;
    const t = await tree(admin);
    const mine = find(t, base)!;
    expect(mine.authType).toBe("9");
    expect(find(t, folder)!.subList.map((n) => n.fileName)).toEqual(["Piers", "Settlement guide"]);
  });

  it("refuses a file without its attachment and a parent in another base", async () => {
    const r = await post("/file/fileBase/add", admin, { headerId: base, fielId: folder, fileName: "x", fileType: "2" });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toMatch(/^Attachment: /);
    const other = ((await post("/file/header/addHeader", admin, { fileName: "Other" })).body.data as { id: number }).id;
    expect((await post("/file/fileBase/add", admin, { headerId: other, fielId: folder, fileName: "x", fileType: "1" })).body.msg).toBe("The target must be a folder of the same knowledge base");
    await post("/file/header/delHeader", admin, { id: other });
  });

  it("answers an empty grant list without a node 400, not 500", async () => {
    for (const path of ["/file/header/authHeader", "/file/fileBase/auth"]) expect((await post(path, admin, [])).status).toBe(400);
  });

  it("refuses every call to a user without rights, download included", async () => {
    expect(find(await tree(operator), base)).toBeUndefined();
    const refused = [
      post("/file/header/updHeader", operator, { id: base, fileName: "x" }),
      post("/file/header/delHeader", operator, { id: base }),
      post("/file/header/authHeader", operator, [{ fileId: base, authType: "2", userIds: [ids.operator] }]),
      cloud.request(`/file/header/queryAuthListHeader?id=${base}`, { token: operator }),
      post("/file/fileBase/add", operator, { headerId: base, fielId: -1, fileName: "x", fileType: "1" }),
      post("/file/fileBase/upd", operator, { id: folder, fileName: "x" }),
      post("/file/fileBase/recycle", operator, { id: folder }),
      post("/file/fileBase/auth", operator, [{ fileId: folder, authType: "2", userIds: [ids.operator] }]),
      cloud.request(`/file/fileBase/queryAuthList?id=${folder}`, { token: operator }),
      Promise.resolve(cloud.app.request(`/iotCloud/file/fileBase/download?id=${file}`, { headers: { authorization: `Bearer ${operator}` } })).then(async (r) => ({ body: await r.json() })),
      post("/file/fileBase/link", operator, { id: file }),
    ];
    for (const r of await Promise.all(refused)) expect([403, 404]).toContain((r.body as { code: number }).code);
    // Another tenant never sees this tenant's nodes.
    expect(find(await tree(platform), base)).toBeUndefined();
    expect((await post("/file/fileBase/link", platform, { id: file })).body.code).toBe(404);
  });

  it("grants view-only: the grantee sees, downloads and previews, but cannot change or delete", async () => {
    const g = await post("/file/header/authHeader", admin, [{ fileId: base, authType: "1", userIds: [ids.operator] }]);
    expect(g.body.msg).toBe("Permissions updated");
    const list = await cloud.request<AuthGrant[]>(`/file/header/queryAuthListHeader?id=${base}`, { token: admin });
    expect(list.body.data).toEqual([{ authType: "1", kind: "user", id: ids.operator, name: expect.any(String) }]);
    expect(find(await tree(operator), file)!.authType).toBe("1");
    const dl = await cloud.app.request(`/iotCloud/file/fileBase/download?id=${file}`, { headers: { authorization: `Bearer ${operator}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-disposition")).toContain("filename*=UTF-8''Settlement%20guide.pdf");
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(PDF);
    for (const r of [
      await post("/file/fileBase/recycle", operator, { id: file }),
      await post("/file/fileBase/upd", operator, { id: file, fileName: "x" }),
      await post("/file/header/delHeader", operator, { id: base }),
      await post("/file/fileBase/add", operator, { headerId: base, fielId: folder, fileName: "x", fileType: "1" }),
      await post("/file/header/authHeader", operator, [{ fileId: base, authType: "2", userIds: [ids.operator] }]),
    ])
      expect(r.body.code).toBe(403);
  });

  it("serves a signed link without a session until it expires", async () => {
    const link = await post("/file/fileBase/link", operator, { id: file });
    const { token } = link.body.data as { token: string };
    const got = await cloud.app.request(`/iotCloud/file/link/${token}`);
    expect(got.status).toBe(200);
    // Inline, and named with the stored file's type: /previewFile?token=… reads the type from it (issue 40).
    expect(got.headers.get("content-disposition")).toBe(`inline; filename="Settlement guide.pdf"; filename*=UTF-8''Settlement%20guide.pdf`);
    expect((await cloud.app.request(`/iotCloud/file/link/${"0".repeat(48)}`)).status).toBe(404);
    cloud.advance(11 * 60_000);
    expect((await cloud.app.request(`/iotCloud/file/link/${token}`)).status).toBe(404);
  });

  it("a folder grant of manage lets the grantee work inside it only", async () => {
    await post("/file/fileBase/auth", admin, [{ fileId: folder, authType: "2", userIds: [ids.operator] }]);
    expect(find(await tree(operator), folder)!.authType).toBe("2");
    expect(find(await tree(operator), base)!.authType).toBe("1");
    expect((await post("/file/fileBase/add", operator, { headerId: base, fielId: folder, fileName: "Cables", fileType: "1" })).body.code).toBe(200);
    expect((await post("/file/fileBase/add", operator, { headerId: base, fielId: -1, fileName: "Top", fileType: "1" })).body.code).toBe(403);
    // Permission assignment is the owner's alone.
    expect((await post("/file/fileBase/auth", operator, [{ fileId: folder, authType: "2", userIds: [ids.operator] }])).body.code).toBe(403);
  });

  it("refuses granting the owner or a user of another tenant", async () => {
    expect((await post("/file/header/authHeader", admin, [{ fileId: base, userIds: [ids.admin] }])).body.msg).toBe("The owner needs no grant");
    expect((await post("/file/header/authHeader", admin, [{ fileId: base, userIds: [ids.platform] }])).body.msg).toBe("Only ordinary users of this tenant can be granted");
  });

  it("moves a folder, refusing itself, a child or its parent", async () => {
    const refused = "Cannot move into itself, a subfolder or its parent folder";
    expect((await post("/file/fileBase/moveFile", admin, { id: folder, fileId: folder, headerId: base })).body.msg).toBe(refused);
    expect((await post("/file/fileBase/moveFile", admin, { id: folder, fileId: sub, headerId: base })).body.msg).toBe(refused);
    expect((await post("/file/fileBase/moveFile", admin, { id: folder, fileId: -1, headerId: base })).body.msg).toBe(refused);
    expect((await post("/file/fileBase/moveFile", admin, { id: sub, fileId: -1, headerId: base })).body.msg).toBe("Moved");
    expect(find(await tree(admin), base)!.subList.map((n) => n.fileName)).toEqual(["Bridges", "Piers"]);
    // The operator lacks file:fileBase:moveFile.
    expect((await post("/file/fileBase/moveFile", operator, { id: sub, fileId: folder, headerId: base })).body.code).toBe(403);
  });

  it("recycles, restores, deletes for good and purges after 30 days", async () => {
    // The operator keeps view-only on the base once the folder's grant is taken back.
    expect((await post("/file/fileBase/auth", admin, [{ fileId: folder, userIds: [] }])).body.code).toBe(200);
    expect((await post("/file/fileBase/recycle", admin, { id: folder })).body.msg).toBe("Moved to the recycle bin");
    expect(find(await tree(admin), file)).toBeUndefined();
    const bin = await cloud.request<RecycledNode[]>("/file/fileBase/recycleList", { token: admin });
    expect(bin.body.data.map((r) => r.fileName)).toEqual(["Bridges"]);
    expect((await post("/file/fileBase/restore", operator, { id: folder })).body.code).toBe(403);
    expect((await post("/file/fileBase/restore", admin, { id: folder })).body.code).toBe(200);
    expect(find(await tree(admin), file)).toBeDefined();

    await post("/file/fileBase/recycle", admin, { id: sub });
    expect((await post("/file/fileBase/delete", admin, { id: sub })).body.code).toBe(200);
    expect((await post("/file/fileBase/restore", admin, { id: sub })).body.code).toBe(404);

    await post("/file/fileBase/recycle", admin, { id: folder });
    expect(await knowledgeBin.purge(cloud.db, root, new Date(cloud.now().getTime() - 30 * 86400_000))).toEqual([]);
    const gone = await knowledgeBin.purge(cloud.db, root, new Date(cloud.now().getTime() + 1000));
    expect(gone).toHaveLength(1);
  });

  it("logs every operation with who and when, for the log screen only", async () => {
    const page = await cloud.request<{ total: number; records: { type: number; fileName: string; realname: string }[] }>("/file/fileLog/page?size=100", { token: admin });
    const types = new Set(page.body.data.records.map((r) => r.type));
    for (const t of [1, 2, 4, 5, 6, 7, 8, 9]) expect(types).toContain(t);
    const uploads = await cloud.request<{ records: { fileName: string }[] }>("/file/fileLog/page?type=2", { token: admin });
    // This test's upload, newest first, then the seeded guides.
    const uploaded = uploads.body.data.records.map((r) => r.fileName);
    expect(uploaded[0]).toBe("Settlement guide");
    expect(uploaded.slice(1).every((n) => n.endsWith(".txt"))).toBe(true);
    expect((await cloud.request("/file/fileLog/page", { token: operator })).body.code).toBe(403);
  });

  it("changes the owner only for a user with userIdentity 2", async () => {
    expect((await post("/file/header/updAddUser", admin, { id: base, userId: ids.operator })).body.code).toBe(403);
    await cloud.db.update(users).set({ userIdentity: 2 }).where(eq(users.id, ids.admin));
    expect((await post("/file/header/updAddUser", admin, { id: base, userId: ids.platform })).body.code).toBe(404);
    expect((await post("/file/header/updAddUser", admin, { id: base, userId: ids.operator })).body.msg).toBe("Owner changed");
    expect(find(await tree(operator), base)!.authType).toBe("9");
    // The former owner keeps what was granted to them: nothing here.
    expect(find(await tree(admin), base)).toBeUndefined();
    expect((await post("/file/header/updAddUser", operator, { id: base, userId: ids.admin })).body.code).toBe(403);
    await cloud.db.update(users).set({ userIdentity: 1 }).where(eq(users.id, ids.admin));
    await cloud.db.update(users).set({ userIdentity: 2 }).where(eq(users.id, ids.operator));
    expect((await post("/file/header/updAddUser", operator, { id: base, userId: ids.admin })).body.code).toBe(200);
    await cloud.db.update(users).set({ userIdentity: 1 }).where(eq(users.id, ids.operator));
  });

  it("deletes a whole base for good", async () => {
    expect((await post("/file/header/delHeader", admin, { id: base })).body.msg).toBe("Knowledge base deleted");
    expect(find(await tree(admin), base)).toBeUndefined();
  });
});

describe("uploads in parts", () => {
  it("resumes after a dropped part and refuses a part at the wrong offset", async () => {
    const bytes = Buffer.concat([PDF, PDF]);
    const init = (await cloud.request<PartsState>("/file/upload/init", { token: admin, body: { purpose: "knowledge", fileName: "big.pdf", size: bytes.length } })).body.data;
    await sendPart(admin, init.uploadId, 0, bytes.subarray(0, 4000));
    const wrong = await sendPart(admin, init.uploadId, 1000, bytes.subarray(1000, 2000));
    expect(wrong.code).toBe(409);
    expect(wrong.data.received).toBe(4000);
    // Someone else cannot go on with it.
    expect((await cloud.request(`/file/upload/status?uploadId=${init.uploadId}`, { token: operator })).body.code).toBe(404);
    const status = (await cloud.request<PartsState>(`/file/upload/status?uploadId=${init.uploadId}`, { token: admin })).body.data;
    await sendPart(admin, init.uploadId, status.received, bytes.subarray(status.received));
    const done = await cloud.request<PartsResult>("/file/upload/done", { token: admin, body: { uploadId: init.uploadId } });
    expect(done.body.data.size).toBe(bytes.length);
    const stored = await readdir(join(root, "2"), { recursive: true });
    expect(stored.some((n) => n.endsWith(done.body.data.path.split("/").pop()!))).toBe(true);
  });

  it("refuses more bytes than declared, and types and sizes the purpose does not allow", async () => {
    const init = (await cloud.request<PartsState>("/file/upload/init", { token: admin, body: { purpose: "knowledge", fileName: "a.pdf", size: 100 } })).body.data;
    expect((await sendPart(admin, init.uploadId, 0, PDF)).code).toBe(413);
    expect((await cloud.request<PartsState>(`/file/upload/status?uploadId=${init.uploadId}`, { token: admin })).body.data.received).toBe(0);
    expect((await post("/file/upload/init", admin, { purpose: "knowledge", fileName: "a.exe", size: 10 })).body.msg).toBe("File type .exe is not allowed");
    expect((await post("/file/upload/init", admin, { purpose: "knowledge", fileName: "a.pdf", size: 2 * 1024 ** 3 })).body.code).toBe(413);
  });
});

describe("the permission matrix: every knowledge call by the right the caller holds on the base", () => {
  const idOf = (r: { body: unknown }) => ((r.body as { data: { id: number } }).data ?? { id: -1 }).id;
  const codeOf = (r: { body: unknown }) => (r.body as { code: number }).code;
  /** What a call needs: 1 view, 2 manage, 3 owner; 4 is never for an ordinary user without the move right or userIdentity 2. */
  const RANK = { none: 0, "1": 1, "2": 2 } as const;

  for (const level of ["none", "1", "2"] as const) {
    it(`operator01 with ${level === "none" ? "no right" : level === "1" ? "view-only" : "manage"} on the base`, async () => {
      const b = idOf(await post("/file/header/addHeader", admin, { fileName: `Matrix ${level}` }));
      const folder = async (name: string) => idOf(await post("/file/fileBase/add", admin, { headerId: b, fielId: -1, fileName: name, fileType: "1" }));
      const [f, g, m, r1, r2] = [await folder("F"), await folder("G"), await folder("M"), await folder("R1"), await folder("R2")];
      for (const r of [r1, r2]) await post("/file/fileBase/recycle", admin, { id: r });
      const up = await uploadParts(admin, "matrix.pdf", PDF);
      const x = idOf(await post("/file/fileBase/add", admin, { headerId: b, fielId: f, fileName: "X", fileType: "2", filePath: up.path, fileSize: String(up.size) }));
      if (level !== "none") expect(codeOf(await post("/file/header/authHeader", admin, [{ fileId: b, authType: level, userIds: [ids.operator] }]))).toBe(200);

      const download = async () => {
        const res = await cloud.app.request(`/iotCloud/file/fileBase/download?id=${x}`, { headers: { authorization: `Bearer ${operator}` } });
        return (res.headers.get("content-type") ?? "").includes("json") ? ((await res.json()) as { code: number }).code : res.status;
      };
      const calls: [string, 1 | 2 | 3 | 4, () => Promise<number>][] = [
        ["treeFile", 1, async () => (find(await tree(operator), b) ? 200 : 404)],
        ["download", 1, download],
        ["link", 1, async () => codeOf(await post("/file/fileBase/link", operator, { id: x }))],
        ["queryAuthListHeader", 3, async () => codeOf(await cloud.request(`/file/header/queryAuthListHeader?id=${b}`, { token: operator }))],
        ["queryAuthList", 3, async () => codeOf(await cloud.request(`/file/fileBase/queryAuthList?id=${f}`, { token: operator }))],
        ["authHeader", 3, async () => codeOf(await post("/file/header/authHeader", operator, [{ fileId: b, authType: "2", userIds: [ids.operator] }]))],
        ["auth", 3, async () => codeOf(await post("/file/fileBase/auth", operator, [{ fileId: f, authType: "2", userIds: [ids.operator] }]))],
        ["updAddUser", 4, async () => codeOf(await post("/file/header/updAddUser", operator, { id: b, userId: ids.operator }))],
        ["moveFile", 4, async () => codeOf(await post("/file/fileBase/moveFile", operator, { id: m, fileId: f, headerId: b }))],
        ["updHeader", 2, async () => codeOf(await post("/file/header/updHeader", operator, { id: b, fileName: `Matrix ${level} renamed` }))],
        ["add", 2, async () => codeOf(await post("/file/fileBase/add", operator, { headerId: b, fielId: f, fileName: "New", fileType: "1" }))],
        ["upd", 2, async () => codeOf(await post("/file/fileBase/upd", operator, { id: x, fileName: "X renamed" }))],
        ["recycle", 2, async () => codeOf(await post("/file/fileBase/recycle", operator, { id: g }))],
        ["restore", 2, async () => codeOf(await post("/file/fileBase/restore", operator, { id: r1 }))],
        ["delete", 2, async () => codeOf(await post("/file/fileBase/delete", operator, { id: r2 }))],
        ["delHeader", 2, async () => codeOf(await post("/file/header/delHeader", operator, { id: b }))],
      ];
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [name, needs, call] of calls) {
        const code = await call();
        seen.push(`${name}: ${code === 200 ? "allowed" : [403, 404].includes(code) ? "refused" : `answered ${code}`}`);
        expected.push(`${name}: ${RANK[level] >= needs ? "allowed" : "refused"}`);
      }
      expect(seen).toEqual(expected);
      if (RANK[level] < 2) await post("/file/header/delHeader", admin, { id: b });
    });
  }
});
