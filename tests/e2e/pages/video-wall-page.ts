import { expect, type Locator, type Page } from "@playwright/test";

/** The video wall (/videoSurveillances/videoSurveillance) as a user drives it. */
export class VideoWallPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/videoSurveillances/videoSurveillance");
    await expect(this.page.getByTestId("video-wall")).toBeVisible({ timeout: 30_000 });
  }

  tiles(): Locator {
    return this.page.getByTestId("camera-tile");
  }

  playing(): Locator {
    return this.page.locator('[data-testid="camera-tile"] [data-testid="stream-player"][data-state="playing"]');
  }

  slot(i: number): Locator {
    return this.page.locator(`[data-testid="wall-slot"][data-slot="${i}"]`);
  }

  treeCamera(i: number): Locator {
    return this.page.getByTestId("tree-camera").nth(i);
  }

  async split(n: 1 | 4 | 9 | 16) {
    await this.page.getByTestId(`split-${n}`).click();
    await expect(this.page.getByTestId("wall-slot")).toHaveCount(n);
  }

  /** Chooses FLV, HLS or WebRTC for the wall's tiles (kept in this browser). */
  async stream(kind: "flv" | "hls" | "webrtc") {
    await this.page.getByTestId(`stream-${kind}`).click();
    await expect(this.page.getByTestId(`stream-${kind}`)).toHaveAttribute("aria-pressed", "true");
  }

  pad(): Locator {
    return this.page.getByTestId("camera-pad").getByTestId("video-camera-pad");
  }

  /** Where the pad says the camera points (after a click, a release or a restore). */
  position(): Locator {
    return this.pad().getByTestId("camera-pad-position");
  }

  /** Holds a pad direction with the mouse for `ms`, then lets go. */
  async hold(dir: "up" | "down" | "left" | "right", ms: number) {
    await this.pad().locator(`[data-dir="${dir}"]`).hover();
    await this.page.mouse.down();
    await this.page.waitForTimeout(ms);
    await this.page.mouse.up();
  }

  /** Holds an arrow key on the focused cross for `ms`, then lets go. */
  async holdKey(key: "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight", ms: number) {
    await this.pad().getByRole("group").focus();
    await this.page.keyboard.down(key);
    await this.page.waitForTimeout(ms);
    await this.page.keyboard.up(key);
  }
}
