// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import type { MediaFolder, MediaItem } from "@/lib/contract/media/media-library";
import { MediaPicker } from "./media-picker";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const folders: MediaFolder[] = [{ id: 1, fileName: "Sites", parentId: null, children: [{ id: 2, fileName: "Bridge", parentId: 1, children: [] }] }];
const item = (id: number, fileName: string, fileType: 1 | 2 | 3, filePath: string | null, parentId: number | null = null): MediaItem => ({ id, fileName, fileType, filePath, parentId, fileSize: 10, updateTime: "2026-03-02T08:00:00Z" });
const byFolder: Record<string, MediaItem[]> = {
  root: [item(1, "Sites", 1, null), item(5, "Plan", 2, "2/20260302/0123456789abcdef0123456789abcdef.png"), item(6, "Scan", 2, "2/20260302/0123456789abcdef0123456789abcde0.bmp"), item(7, "Lift", 3, "2/20260302/0123456789abcdef0123456789abcde1.mp4")],
  "1": [item(2, "Bridge", 1, null, 1), item(8, "Pier", 2, "2/20260302/0123456789abcdef0123456789abcde2.jpg", 1)],
};
let calls: string[];

beforeEach(() => {
  calls = [];
  Object.values(toast).forEach((f) => f.mockReset());
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const u = new URL(url, "http://x");
      const path = u.pathname.slice(5);
      if (path === "file/mediaLibrary/treeFolder") return Response.json({ code: 200, msg: "ok", data: folders, success: true });
      if (path === "file/mediaLibrary/page") {
        const records = byFolder[u.searchParams.get("parentId") ?? "root"] ?? [];
        return Response.json({ code: 200, msg: "ok", data: { total: records.length, records }, success: true });
      }
      return Response.json({ code: 404, msg: "no", data: null, success: false });
    }),
  );
});

const wrap = (ui: React.ReactNode) =>
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {ui}
    </SWRConfig>,
  );
const flush = () => act(async () => {});

describe("MediaPicker", () => {
  it("browses folders, shows images but no videos, and answers the chosen image", async () => {
    const onPick = vi.fn();
    wrap(<MediaPicker open onOpenChange={() => {}} accept={["jpg", "jpeg", "png"]} onPick={onPick} />);
    await flush();
    const dialog = screen.getByTestId("media-picker");
    const names = () => within(dialog).queryAllByTestId("media-picker-item").map((b) => b.textContent);
    expect(names()).toEqual(["Sites", "Plan", "Scan"]);
    // A bmp is no use to a jpg / png field: shown, not choosable.
    expect(within(dialog).getAllByTestId("media-picker-item")[2]).toHaveProperty("disabled", true);
    expect(screen.getByTestId("media-picker-confirm")).toHaveProperty("disabled", true);

    fireEvent.click(within(dialog).getAllByTestId("media-picker-item")[0]);
    await flush();
    expect(calls.some((c) => c.includes("parentId=1"))).toBe(true);
    expect(names()).toEqual(["Bridge", "Pier"]);
    fireEvent.click(within(dialog).getAllByTestId("media-picker-item")[1]);
    fireEvent.click(screen.getByTestId("media-picker-confirm"));
    await flush();
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 8, filePath: "2/20260302/0123456789abcdef0123456789abcde2.jpg" }));
  });

  it("goes back to the root from the folder tree", async () => {
    wrap(<MediaPicker open onOpenChange={() => {}} accept={["png"]} onPick={() => {}} />);
    await flush();
    const tree = screen.getByTestId("media-picker-folders");
    fireEvent.click(within(tree).getByText("Bridge"));
    await flush();
    expect(calls.some((c) => c.includes("parentId=2"))).toBe(true);
    fireEvent.click(within(tree).getByText("All files"));
    await flush();
    expect(within(screen.getByTestId("media-picker")).getAllByTestId("media-picker-item").map((b) => b.textContent)).toEqual(["Sites", "Plan", "Scan"]);
  });
});
