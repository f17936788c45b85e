// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Controller, useForm } from "react-hook-form";
import { NumberInput } from "./number-input";

afterEach(cleanup);

function Form({ onSubmit }: { onSubmit: (v: { depth: number | "" }) => void }) {
  const form = useForm<{ depth: number | "" }>({ defaultValues: { depth: 1 } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <Controller name="depth" control={form.control} render={({ field }) => <NumberInput aria-label="depth" min={0} max={100} floatNum={2} value={field.value} onChange={field.onChange} />} />
    </form>
  );
}

describe("NumberInput", () => {
  it("puts the typed number, rounded and clamped, into a form submitted with Enter", async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    const input = screen.getByLabelText("depth");
    fireEvent.change(input, { target: { value: "12.345" } });
    // The browser submits on Enter after keydown, before the field loses focus.
    fireEvent.keyDown(input, { key: "Enter" });
    await act(async () => fireEvent.submit(input.closest("form")!));
    expect(onSubmit.mock.calls[0][0]).toEqual({ depth: 12.35 });
    expect((input as HTMLInputElement).value).toBe("12.35");

    fireEvent.change(input, { target: { value: "250" } });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe("100");
  });
});
