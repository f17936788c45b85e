import { expect, type Locator, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** What the dialog shows once: `broker` is "host:port" of the MQTT broker devices connect to. */
export type ShownCredentials = { sn: string; secret: string; postTopic: string; broker: string };

/** The device list: the resource list plus its status cells, credentials dialog and list / map switch. */
export class DevicesPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  statusOf(text: string | RegExp): Locator {
    return this.row(text).first().getByTestId("device-status");
  }

  /** Online rows of the current page. */
  online(): Locator {
    return this.page.locator('[data-testid="device-status"][data-status="2"]');
  }

  credentials(): Locator {
    return this.page.getByTestId("credentials-dialog");
  }

  /** Reads the credentials dialog; the secret through its copy button and the clipboard. */
  async copyCredentials(): Promise<ShownCredentials> {
    const dialog = this.credentials();
    await expect(dialog).toBeVisible();
    const sn = (await dialog.getByTestId("credentials-sn").innerText()).trim();
    const shown = (await dialog.getByTestId("credentials-secret").innerText()).trim();
    await dialog.getByTestId("credentials-secret").locator("xpath=..").getByRole("button").click();
    const secret = await this.page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(shown);
    const postTopic = (await dialog.locator('[data-testid="credentials-topic"][data-channel="property/post"]').innerText()).trim();
    const broker = (await dialog.getByTestId("credentials-broker").innerText()).trim();
    return { sn, secret, postTopic, broker };
  }

  async closeCredentials() {
    await this.credentials().getByRole("button").last().click();
    await expect(this.credentials()).toBeHidden();
  }

  async showMap() {
    await this.page.getByTestId("display-map").click();
    await expect(this.page.getByTestId("devices-map")).toBeVisible();
  }

  async showList() {
    await this.page.getByTestId("display-list").click();
    await this.waitIdle();
  }
}
