import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signedIn, type TestCloud } from "../../testing";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n");

let cloud: TestCloud;
let root: string;
let superToken: string;
let demoToken: string;

signedIn((s) => ({ cloud, platform: superToken, admin: demoToken } = s), ["platform", "admin"]);
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "files-test-"));
  cloud.deps.config.filesDir = root;
});
afterAll(() => rm(root, { recursive: true, force: true }));

const url = (path: string) => `/iotCloud/file/${path}`;

async function upload(token: string, name: string, bytes: Buffer, query = "", language = "en") {
  const form = new FormData();
  form.append("note", "ignored field before the file");
  form.append("file", new File([new Uint8Array(bytes)], name));
  const res = await cloud.app.request(url(`upload${query}`), { method: "POST", body: form, headers: { authorization: `Bearer ${token}`, language } });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: string } };
}

async function files(): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) if (entry.isFile()) out.push(entry.name);
  return out;
}

describe("file/upload", () => {
  it("stores a file per tenant and day under a random name keeping the extension", async () => {
    const r = await upload(demoToken, "Logo.PNG", PNG);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatch(/^2\/20260302\/[a-f0-9]{32}\.png$/);
    const got = await cloud.app.request(url(r.body.data), { headers: { authorization: `Bearer ${demoToken}` } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-disposition")).toBe("inline");
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
  });

  it("serves documents as attachments", async () => {
    const r = await upload(demoToken, "plan.pdf", PDF);
    const got = await cloud.app.request(url(r.body.data), { headers: { authorization: `Bearer ${demoToken}` } });
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-f0-9]{32}\.pdf"$/);
  });

  it("refuses bytes that do not match the extension, keeping nothing", async () => {
    const before = await files();
    const r = await upload(demoToken, "photo.jpg", PNG);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe("The file content does not match its extension .jpg");
    const zh = await upload(demoToken, "report.docx", PDF, "", "zh-cn");
    expect(zh.body.msg).toBe("文件内容与扩展名 .docx 不符");
    expect(await files()).toEqual(before);
  });

  it("refuses types it does not keep, and types outside accept", async () => {
    expect((await upload(demoToken, "page.html", Buffer.from("<script>"))).body.msg).toBe("File type .html is not allowed");
    expect((await upload(demoToken, "plan.pdf", PDF, "?accept=jpg,png")).body.msg).toBe("The file must be .jpg/.png");
  });

  it("refuses a declared oversized body before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        pulled++;
        ctrl.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await cloud.app.request(url("upload?maxMb=1"), {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${demoToken}`, language: "en", "content-type": "multipart/form-data; boundary=xyz", "content-length": String(50 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe("Upload size cannot exceed 1 MB");
    // A stream may fill its queue once on its own; nothing past that was read.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("cuts off a body without a length once it passes the limit and deletes the partial file", async () => {
    const before = await files();
    let sent = 0;
    const head = Buffer.from(`--xyz\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`);
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(Buffer.concat([head, PNG]));
      },
      pull(ctrl) {
        sent += 64 * 1024;
        ctrl.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await cloud.app.request(url("upload?maxMb=1"), {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "multipart/form-data; boundary=xyz" },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024 + 256 * 1024);
    expect(await files()).toEqual(before);
  });

  it("takes the limit, types and publicity from the declared purpose; the caller may only narrow them", async () => {
    const before = await files();
    const png = (mb: number) => Buffer.concat([PNG, Buffer.alloc(Math.ceil(mb * 1024 * 1024))]);
    const avatar = await upload(demoToken, "me.png", PNG, "?purpose=avatar&public=1");
    expect(avatar.body.data).toMatch(/^2\/20260302\/[a-f0-9]{32}\.png$/);
    const logo = await upload(demoToken, "logo.png", PNG, "?purpose=companyLogo");
    expect(logo.body.data).toMatch(/^p\/2\/20260302\/[a-f0-9]{32}\.png$/);
    const after = await files();

    const bigAvatar = await upload(demoToken, "me.png", png(4), "?purpose=avatar&maxMb=100");
    expect(bigAvatar).toMatchObject({ status: 413, body: { msg: "Upload size cannot exceed 4 MB" } });
    expect((await upload(demoToken, "logo.png", png(2), "?purpose=loginLogo&maxMb=50")).body.msg).toBe("Upload size cannot exceed 2 MB");
    expect((await upload(demoToken, "plan.pdf", PDF, "?purpose=loginBanner")).body.msg).toBe("The file must be .jpg/.jpeg/.bmp/.png");
    expect((await upload(demoToken, "photo.png", PNG, "?purpose=tenantContract&accept=png,pdf")).body.msg).toBe("The file must be .pdf");
    expect((await upload(demoToken, "contract.pdf", PDF, "?purpose=tenantContract")).body.code).toBe(200);
    const narrowed = await upload(demoToken, "contract.pdf", Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]), "?purpose=tenantContract&maxMb=1");
    expect(narrowed.body.msg).toBe("Upload size cannot exceed 1 MB");
    expect((await upload(demoToken, "me.png", PNG, "?purpose=anything")).body.code).toBe(400);
    expect((await files()).length).toBe(after.length + 1);
    expect(after.length).toBe(before.length + 2);
  });

  it("gives a public upload without a purpose branding's largest limit", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(demoToken, "banner.png", big, "?public=1&maxMb=50")).body.msg).toBe("Upload size cannot exceed 5 MB");
    expect((await upload(demoToken, "banner.png", PNG, "?public=1&maxMb=50")).body.code).toBe(200);
  });

  it("caps maxMb at the server maximum and needs a session", async () => {
    expect((await upload(demoToken, "a.png", PNG, "?maxMb=101")).status).toBe(400);
    const anon = await cloud.app.request(url("upload"), { method: "POST", body: new FormData() });
    expect(anon.status).toBe(401);
  });

  it("answers a clear error for a body that is not multipart or has no file", async () => {
    const notMultipart = await cloud.request("/file/upload", { body: { file: "x" }, token: demoToken, language: "en" });
    expect(notMultipart.body.msg).toBe("Upload as a multipart form with the field file");
    const form = new FormData();
    form.append("other", "x");
    const res = await cloud.app.request(url("upload"), { method: "POST", body: form, headers: { authorization: `Bearer ${demoToken}`, language: "en" } });
    expect(((await res.json()) as { msg: string }).msg).toBe("Choose a file to upload");
  });
});

describe("file/<path>", () => {
  it("refuses another tenant's file; platform administrators may read it", async () => {
    const r = await upload(demoToken, "a.png", PNG);
    const mine = await upload(superToken, "b.png", PNG);
    expect(mine.body.data.startsWith("1/")).toBe(true);
    const other = await cloud.request(`/file/${mine.body.data}`, { token: demoToken });
    expect(other.status).toBe(403);
    const platform = await cloud.app.request(url(r.body.data), { headers: { authorization: `Bearer ${superToken}` } });
    expect(platform.status).toBe(200);
  });

  it("refuses traversal and anything that is not a stored path", async () => {
    for (const bad of ["2/../../../etc/passwd", "2/20260302/..%2f..%2fx.png", "2/20260302/abc.png", "..", "2/20260302/" + "a".repeat(32) + ".png/..", "%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await cloud.request(`/file/${bad}`, { token: demoToken });
      expect([400, 404], bad).toContain(res.status);
      expect(res.body.code, bad).not.toBe(200);
    }
  });

  it("answers 404 for a well-formed path that holds nothing, and 401 without a session", async () => {
    expect((await cloud.request(`/file/2/20260302/${"0".repeat(32)}.png`, { token: demoToken })).status).toBe(404);
    expect((await cloud.request(`/file/2/20260302/${"0".repeat(32)}.png`)).status).toBe(401);
  });

  it("serves public branding images without a session, and only images may be public", async () => {
    const r = await upload(demoToken, "banner.png", PNG, "?public=1");
    expect(r.body.data).toMatch(/^p\/2\/20260302\/[a-f0-9]{32}\.png$/);
    const anonymous = await cloud.app.request(url(r.body.data));
    expect(anonymous.status).toBe(200);
    expect(Buffer.from(await anonymous.arrayBuffer())).toEqual(PNG);
    expect((await upload(demoToken, "contract.pdf", PDF, "?public=1")).body.code).toBe(400);
    // A private file cannot be reached through the public prefix.
    const own = await upload(demoToken, "private.png", PNG);
    expect((await cloud.app.request(url(`p/${own.body.data}`))).status).toBe(404);
  });
});
