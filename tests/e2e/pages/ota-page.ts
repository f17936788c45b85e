import { expect, type Locator, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** /OTAUpdate (the packages and tasks tabs) and a task's detail, /OTATaskInfo. */
export class OtaPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  async tab(name: "packages" | "tasks") {
    await this.page.getByTestId(`ota-tab-${name}`).click();
    await this.waitIdle();
  }

  /** Uploads a firmware image through the package form's file field and waits for its hashes. */
  async uploadFirmware(name: string, bytes: Buffer) {
    await this.page.getByTestId("ota-firmware-input").setInputFiles({ name, mimeType: "application/octet-stream", buffer: bytes });
    await expect(this.page.getByTestId("ota-firmware")).toContainText("SHA-256", { timeout: 30_000 });
  }

  radio(name: string, label: string | RegExp): Locator {
    return this.field(name).getByText(label, { exact: typeof label === "string" });
  }

  gate(): Locator {
    return this.page.getByTestId("ota-gate");
  }

  deviceRows(): Locator {
    return this.page.getByTestId("ota-device-row");
  }

  num(key: string): Locator {
    return this.page.getByTestId(`ota-num-${key}`);
  }
}
