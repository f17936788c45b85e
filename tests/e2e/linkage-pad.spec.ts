import { expect, test } from "@playwright/test";
import { LinkagePadPage } from "./pages/linkage-pad-page";
import { loginAs } from "./pages/login-page";
import { ShellPage } from "./pages/shell-page";

/**
 * The linkage pad (issue 20, widgets §7) on the device page: a simulator GNSS station's camera
 * turned by holding a direction, its position answered on release, its stream URL asked for; a
 * tilt meter (no padControl service) has no Control card — in both languages.
 */
test.describe.configure({ mode: "serial" });

const PROJECT = "滨江花园二期基坑监测";
// The first GNSS station (the 12th monitoring product) and the first tilt meter, both in the first project.
const GNSS = "SIM12001";
const TILT = "SIM01001";
const TEXT = {
  "zh-cn": { title: "联动控制", tilt: /俯仰 [1-9]\d*(\.\d)?°/ },
  en: { title: "Control", tilt: /Tilt [1-9]\d*(\.\d)?°/ },
} as const;

for (const locale of ["zh-cn", "en"] as const) {
  const T = TEXT[locale];

  test(`${locale}: hold up to turn the station's camera, ask for its stream; no pad on a tilt meter`, async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: "locale", value: locale, url: testInfo.project.use.baseURL ?? "http://127.0.0.1" }]);
    await loginAs(page, "demoadmin");
    await expect(page).toHaveURL(/\/home/);
    const shell = new ShellPage(page);
    await shell.ready();
    await shell.chooseProject(PROJECT);
    const ui = new LinkagePadPage(page);

    await ui.open(await ui.idOf(GNSS));
    await expect(ui.section("control")).toContainText(T.title);
    // Usable once the station is online (it connects and reports at the simulator's start).
    await expect(ui.pad()).not.toHaveAttribute("data-disabled", /.*/, { timeout: 60_000 });
    await ui.untilAnswered(() => ui.hold("up", 600), ui.pad().getByTestId("pad-position"), T.tilt);
    await ui.untilAnswered(() => ui.button("stream").click(), ui.pad().getByTestId("pad-stream"), new RegExp(`^rtsp://${GNSS.toLowerCase()}\\.cam\\.local`));

    await ui.open(await ui.idOf(TILT));
    await expect(ui.tile("angleX")).toBeVisible();
    await expect(ui.section("control")).toHaveCount(0);
  });
}
