// @vitest-environment jsdom
import * as React from "react";
import { describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { DisplayMap } from "@/components/maps/display-map";
import { mapTestSetup } from "@/components/maps/map-test-setup";
import { ScreenProvider } from "./screen-context";

// No key configured: maps run on the coordinate canvas and tell that tiles need a key.
vi.mock("@/components/maps/map-config", () => ({ useMapConfig: () => ({ apiKey: "", mapId: "" }) }));

const messages = mapTestSetup();

const devices = [{ id: 1, deviceName: "Tilt 1", deviceLongitude: 113.88, deviceLatitude: 22.55 }];
const map = (locale: string, onScreen: boolean) => {
  const ui = <DisplayMap devices={devices} height={300} />;
  return render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]}>
      {onScreen ? <ScreenProvider value={{ tenantId: 2, projId: 1, project: null, companyName: "" }}>{ui}</ScreenProvider> : ui}
    </NextIntlClientProvider>,
  );
};

describe("the map key note on a data screen", () => {
  it("is a caption with nothing to dismiss, in the screen's language", () => {
    map("en", true);
    expect(screen.getByTestId("map-key-caption").textContent).toContain("GOOGLE_MAPS_API_KEY");
    expect(screen.queryByTestId("map-key-notice")).toBeNull();
    expect(screen.queryByRole("button", { name: "Got it" })).toBeNull();
    cleanup();
    map("zh-cn", true);
    expect(screen.getByTestId("map-key-caption").textContent).toContain("未配置地图密钥");
  });

  it("stays the dismissible note in the console", () => {
    map("en", false);
    expect(screen.getByTestId("map-key-notice")).toBeTruthy();
    expect(screen.queryByTestId("map-key-caption")).toBeNull();
  });
});
