import { expect, type Locator, type Page } from "@playwright/test";
import { ResourcePageObject } from "./resource-page";

export type Step = "accept" | "handle" | "review" | "close" | "clear";

/** The alarm detail page (/alarm/alarmCenterInfo): status, timeline, the step buttons and their forms. */
export class AlarmInfoPage {
  constructor(readonly page: Page) {}

  status(): Locator {
    return this.page.getByTestId("alarm-status");
  }

  async expectStatus(status: number) {
    await expect(this.status()).toHaveAttribute("data-status", String(status), { timeout: 15_000 });
  }

  timelineSteps(): Locator {
    return this.page.getByTestId("alarm-timeline").locator("li");
  }

  action(step: Step): Locator {
    return this.page.locator(`[data-action="${step}"]:visible`);
  }

  /** Takes a step through its form: a remark, and for a review its result. */
  async take(step: Step, opts: { remark?: string; result?: string } = {}) {
    await this.action(step).click();
    await new WorkflowForm(this.page, step).submit(opts);
  }
}

/** A workflow form (accept, handle, review, close, clear), from the detail page or the to-do centre. */
export class WorkflowForm {
  constructor(
    readonly page: Page,
    readonly step: Step,
  ) {}

  dialog(): Locator {
    return this.page.getByTestId(`workflow-${this.step}`);
  }

  async submit(opts: { remark?: string; result?: string } = {}) {
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    if (opts.result) await dialog.locator('[data-field="checkResult"]').getByText(opts.result, { exact: true }).click();
    if (opts.remark !== undefined) await dialog.locator('[data-field="remark"] textarea').fill(opts.remark);
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
  }
}

/** The to-do centre: tabs by to-do status, rows by their title. */
export class TodoPage extends ResourcePageObject {
  async openTab(status: 1 | 2 | 3) {
    await this.open(`/msg/todo?todoStatus=${status}`);
  }

  async take(title: string | RegExp, step: "handle" | "review", opts: { remark?: string; result?: string }) {
    await this.rowAction(title, step);
    await new WorkflowForm(this.page, step).submit(opts);
    await this.waitIdle();
  }
}
