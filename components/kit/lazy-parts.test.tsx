// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { lazyParts } from "./lazy-parts";

afterEach(cleanup);

describe("lazyParts", () => {
  it("imports the module only when one of its parts first mounts, and gives each part its own component", async () => {
    const importer = vi.fn(async () => ({ Hello: ({ name }: { name: string }) => <p>hello {name}</p>, Bye: () => <p>bye</p>, other: 1 }));
    const { Hello, Bye } = lazyParts(importer, ["Hello", "Bye"]);
    expect(importer).not.toHaveBeenCalled();
    render(
      <>
        <Hello name="Ada" />
        <Bye />
      </>,
    );
    expect(await screen.findByText("hello Ada")).toBeTruthy();
    expect(await screen.findByText("bye")).toBeTruthy();
    expect(importer).toHaveBeenCalled();
  });
});
