// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { DialogActions } from "./dialogs/dialog-actions";

describe("a dialog's confirm while it saves (issue 40)", () => {
  for (const [locale, ok] of [
    ["en", "OK"],
    ["zh-cn", "确定"],
  ] as const) {
    it(`${locale}: a second click while the first save runs saves nothing more; the button is disabled until it ends`, async () => {
      let finish: () => void = () => undefined;
      const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      renderIntl(<DialogActions onCancel={() => undefined} onSubmit={save} />, { locale });
      const button = screen.getByRole("button", { name: ok }) as HTMLButtonElement;
      // Two clicks in the same tick: the second is refused before any re-render.
      act(() => {
        fireEvent.click(button);
        fireEvent.click(button);
      });
      expect(save).toHaveBeenCalledTimes(1);
      expect(button.disabled).toBe(true);
      fireEvent.click(button);
      expect(save).toHaveBeenCalledTimes(1);
      await act(async () => finish());
      expect(button.disabled).toBe(false);
      // A failed save frees the button too.
      save.mockImplementationOnce(() => Promise.reject(new Error("refused")));
      await act(async () => {
        fireEvent.click(button);
        await Promise.resolve();
      });
      expect(save).toHaveBeenCalledTimes(2);
      expect(button.disabled).toBe(false);
    });
  }
});
