// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { stubResizeObserver } from "@/tests/resize-observer";
import { useBoxObserver } from "./box-observer";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Box() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useBoxObserver(ref, (el) => setWidth(el.clientWidth), true);
  return (
    <div ref={ref} data-testid="box" data-width={width}>
      <span />
    </div>
  );
}

it("reads the box only when the observer reports it (never a layout forced while rendering), the box and its first child observed", () => {
  const { observed, layOut } = stubResizeObserver();
  const width = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(640);
  render(<Box />);
  expect(width).not.toHaveBeenCalled();
  expect(observed.map((el) => el.tagName)).toEqual(["DIV", "SPAN"]);
  layOut();
  expect(screen.getByTestId("box").dataset.width).toBe("640");
});
