import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** /dataScreenPoint's placement panel: the chosen scene's plan and the project's devices beside it. */
export class ScenePlacerPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId("scene-placer");
  }

  plan(): Locator {
    return this.root().getByTestId("floor-plan");
  }

  /** A device of the list by its name. */
  device(name: string): Locator {
    return this.root().getByTestId("placer-devices").locator("li").filter({ hasText: name });
  }

  /** The name of the first device not placed on the scene yet. */
  async firstUnplaced(notPlaced: string): Promise<string> {
    const row = this.root().getByTestId("placer-devices").locator("li").filter({ hasText: notPlaced }).first();
    return (await row.locator("span.truncate").first().innerText()).trim();
  }

  marker(name: string): Locator {
    return this.plan().locator("[data-plan-point]").filter({ has: this.page.locator(`[data-plan-label]`, { hasText: name }) });
  }

  /**
   * Chooses a device, then clicks the plan at a fraction of its width and height. The placer may be
   * drawn again between the two (its plan and device list load late under load, dropping the choice):
   * the pair is made again until the placement is sent.
   */
  async place(name: string, fx: number, fy: number) {
    let answer: Response | null = null;
    await expect(async () => {
      const chosen = this.device(name).getByRole("button").first();
      if ((await chosen.getAttribute("aria-pressed")) !== "true") await chosen.click();
      await expect(this.root().getByTestId("placer-hint")).toContainText(name, { timeout: 2_000 });
      const box = await this.plan().boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(0);
      const sent = this.page.waitForResponse((r) => r.url().includes("/api/device/sceneDevice/add"), { timeout: 5_000 });
      await this.plan().click({ position: { x: box!.width * fx, y: box!.height * fy } });
      answer = await sent;
    }).toPass({ timeout: 60_000 });
    expect((await answer!.json()).code).toBe(200);
  }
}

/** houseDataScreen: the building data screen in its own tab. */
export class HouseScreenPage {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId("house-data-screen");
  }

  scene(): Locator {
    return this.page.getByTestId("house-scene");
  }

  marker(name: string): Locator {
    return this.scene().locator("[data-plan-point]").filter({ has: this.page.locator("[data-plan-label]", { hasText: name }) });
  }

  pointValues(): Locator {
    return this.page.getByTestId("house-point-value");
  }
}
