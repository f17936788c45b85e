// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import type { MediaDoc } from "@/lib/contract/media/media-library";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider } from "@/components/kit/session";
import { DocumentEditorView } from "./document-editor";

vi.mock("next/navigation", async () => (await import("@/components/kit/fake-router")).navigationMock());
// tiptap needs a layout engine jsdom lacks: the editor's contract (HTML in value / onChange) is what the page uses.
vi.mock("@/components/kit/rich-text-editor", () => ({
  RichTextEditor: ({ value, onChange, disabled }: { value: string; onChange: (html: string) => void; disabled?: boolean }) => <textarea aria-label="body" value={value} readOnly={disabled} onChange={(e) => onChange(e.target.value)} />,
}));

const stored = (over: Partial<MediaDoc> = {}): MediaDoc => ({ id: 9, parentId: 5, fileName: "Site notice", fileType: 4, filePath: null, fileSize: 24, updateTime: "2026-03-02T08:00:00.000Z", content: "<p>Gate B is closed.</p>", updatedByName: "张工", ...over });
let sent: { path: string; body: Record<string, unknown> }[];
let version: number;
/** What the fake cloud saved last, answered when read again. */
let last: MediaDoc | null;

beforeEach(() => {
  sent = [];
  version = 0;
  last = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.slice(5).split("?")[0];
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (init?.method === "POST") sent.push({ path, body });
      version += 1;
      const at = `2026-03-02T08:0${version}:00.000Z`;
      const id = Number(new URL(url, "http://x").searchParams.get("id"));
      const data =
        path === "file/mediaLibrary/docInfo" ? (last?.id === id ? last : stored())
        : path === "file/mediaLibrary/docAdd" ? (last = stored({ id: 12, parentId: body.parentId as number, fileName: body.fileName as string, content: body.content as string, updateTime: at }))
        : path === "file/mediaLibrary/docUpd" ? (last = stored({ fileName: body.fileName as string, content: body.content as string, updateTime: at }))
        : null;
      return Response.json({ code: 200, msg: "ok", data, success: true });
    }),
  );
});

const show = (locale: Locale, codes = ["file:mediaLibrary:add", "file:mediaLibrary:upd"]) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={codes} roles="">
          <DocumentEditorView />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { locale, timeZone: "Asia/Shanghai" },
  );
const saveButton = () => screen.getByTestId("doc-save") as HTMLButtonElement;

describe("/quillEditor", () => {
  it("writes a new document into the folder it was opened from, then opens it by its id", async () => {
    window.history.replaceState(null, "", "/quillEditor?parentId=5");
    show("en");
    expect(screen.getByText("Not saved yet: it goes into the media library when saved")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("body"), { target: { value: "<p>Gate B is closed on Monday.</p>" } });
    // No name yet: said, and the save waits for one.
    expect(screen.getByText("Enter the document's name")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId("doc-name"), { target: { value: "  Site notice " } });
    expect(screen.getByTestId("doc-state").textContent).toBe("Unsaved changes");
    fireEvent.click(saveButton());
    await waitFor(() => expect(window.location.search).toBe("?id=12"));
    expect(sent).toEqual([{ path: "file/mediaLibrary/docAdd", body: { parentId: 5, fileName: "Site notice", content: "<p>Gate B is closed on Monday.</p>" } }]);
    // Opened from the cache of the save: its name as the title, nothing asked again.
    expect(await screen.findByRole("heading", { name: "Site notice" })).toBeTruthy();
    expect(screen.getByTestId("doc-state").textContent).toMatch(/^Saved by 张工 at 2026-03-02 16:01/);
  });

  it("saves a document naming the version it opened, then the version it saved", async () => {
    window.history.replaceState(null, "", "/quillEditor?id=9");
    show("zh-cn");
    const body = (await screen.findByLabelText("body")) as HTMLTextAreaElement;
    expect(body.value).toBe("<p>Gate B is closed.</p>");
    expect(screen.getByTestId("doc-state").textContent).toMatch(/^张工 于 2026-03-02 16:00:00 保存/);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(body, { target: { value: "<p>Gate B opens on Tuesday.</p>" } });
    expect(screen.getByTestId("doc-state").textContent).toBe("有未保存的修改");
    fireEvent.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: "file/mediaLibrary/docUpd", body: { id: 9, fileName: "Site notice", content: "<p>Gate B opens on Tuesday.</p>", updateTime: "2026-03-02T08:00:00.000Z" } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    fireEvent.change(body, { target: { value: "<p>Gate B opens on Wednesday.</p>" } });
    // Ctrl+S saves too.
    fireEvent.keyDown(window, { key: "s", ctrlKey: true });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body.updateTime).not.toBe("2026-03-02T08:00:00.000Z");
    expect(sent[1].body.updateTime).toMatch(/^2026-03-02T08:0\d:00.000Z$/);
  });

  it("is read-only without the library's edit permission", async () => {
    window.history.replaceState(null, "", "/quillEditor?id=9");
    show("en", []);
    expect(((await screen.findByLabelText("body")) as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByTestId("doc-name") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId("doc-save")).toBeNull();
    expect(screen.getByText(/You may read this document/)).toBeTruthy();
  });
});
