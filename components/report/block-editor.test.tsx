// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { ReportPoint, ReportSources } from "@/lib/contract/report/template";
import { BlockEditor } from "./block-editor";

const POINTS: ReportPoint[] = [{ ref: "12:disp", deviceName: "Tilt meter", identifier: "disp", latest: 1.5 }];
const SOURCES: ReportSources = { strings: [{ id: 21, deviceName: "String A" }, { id: 22, deviceName: "String B" }], scenes: [{ id: 7, sceneName: "Ground floor", plan: true }] };
vi.mock("@/lib/api/call", () => ({
  useCall: (c: { path: string }) => ({ data: c.path.endsWith("/sources") ? SOURCES : POINTS }),
}));

beforeAll(() => {
  // ProseMirror measures selections, Radix's select captures the pointer; jsdom has neither.
  document.elementFromPoint = () => null;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

/** Chooses an option of the kit's select by its label (its list loads on the first click). */
async function choose(trigger: HTMLElement, label: string) {
  fireEvent.click(trigger);
  fireEvent.click(await screen.findByRole("option", { name: label }, { timeout: 20_000 }));
}

describe("BlockEditor's site blocks", () => {
  it("names the blocks a document holds: the strings and curves of a profile, the scene of a layout", async () => {
    const html = `<div data-report-block="inclinometer" data-points="" data-devices="21,22" data-curves="4"></div><div data-report-block="layout" data-points="" data-scene="7"></div><div data-report-block="inspection" data-points=""></div>`;
    renderIntl(<BlockEditor value={html} onChange={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId("report-block")).toHaveLength(3), { timeout: 20_000 });
    expect(screen.getAllByTestId("report-block").map((b) => b.textContent)).toEqual(["Inclinometer profile · 2 strings · Curves 4", "Point layout · Ground floor", "Robot inspections"]);
  });

  it("inserts a profile of the chosen strings and curves, only while the curves are 2–12", async () => {
    const onChange = vi.fn();
    renderIntl(<BlockEditor value="<p></p>" onChange={onChange} />);
    const palette = screen.getByTestId("block-palette");
    await choose(within(palette).getAllByRole("combobox")[0], "Inclinometer profile");
    const insert = within(palette).getByTestId("block-insert") as HTMLButtonElement;
    expect(insert.disabled).toBe(true);
    fireEvent.click(await within(palette).findByLabelText("Inclinometer strings"));
    fireEvent.click(await screen.findByRole("option", { name: /String B/ }, { timeout: 20_000 }));
    fireEvent.change(within(palette).getByLabelText("Curves"), { target: { value: "13" } });
    expect(insert.disabled).toBe(true);
    fireEvent.change(within(palette).getByLabelText("Curves"), { target: { value: "3" } });
    await waitFor(() => expect(insert.disabled).toBe(false), { timeout: 20_000 });
    fireEvent.click(insert);
    await waitFor(() => expect(String(onChange.mock.lastCall?.[0])).toContain(`data-report-block="inclinometer"`));
    const last = String(onChange.mock.lastCall![0]);
    expect(last).toContain(`data-devices="22"`);
    expect(last).toContain(`data-curves="3"`);
  });

  it("inserts the layout of a chosen scene, and the inspections with no choice to make", async () => {
    const onChange = vi.fn();
    renderIntl(<BlockEditor value="<p></p>" onChange={onChange} />);
    const palette = screen.getByTestId("block-palette");
    await choose(within(palette).getAllByRole("combobox")[0], "Point layout");
    const insert = within(palette).getByTestId("block-insert") as HTMLButtonElement;
    expect(insert.disabled).toBe(true);
    await choose(await within(palette).findByLabelText("Scene"), "Ground floor");
    await waitFor(() => expect(insert.disabled).toBe(false), { timeout: 20_000 });
    fireEvent.click(insert);
    await waitFor(() => expect(String(onChange.mock.lastCall?.[0])).toContain(`data-scene="7"`));
    await choose(within(palette).getAllByRole("combobox")[0], "Robot inspections");
    await waitFor(() => expect(insert.disabled).toBe(false));
    fireEvent.click(insert);
    await waitFor(() => expect(String(onChange.mock.lastCall?.[0])).toContain(`data-report-block="inspection"`));
  });
});
