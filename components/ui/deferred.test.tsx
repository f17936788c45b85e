// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { deferred, useDeferredContextMenu, useDeferredPopup, type Deferred } from "./deferred";

type PopupProps = { trigger: React.ReactElement; open: boolean };
function Popup({ trigger, open }: PopupProps) {
  return (
    <div data-testid="popup" data-open={open}>
      {trigger}
    </div>
  );
}

function Host({ part }: { part: Deferred<typeof Popup> }) {
  const { Part, open, triggerProps } = useDeferredPopup(part);
  const trigger = (
    <button type="button" data-testid="trigger" {...triggerProps}>
      menu
    </button>
  );
  return Part ? <Part trigger={trigger} open={open} /> : trigger;
}

/** A part whose import the test resolves or fails by hand. */
function manual() {
  const calls: { resolve: (v: typeof Popup) => void; reject: (e: Error) => void }[] = [];
  const part = deferred(() => new Promise<typeof Popup>((resolve, reject) => calls.push({ resolve, reject })));
  return { part, calls };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useDeferredPopup", () => {
  it("renders the plain trigger, announced as a popup, until the part arrives; a click opens it once loaded", async () => {
    const { part, calls } = manual();
    render(<Host part={part} />);
    const trigger = screen.getByTestId("trigger");
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("popup")).toBeNull();
    fireEvent.click(trigger);
    // One import however often it is asked for.
    fireEvent.click(trigger);
    expect(calls).toHaveLength(1);
    await act(async () => calls[0].resolve(Popup));
    expect(screen.getByTestId("popup").getAttribute("data-open")).toBe("true");
    expect(screen.getByTestId("trigger").getAttribute("aria-haspopup")).toBeNull();
  });

  it("loads the part when the browser is idle, closed", async () => {
    vi.useFakeTimers();
    const { part, calls } = manual();
    render(<Host part={part} />);
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(calls).toHaveLength(1);
    await act(async () => calls[0].resolve(Popup));
    expect(screen.getByTestId("popup").getAttribute("data-open")).toBe("false");
  });

  it("stays closed when the part cannot be fetched, and the next click tries again", async () => {
    const { part, calls } = manual();
    render(<Host part={part} />);
    fireEvent.click(screen.getByTestId("trigger"));
    await act(async () => calls[0].reject(new Error("ChunkLoadError")));
    expect(screen.queryByTestId("popup")).toBeNull();
    fireEvent.click(screen.getByTestId("trigger"));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].resolve(Popup));
    expect(screen.getByTestId("popup").getAttribute("data-open")).toBe("true");
  });
});

/** A loaded context menu as radix's trigger sees it: it opens on the contextmenu event at its point. */
function Menu({ children, onOpen }: { children: React.ReactElement<React.HTMLAttributes<HTMLElement>>; onOpen: (at: string) => void }) {
  return <span onContextMenu={(e) => onOpen(`${e.clientX},${e.clientY}`)}>{children}</span>;
}

function Targets({ part, onOpen }: { part: Deferred<typeof Menu>; onOpen: (at: string) => void }) {
  const { Part, targetProps } = useDeferredContextMenu(part);
  return (
    <div>
      {["a", "b"].map((key) => {
        const target = (
          <div key={key} data-testid={key} {...targetProps(key)}>
            {key}
          </div>
        );
        return Part ? (
          <Part key={key} onOpen={(at) => onOpen(`${key}@${at}`)}>
            {target}
          </Part>
        ) : (
          target
        );
      })}
    </div>
  );
}

describe("useDeferredContextMenu", () => {
  it("keeps the browser's menu shut on a right-click before the part arrives, then opens the menu of that target at that point", async () => {
    const calls: ((v: typeof Menu) => void)[] = [];
    const part = deferred(() => new Promise<typeof Menu>((resolve) => calls.push(resolve)));
    const opened: string[] = [];
    render(<Targets part={part} onOpen={(at) => opened.push(at)} />);
    // fireEvent answers false when the default (the browser's own menu) was prevented.
    expect(fireEvent.contextMenu(screen.getByTestId("b"), { clientX: 40, clientY: 12 })).toBe(false);
    expect(calls).toHaveLength(1);
    expect(opened).toEqual([]);
    await act(async () => calls[0](Menu));
    expect(opened).toEqual(["b@40,12"]);
    // Once loaded, the target is the loaded menu's alone: one opening per right-click.
    fireEvent.contextMenu(screen.getByTestId("a"), { clientX: 5, clientY: 6 });
    expect(opened).toEqual(["b@40,12", "a@5,6"]);
  });

  it("opens nothing after the part loads on its own, without a right-click", async () => {
    vi.useFakeTimers();
    const calls: ((v: typeof Menu) => void)[] = [];
    const part = deferred(() => new Promise<typeof Menu>((resolve) => calls.push(resolve)));
    const opened: string[] = [];
    render(<Targets part={part} onOpen={(at) => opened.push(at)} />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(async () => calls[0](Menu));
    expect(opened).toEqual([]);
  });
});
