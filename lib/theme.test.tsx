// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { STORAGE } from "@/lib/client-state";
import { setTheme, useTheme } from "./theme";

afterEach(() => {
  cleanup();
  document.documentElement.className = "";
  localStorage.clear();
});

function Shown() {
  const { resolvedTheme } = useTheme();
  return <span data-testid="theme">{resolvedTheme}</span>;
}

describe("theme", () => {
  it("reads the class the first script set, and adds nothing to the page when it starts", () => {
    document.documentElement.classList.add("dark");
    const before = document.head.innerHTML;
    render(<Shown />);
    expect(screen.getByTestId("theme").textContent).toBe("dark");
    // No stylesheet, no class change: the page is not restyled at start.
    expect(document.head.innerHTML).toBe(before);
    expect(document.documentElement.className).toBe("dark");
  });

  it("switches the class, remembers the choice and tells every user; transitions are off only while it switches", async () => {
    render(<Shown />);
    expect(screen.getByTestId("theme").textContent).toBe("light");
    act(() => setTheme("dark"));
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(localStorage.getItem(STORAGE.theme)).toBe("dark");
    expect(screen.getByTestId("theme").textContent).toBe("dark");
    expect(document.head.textContent).toContain("transition:none");
    await new Promise((r) => setTimeout(r, 10));
    expect(document.head.textContent).not.toContain("transition:none");
    act(() => setTheme("light"));
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(screen.getByTestId("theme").textContent).toBe("light");
  });

  it("follows a choice made in another tab", () => {
    render(<Shown />);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: STORAGE.theme, newValue: "dark" }));
    });
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(screen.getByTestId("theme").textContent).toBe("dark");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "other", newValue: "light" }));
    });
    expect(screen.getByTestId("theme").textContent).toBe("dark");
  });
});
