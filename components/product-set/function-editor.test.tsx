// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { Controller, useForm, type FieldValues } from "react-hook-form";
import { thingFunction } from "@/lib/contract/device/thing-model";
import { localizedResolver, useValidationTranslate } from "@/components/kit";
import { DataTypeField, ParamsField } from "./function-editor";

/** The function form as the kit builds it: the editor's fields under the thing-model schema. */
function Harness({ initial, onValid }: { initial: FieldValues; onValid: (v: FieldValues) => void }) {
  const tv = useValidationTranslate();
  const form = useForm<FieldValues>({ defaultValues: initial, resolver: localizedResolver(thingFunction, tv) });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <label htmlFor="dataType">Data type</label>
      <Controller control={form.control} name="dataType" render={({ field, fieldState }) => <DataTypeField id="dataType" field={field} form={form} disabled={false} invalid={!!fieldState.error} />} />
      <Controller control={form.control} name="outputParams" render={({ field, fieldState }) => <ParamsField id="outputParams" field={field} form={form} disabled={false} invalid={!!fieldState.error} />} />
      <button type="submit">save</button>
    </form>
  );
}

const base = { funcName: "Position", identifier: "pos", funcType: 1, accessMode: "r", outputParams: [] };
function setup(dataType: unknown) {
  const onValid = vi.fn();
  renderIntl(<Harness initial={{ ...base, dataType }} onValid={onValid} />);
  return onValid;
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByText("save"));

describe("function editor", () => {
  it("says \"data type\" once: the form's label names the type select, nested types keep their own (issue 40)", () => {
    setup({ type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "int32", min: "", max: "", step: "", unit: "" } }] });
    expect(screen.getAllByText("Data type")).toHaveLength(2); // the form's label and the member's
    expect(screen.getByLabelText("Data type", { selector: "#dataType" }).id).toBe("dataType");
  });

  it("asks a number for its range, step and unit, and names max when it is below min", async () => {
    const onValid = setup({ type: "float", min: "", max: "", step: "", unit: "" });
    type("dataType.min", "5");
    type("dataType.max", "1");
    save();
    expect(await screen.findByText("The maximum must not be below the minimum")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    type("dataType.max", "10");
    type("dataType.unit", "mm");
    save();
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0].dataType).toMatchObject({ type: "float", min: 5, max: 10, unit: "mm" });
  });

  it("builds struct members, each with its own data type", async () => {
    const onValid = setup({ type: "struct", members: [] });
    save();
    expect(await screen.findByText("Add at least one struct member")).toBeTruthy();
    fireEvent.click(screen.getByTestId("add-dataType.members"));
    type("dataType.members.0.identifier", "x");
    type("dataType.members.0.name", "X");
    type("dataType.members.0.dataType.min", "-1");
    type("dataType.members.0.dataType.max", "1");
    save();
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0].dataType).toEqual({ type: "struct", members: [{ identifier: "x", name: "X", dataType: { type: "int32", min: -1, max: 1, unit: "" } }] });
  });

  it("names a parameter and labels an enumeration item in every language, in the part's own texts (issue 40)", async () => {
    // As the cloud answers an English reader: the item's English label, its texts beside it.
    const onValid = setup({ type: "enum", items: [{ value: "1", text: "Fixed", i18n: { text: { "zh-cn": "固定解", en: "Fixed" } } }] });
    const dialog = async (testId: string, zh: string, en: string) => {
      fireEvent.click(screen.getByTestId(`${testId}.multilingual`));
      fireEvent.change(await screen.findByLabelText("简体中文"), { target: { value: zh } });
      fireEvent.change(screen.getByLabelText("English"), { target: { value: en } });
      fireEvent.click(screen.getByTestId("multilingual-save"));
      await waitFor(() => expect(screen.queryByTestId("multilingual-dialog")).toBeNull());
    };
    // The dialog opens with the item's names in every language.
    fireEvent.click(screen.getByTestId("dataType.items.0.text.multilingual"));
    expect((await screen.findByLabelText("简体中文")).getAttribute("value")).toBe("固定解");
    fireEvent.click(screen.getByTestId("multilingual-save"));
    await waitFor(() => expect(screen.queryByTestId("multilingual-dialog")).toBeNull());
    type("dataType.items.0.text", "Fixed solution");
    fireEvent.click(screen.getByTestId("add-outputParams"));
    type("outputParams.0.identifier", "fix");
    type("outputParams.0.name", "Fix?");
    type("outputParams.0.dataType.min", "0");
    type("outputParams.0.dataType.max", "4");
    await dialog("outputParams.0.name", "解算", "Fix");
    expect((screen.getByTestId("outputParams.0.name") as HTMLInputElement).value).toBe("Fix");
    save();
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    const v = onValid.mock.calls[0][0];
    // The item's typed label is the English one; the cloud keeps it as English beside the Chinese (writtenFunction).
    expect(v.dataType.items[0]).toMatchObject({ text: "Fixed solution", i18n: { text: { "zh-cn": "固定解", en: "Fixed" } } });
    expect(v.outputParams[0]).toMatchObject({ identifier: "fix", name: "Fix", i18n: { name: { "zh-cn": "解算", en: "Fix" } } });
  });

  it("refuses a struct within a struct at the member's type", async () => {
    setup({ type: "struct", members: [{ identifier: "inner", name: "Inner", dataType: { type: "struct", members: [{ identifier: "a", name: "A", dataType: { type: "bool" } }] } }] });
    save();
    expect(await screen.findByText("A struct cannot contain another struct")).toBeTruthy();
    expect(document.querySelector('[data-error-for="dataType.members.0.dataType.type"]')).toBeTruthy();
  });

  it("asks an enumeration for items, and an array for its size and element type", async () => {
    setup({ type: "enum", items: [{ value: "1", text: "on" }] });
    fireEvent.click(screen.getAllByLabelText("Remove")[0]);
    save();
    expect(await screen.findByText("Add at least one enumeration item")).toBeTruthy();
    cleanup();
    const onValid = setup({ type: "array", size: "", element: { type: "text", length: "" } });
    expect(screen.getByText("Element type")).toBeTruthy();
    save();
    await waitFor(() => expect(document.querySelector('[data-error-for="dataType.size"]')).toBeTruthy());
    expect(document.querySelector('[data-error-for="dataType.element.length"]')).toBeTruthy();
    type("dataType.size", "8");
    type("dataType.element.length", "32");
    save();
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0].dataType).toEqual({ type: "array", size: 8, element: { type: "text", length: 32 } });
  });

  it("edits event outputs as parameters", async () => {
    const onValid = setup({ type: "date" });
    fireEvent.click(screen.getByTestId("add-outputParams"));
    type("outputParams.0.identifier", "bad id");
    save();
    expect(await screen.findByText("Letters, digits and underscores only")).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});
