// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { z } from "zod";
import { useForm } from "react-hook-form";
import { mobile, textRequired } from "@/lib/contract/validation";
import { useConfirm } from "./confirm-dialog";
import { DetailRows } from "../detail/detail-rows";
import { KitDialog } from "./kit-dialog";
import { FormFields } from "../form/form-fields";
import { localizedResolver, serverFieldError } from "../form/localized-resolver";
import { useValidationTranslate } from "../form/use-validation-translate";

beforeEach(() => vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} }));

const wrap = (node: React.ReactNode) =>
  renderIntl(node, { timeZone: "Asia/Shanghai" });

function ConfirmProbe({ onResult }: { onResult: (ok: boolean) => void }) {
  const [confirm, element] = useConfirm();
  return (
    <>
      <button onClick={async () => onResult(await confirm("Delete?", { danger: true }))}>ask</button>
      {element}
    </>
  );
}

describe("confirm dialog", () => {
  it("resolves true on OK and false on cancel", async () => {
    const onResult = vi.fn();
    wrap(<ConfirmProbe onResult={onResult} />);
    fireEvent.click(screen.getByText("ask"));
    expect((await screen.findByTestId("confirm-dialog")).textContent).toContain("Delete?");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));
    expect(onResult).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByText("ask"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(onResult).toHaveBeenLastCalledWith(false);
  });
});

