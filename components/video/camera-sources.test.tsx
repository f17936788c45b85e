// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { renderIntl } from "@/tests/intl";
import { CameraSources } from "./camera-sources";

type Asked = { method: string; path: string; body: unknown };
let asked: Asked[];
let stored: string | null;

beforeEach(() => {
  asked = [];
  stored = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, location.href);
      const body = init?.body ? (JSON.parse(String(init.body)) as { whepUrl: string | null }) : null;
      asked.push({ method: init?.method ?? "GET", path: u.pathname, body });
      if (u.pathname === "/api/device/video/sourcesSave") stored = body!.whepUrl;
      return new Response(JSON.stringify({ code: 200, msg: "", data: { whepUrl: stored } }), { headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (onSaved = vi.fn()) => {
  renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CameraSources deviceId={9} onSaved={onSaved} />
    </SWRConfig>,
    { locale: "en" },
  );
  return onSaved;
};

describe("CameraSources", () => {
  it("refuses an address that is no http(s) WHEP endpoint before sending anything, saves one that is, and removes it when emptied", async () => {
    const onSaved = render();
    const input = screen.getByTestId("whep-url") as HTMLInputElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(asked[0]).toMatchObject({ method: "GET", path: "/api/device/video/sources" });

    fireEvent.change(input, { target: { value: "rtsp://cam.local:554/live" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("http:// or https://");
    expect(asked.filter((a) => a.method === "POST")).toHaveLength(0);

    fireEvent.change(input, { target: { value: " http://mediamtx:8889/cam1/whep " } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(asked.find((a) => a.method === "POST")).toEqual({ method: "POST", path: "/api/device/video/sourcesSave", body: { id: 9, whepUrl: "http://mediamtx:8889/cam1/whep" } });
    expect(input.value).toBe("http://mediamtx:8889/cam1/whep");

    fireEvent.change(input, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(asked.filter((a) => a.method === "POST")[1].body).toEqual({ id: 9, whepUrl: null });
  });
});
