// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { useForm, type FieldValues } from "react-hook-form";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import type { OtaPreview } from "@/lib/contract/ota/task-api";
import { PreviewField } from "./ota-fields";

let asked: Record<string, unknown>[] = [];
const answer: OtaPreview = {
  targeted: 1200, online: 1000, alreadyOn: 0, pullOnly: 0, busy: 0, byVersion: [{ version: "1.1.0", devices: 1200 }],
  projectedMin: 12, maxDownloads: 20, downloadS: 12, downloadBasis: "history", capPerMin: 100, bound: "cap",
};

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      asked.push(JSON.parse(String(init?.body ?? "{}")));
      return Response.json({ code: 200, msg: "ok", data: answer, success: true });
    }),
  );
});

function Harness() {
  const form = useForm<FieldValues>({ defaultValues: { packageId: 5, target: 1, deviceIds: [], rate: 600, maxDownloads: 20 } });
  return <PreviewField form={form} field={{ name: "preview", value: undefined, onChange: () => {}, onBlur: () => {}, ref: () => {}, disabled: false }} id="preview" disabled={false} invalid={false} />;
}

describe("the task form's dry run", () => {
  it.each<[Locale, string]>([
    ["zh-cn", "同时下载至多 20 台，每台下载约 12 秒（按该产品以往升级的耗时）：上限每分钟可容 100 台，耗时由上限决定。"],
    ["en", "At most 20 downloading at once, a download taking about 12 s (as this product's past upgrades took): the cap allows 100 devices a minute and sets the pace."],
  ])("%s: sends the cap with the rate and says what pace it allows", async (locale, text) => {
    renderIntl(<Harness />, { locale, timeZone: "Asia/Shanghai" });
    fireEvent.click(screen.getByRole("button"));
    expect((await screen.findByTestId("ota-preview-cap")).textContent).toBe(text);
    expect(asked[0]).toMatchObject({ packageId: 5, rate: 600, maxDownloads: 20 });
  });
});