describe("generic dialog", () => {
  it("toggles fullscreen", () => {
    wrap(
      <KitDialog open onOpenChange={() => {}} title="Title" testId="d">
        body
      </KitDialog>,
    );
    const dialog = screen.getByTestId("d");
    expect(dialog.className).not.toContain("h-screen");
    fireEvent.click(screen.getByRole("button", { name: "Full screen" }));
    expect(dialog.className).toContain("h-screen");
    fireEvent.click(screen.getByRole("button", { name: "Exit full screen" }));
    expect(dialog.className).not.toContain("h-screen");
  });

  it("has a footer of one primary button, without Cancel", () => {
    const onClick = vi.fn();
    wrap(
      <KitDialog title="Title" primary={{ label: "Save", onClick, testId: "save" }}>
        body
      </KitDialog>,
    );
    fireEvent.click(screen.getByTestId("save"));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    cleanup();
    wrap(
      <KitDialog title="Title" primary={{ label: "Save", onClick, disabled: true }}>
        body
      </KitDialog>,
    );
    expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("detail rows and info view", () => {
  it("renders each row type; html is sanitised", () => {
    const row = { name: "", state: 1, at: "2026-03-02T08:00:00Z", day: "2026-03-02T20:00:00Z", body: '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"></p>', pics: ["a/1.png", "a/2.png"], doc: "docs/report%20v1.pdf" };
    const { container } = wrap(
      <DetailRows
        label={(k) => k}
        row={row}
        rows={[
          { prop: "name", label: "Name" },
          { prop: "state", label: "State", type: "dict", dict: "enableState" },
          { prop: "at", label: "At", type: "time" },
          { prop: "day", label: "Day", type: "date" },
          { prop: "body", label: "Body", type: "html" },
          { prop: "pics", label: "Pics", type: "images" },
          { prop: "doc", label: "Doc", type: "file" },
          { prop: "slot", label: "Slot", type: "slot", render: () => <b>custom</b> },
        ]}
      />,
    );
    const text = container.textContent ?? "";
    expect(text).toContain("Name-");
    expect(text).toContain("Enabled");
    expect(text).toContain("2026-03-02 16:00:00");
    expect(text).toContain("2026-03-03");
    expect(container.querySelector("script")).toBeNull();
    expect(container.innerHTML).not.toContain("onerror");
    expect(container.querySelectorAll("img[src^='/api/file/a/']").length).toBe(2);
    expect(screen.getByRole("link", { name: /report v1\.pdf/ }).getAttribute("href")).toBe("/api/file/docs/report%20v1.pdf");
    expect(screen.getByText("custom").tagName).toBe("B");
  });
});

const schema = z.object({ name: textRequired(10), phone: mobile, amount: z.any() });
function FormProbe({ onValid }: { onValid: (v: unknown) => void }) {
  const translate = useValidationTranslate();
  const form = useForm({ defaultValues: { name: "", phone: "", amount: "" }, resolver: localizedResolver(schema, translate) });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <FormFields
        form={form as never}
        mode="create"
        columns={1}
        label={(k) => k}
        fields={[
          { name: "name", label: "Name", required: true },
          { name: "phone", label: "Phone" },
          { name: "amount", label: "Amount", type: "number", max: 100, floatNum: 1 },
        ]}
      />
      <button type="submit">save</button>
    </form>
  );
}

describe("form fields with localised validation", () => {
  it("shows the validation namespace's messages with their values, and submits parsed values", async () => {
    const onValid = vi.fn();
    wrap(<FormProbe onValid={onValid} />);
    await act(async () => fireEvent.click(screen.getByText("save")));
    expect(screen.getByRole("alert").textContent).toBe("Required");
    fireEvent.change(document.getElementById("field-name")!, { target: { value: "a".repeat(11) } });
    fireEvent.change(document.getElementById("field-phone")!, { target: { value: "123" } });
    await act(async () => fireEvent.click(screen.getByText("save")));
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual(["At most 10 characters", "Enter an 11-digit mobile number starting with 1"]);
    fireEvent.change(document.getElementById("field-name")!, { target: { value: "Pump" } });
    fireEvent.change(document.getElementById("field-phone")!, { target: { value: "13800000000" } });
    const amount = document.getElementById("field-amount") as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "250.77" } });
    fireEvent.blur(amount);
    expect(amount.value).toBe("100");
    await act(async () => fireEvent.click(screen.getByText("save")));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toMatchObject({ name: "Pump", phone: "13800000000", amount: 100 });
  });

  it("has upload adapters that take their limits from the purpose", () => {
    function Uploads() {
      const form = useForm({ defaultValues: { avatar: "p/me.png", files: ["p/plan.pdf"] } });
      const fields = [
        { name: "avatar", label: "Avatar", type: "image", purpose: "avatar" },
        { name: "files", label: "Files", type: "document", multiple: true, limit: 3 },
      ] as const;
      return <FormFields form={form as never} mode="edit" columns={2} label={(k) => k} fields={fields.map((f) => ({ ...f }))} />;
    }
    wrap(<Uploads />);
    expect(screen.getByAltText("me.png").getAttribute("src")).toBe("/api/file/p/me.png");
    expect(document.querySelector("[data-field=avatar]")!.textContent).toContain("One file, at most 4 MB each");
    expect(document.querySelector("[data-field=files]")!.textContent).toContain("plan.pdf");
    expect(document.querySelector("[data-field=files]")!.textContent).toContain("Up to 3 files");
  });

  it("finds the field a server error names", () => {
    expect(serverFieldError({ message: "prjName：不能超过 64 个字符" }, ["prjName"])).toEqual({ field: "prjName", reason: "不能超过 64 个字符" });
    expect(serverFieldError({ message: "images.0: Wrong format" }, ["images"])).toEqual({ field: "images", reason: "Wrong format" });
    expect(serverFieldError({ message: "other: x" }, ["prjName"])).toBeNull();
    expect(serverFieldError({ message: "Request failed" }, ["prjName"])).toBeNull();
    // The built-in cloud names the field in the envelope's data; the message carries its label.
    expect(serverFieldError({ message: "项目名称：必填项", data: { field: "prjName", reason: "必填项" } }, ["prjName"])).toEqual({ field: "prjName", reason: "必填项" });
    expect(serverFieldError({ message: "Photos: Wrong format", data: { field: "images.0", reason: "Wrong format" } }, ["images"])).toEqual({ field: "images", reason: "Wrong format" });
  });
});
