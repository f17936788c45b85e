// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { SWRConfig } from "swr";
import { z } from "zod";
import type { AnyCall } from "@/lib/contract/call";
import { PermissionsProvider } from "../can";
import { SessionProvider } from "../session";
import { defineSettings, SettingsPage } from "./define-settings";

const router = vi.hoisted(() => ({ refresh: vi.fn(), push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/settings" }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

type Prefs = { motto: string; days: number };
let stored: Prefs;
let calls: { method: string; path: string; body?: unknown }[];
const messages = { test: { cards: { prefs: "Preferences", prefsDesc: "What we say" }, fields: { motto: "Motto", days: "Days" } } };
beforeEach(() => {
  stored = { motto: "hello", days: 3 };
  calls = [];
  router.refresh.mockReset();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.slice(5).split("?")[0];
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? "GET", path, body });
      if (path === "t/prefs/save") stored = { ...stored, ...body };
      return Response.json({ code: 200, msg: "ok", data: stored, success: true });
    }),
  );
});

const prefs = (saved?: "answer") =>
  defineSettings<Prefs>({
    ns: "test",
    info: { kind: "get", path: "t/prefs/info" } as AnyCall,
    saved,
    refreshServer: saved !== "answer",
    cards: [
      {
        id: "prefs",
        title: "cards.prefs",
        description: "cards.prefsDesc",
        schema: z.object({ motto: z.string().min(2), days: z.coerce.number() }),
        save: { kind: "post", path: "t/prefs/save" } as AnyCall,
        perm: "t:prefs:save",
        values: (d) => ({ motto: d.motto, days: d.days }),
        fields: ({ data }) => [
          { name: "motto", label: "fields.motto", hint: data.motto === "hello" ? undefined : "fields.days" },
          { name: "days", label: "fields.days", type: "number" },
        ],
      },
    ],
  });

async function show(settings = prefs(), codes = ["t:prefs:save"]) {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
        <PermissionsProvider codes={codes} roles="">
          <SettingsPage settings={settings} />
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    { timeZone: "Asia/Shanghai", messages },
  );
  // The cards' part (form, zod) loads as the screen mounts.
  return screen.findByTestId("prefs", {}, { timeout: 20_000 });
}
const motto = (card: HTMLElement) => within(card).getByLabelText("Motto") as HTMLInputElement;

describe("defineSettings", () => {
  it("loads the settings into the card, marks changes and resets them to what was loaded", async () => {
    const card = await show();
    expect(card.textContent).toContain("Preferences");
    expect(card.textContent).toContain("What we say");
    expect(motto(card).value).toBe("hello");
    const reset = screen.getByTestId("prefs-reset") as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    expect(screen.queryByTestId("prefs-unsaved")).toBeNull();
    fireEvent.change(motto(card), { target: { value: "bye" } });
    await waitFor(() => expect(screen.getByTestId("prefs-unsaved")).toBeTruthy());
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    await waitFor(() => expect(motto(card).value).toBe("hello"));
    expect(screen.queryByTestId("prefs-unsaved")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("checks with the schema, saves to the card's endpoint, reads again and refreshes the server parts", async () => {
    const card = await show();
    fireEvent.change(motto(card), { target: { value: "x" } });
    await act(async () => fireEvent.click(screen.getByTestId("prefs-save")));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.change(motto(card), { target: { value: "good day" } });
    await act(async () => fireEvent.click(screen.getByTestId("prefs-save")));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "t/prefs/save", body: { motto: "good day", days: 3 } });
    expect(calls.filter((c) => c.path === "t/prefs/info")).toHaveLength(2);
    // The saved values are the new baseline; the field builder saw the new settings.
    await waitFor(() => expect(screen.queryByTestId("prefs-unsaved")).toBeNull());
    expect(card.textContent!.split("Days").length - 1).toBe(2);
  });

  it("keeps a save's answer as the settings without reading again", async () => {
    const card = await show(prefs("answer"));
    fireEvent.change(motto(card), { target: { value: "good day" } });
    await act(async () => fireEvent.click(screen.getByTestId("prefs-save")));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === "t/prefs/info")).toHaveLength(1);
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it("asks for the settings and the cards' part at once, and shows the cards when both are in", async () => {
    vi.resetModules();
    const fresh = await import("./define-settings");
    const { renderIntl: render } = await import("@/tests/intl");
    const { PermissionsProvider: Perms } = await import("../can");
    const { SessionProvider: Session } = await import("../session");
    const { SWRConfig: Swr } = await import("swr");
    render(
      <Swr value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Session value={{ tenantId: 2, projId: null, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } }}>
          <Perms codes={["t:prefs:save"]} roles="">
            <fresh.SettingsPage settings={fresh.defineSettings(prefs())} />
          </Perms>
        </Session>
      </Swr>,
      { timeZone: "Asia/Shanghai", messages },
    );
    // First paint: the loading skeleton, the settings already asked for.
    expect(screen.getByTestId("settings-loading")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "t/prefs/info")).toBe(true));
    const card = await screen.findByTestId("prefs", {}, { timeout: 20_000 });
    expect(motto(card).value).toBe("hello");
  });

  it("is read-only without the save permission", async () => {
    const card = await show(prefs(), []);
    expect(motto(card).disabled || motto(card).readOnly).toBe(true);
    expect(screen.queryByTestId("prefs-save")).toBeNull();
  });
});
