import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

/** /devices/dataPush: the push list, its form's header rows, the test send and the attempt log of the view. */
export class DataPushPage extends ResourcePageObject {
  constructor(page: Page) {
    super(page);
  }

  async addHeader(i: number, name: string, value: string, secret: boolean) {
    await this.page.getByTestId("add-headers").click();
    await this.page.getByTestId(`headers.${i}.name`).fill(name);
    await this.page.getByTestId(`headers.${i}.value`).fill(value);
    if (secret) await this.page.getByTestId(`headers.${i}.secret`).click();
  }

  /** Opens a configuration's view on its log tab; the attempts' table. */
  async openLog(name: string) {
    await this.rowAction(name, "view");
    await this.dialog("view").getByTestId("detail-tab-log").click();
    return this.dialog("view").getByTestId("detail-list");
  }
}

/** A receiver on loopback that keeps what it is sent. */
export async function startReceiver() {
  const requests: { headers: Record<string, string | string[] | undefined>; body: { items?: { kind: string; test?: number; identifier: string }[] } }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        requests.push({ headers: req.headers, body: JSON.parse(body) });
      } catch {
        requests.push({ headers: req.headers, body: {} });
      }
      res.end("received");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/iot/receive`;
  return {
    url,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    /** Values of the simulator (not the test send) that arrived. */
    values: () => requests.flatMap((r) => r.body.items ?? []).filter((i) => i.kind === "telemetry" && !i.test),
  };
}

export const expectNoSecret = async (page: Page, secret: string) => expect(page.locator("body")).not.toContainText(secret);
