// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { deferredDialogs } from "./deferred-dialogs";

afterEach(cleanup);

function Host({ name }: { name: string }) {
  return <p data-testid="host">{name}</p>;
}

describe("deferredDialogs", () => {
  it("renders nothing at first paint, then the loaded host with the screen's props; loads it once", async () => {
    const importer = vi.fn(() => Promise.resolve(Host));
    const Dialogs = deferredDialogs(importer);
    const { rerender } = render(<Dialogs name="roles" />);
    expect(screen.queryByTestId("host")).toBeNull();
    expect((await screen.findByTestId("host")).textContent).toBe("roles");
    rerender(<Dialogs name="tenant roles" />);
    expect(screen.getByTestId("host").textContent).toBe("tenant roles");
    render(<Dialogs name="again" />);
    expect(await screen.findByText("again")).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
