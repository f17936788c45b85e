// @vitest-environment jsdom
import * as React from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { PressedGroup } from "./pressed-group";

function Wall() {
  const [split, setSplit] = React.useState<1 | 4 | 9>(4);
  return <PressedGroup label="Split" value={split} onChange={setSplit} options={([1, 4, 9] as const).map((n) => ({ value: n, label: `${n} tiles`, testId: `split-${n}` }))} />;
}

describe("PressedGroup", () => {
  afterEach(cleanup);

  it("presses the chosen button only, in a group named by its label", () => {
    render(<Wall />);
    expect(screen.getByRole("group", { name: "Split" })).toBeTruthy();
    expect(screen.getByTestId("split-4").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("split-9"));
    expect(screen.getByTestId("split-9").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("split-4").getAttribute("aria-pressed")).toBe("false");
  });

  it("can leave its label to screen readers", () => {
    render(<PressedGroup label="Split" hideLabel value="a" onChange={() => {}} options={[{ value: "a", label: "A" }]} />);
    expect(screen.queryByText("Split")).toBeNull();
    expect(screen.getByRole("group", { name: "Split" })).toBeTruthy();
  });
});
