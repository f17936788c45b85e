// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { ChangePasswordDialog } from "./lazy-password-dialogs";

// Stands for the dialogs' module: `loaded` tells whether anything imported it.
const seen = vi.hoisted(() => ({ loaded: false }));
vi.mock("./password-dialogs", () => {
  seen.loaded = true;
  return {
    ChangePasswordDialog: ({ open }: { open: boolean }) => <p>dialog {open ? "open" : "closed"}</p>,
    ResetPasswordDialog: () => null,
  };
});

describe("the lazy password dialogs (issue 41: a closed dialog costs a page nothing)", () => {
  it("load their code the first time one opens, and stay mounted after so they close with their animation", async () => {
    const view = render(<ChangePasswordDialog open={false} onOpenChange={() => {}} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.loaded).toBe(false);
    expect(view.container.textContent).toBe("");

    view.rerender(<ChangePasswordDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText("dialog open")).toBeTruthy();
    expect(seen.loaded).toBe(true);

    view.rerender(<ChangePasswordDialog open={false} onOpenChange={() => {}} />);
    expect(await screen.findByText("dialog closed")).toBeTruthy();
  });
});
