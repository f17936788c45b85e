// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { groupApi } from "@/lib/contract/system/group";
import { roleApi } from "@/lib/contract/system/role";
import { userApi } from "@/lib/contract/system/user";
import { ListPicker, PeoplePicker, TabbedListPicker, filterDepartments, type PickerDepartment } from "./pickers";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const tree: PickerDepartment[] = [
  { id: 1, departmentName: "Acme", childrens: [{ id: 2, departmentName: "Sales", childrens: [] }, { id: 3, departmentName: "Ops", childrens: [{ id: 4, departmentName: "Night shift", childrens: [] }] }] },
];
const users = [
  { id: 10, username: "alice01", realname: "Alice", departmentName: "Sales" },
  { id: 11, username: "bob0001", realname: "Bob", departmentName: "Ops" },
  { id: 12, username: "carol01", realname: "Carol", departmentName: "Ops" },
];
const groups = [{ id: 20, groupName: "On call", memberCount: 2, remark: "" }];

type Answer = { code: number; data: unknown } | "throw";
let answers: Record<string, Answer>;
let calls: string[];

beforeEach(() => {
  calls = [];
  Object.values(toast).forEach((f) => f.mockReset());
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  answers = {
    "sys/user/page": { code: 200, data: { records: users, total: 3 } },
    "sys/department/currentUser/tree": { code: 200, data: tree },
    "sys/group/list": { code: 200, data: { records: groups, total: 1 } },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const a = answers[url.slice(5).split("?")[0]];
      if (!a) return Response.json({ code: 404, msg: "no", data: null, success: false });
      if (a === "throw") throw new TypeError("offline");
      return Response.json({ code: a.code, msg: a.code === 200 ? "ok" : "denied", data: a.data, success: a.code === 200 });
    }),
  );
});

const flush = () => act(async () => {});

describe("PeoplePicker", () => {
  it("answers the chosen users, departments and groups, keeping disabled ids out of reach", async () => {
    const onConfirm = vi.fn();
    renderIntl(<PeoplePicker open onOpenChange={() => {}} value={{ userIds: [11] }} disabled={{ userIds: [12] }} onConfirm={onConfirm} />);
    await flush();
    expect(calls).toContain("/api/sys/user/page?current=1&size=9999");
    expect(calls).toContain("/api/sys/group/list?current=1&size=9999");
    expect(screen.getByRole("checkbox", { name: "bob0001" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("checkbox", { name: "carol01" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByText("Alice"));
    // Everything choosable is chosen, so the header box clears them.
    const all = screen.getByRole("checkbox", { name: "Select all" });
    expect(all.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(all);
    expect(all.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByText("Alice"));
    expect(all.getAttribute("aria-checked")).toBe("mixed");

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Departments" }));
    fireEvent.click(screen.getByRole("tab", { name: "Departments" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Night shift" }));
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Groups" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "On call" }));
    expect(screen.getByText("3 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onConfirm).toHaveBeenCalledWith({ userIds: [10], departmentIds: [4], groupIds: [20] });
  });

  it("shows only the tabs asked for and searches within them", async () => {
    renderIntl(<PeoplePicker open onOpenChange={() => {}} tabs={["user"]} onConfirm={() => {}} />);
    await flush();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(calls.some((c) => c.includes("department") || c.includes("group"))).toBe(false);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "ops" } });
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["AccountNameDepartment", "bob0001BobOps", "carol01CarolOps"]);
  });

  it("single mode keeps one choice", async () => {
    const onConfirm = vi.fn();
    renderIntl(<PeoplePicker open onOpenChange={() => {}} tabs={["user"]} multiple={false} onConfirm={onConfirm} />);
    await flush();
    fireEvent.click(screen.getByText("Alice"));
    fireEvent.click(screen.getByText("Bob"));
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onConfirm).toHaveBeenCalledWith({ userIds: [11], departmentIds: [], groupIds: [] });
  });

  it("ignores failed calls silently; an unreadable answer says initialization failed", async () => {
    answers["sys/user/page"] = { code: 403, data: null };
    answers["sys/group/list"] = "throw";
    answers["sys/department/currentUser/tree"] = { code: 200, data: { nope: true } };
    renderIntl(<PeoplePicker open onOpenChange={() => {}} onConfirm={() => {}} />);
    await flush();
    expect(toast.error.mock.calls).toEqual([["Component initialization failed"]]);
    expect(screen.getByText("No data")).toBeTruthy();
  });
});

describe("ListPicker", () => {
  it("loads current=1&size=9999 with extra params and answers ids and rows", async () => {
    answers["sys/role/page"] = { code: 200, data: { records: [{ id: 1, roleName: "Admin" }, { id: 2, roleName: "Viewer" }], total: 2 } };
    const onConfirm = vi.fn();
    renderIntl(<ListPicker open onOpenChange={() => {}} title="Roles" call={roleApi.page} params={{ kind: 2 }} columns={[{ key: "roleName", title: "Role" }]} multiple value={[2]} onConfirm={onConfirm} />);
    await flush();
    expect(calls).toEqual(["/api/sys/role/page?kind=2&current=1&size=9999"]);
    fireEvent.click(screen.getByText("Admin"));
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onConfirm).toHaveBeenCalledWith([2, 1], [{ id: 1, roleName: "Admin" }, { id: 2, roleName: "Viewer" }]);
  });
});

describe("filterDepartments", () => {
  it("keeps matches with their ancestors", () => {
    expect(filterDepartments(tree, "night")).toEqual([{ ...tree[0], childrens: [{ ...tree[0].childrens![1], childrens: [{ id: 4, departmentName: "Night shift", childrens: [] }] }] }]);
    expect(filterDepartments(tree, "zzz")).toEqual([]);
    expect(filterDepartments(tree, "")).toEqual(tree);
  });
});

describe("TabbedListPicker", () => {
  it("keeps a choice per tab, loads a tab when shown and answers the ids and rows of each", async () => {
    const onConfirm = vi.fn();
    const tabs = [
      { key: "1", label: "People", call: userApi.page, columns: [{ key: "realname", title: "Name" }] },
      { key: "2", label: "Teams", call: groupApi.page, columns: [{ key: "groupName", title: "Team" }] },
    ];
    renderIntl(<TabbedListPicker open onOpenChange={() => {}} title="Recipients" tabs={tabs} value={{ "1": [11] }} onConfirm={onConfirm} />);
    await flush();
    expect(calls).toEqual(["/api/sys/user/page?current=1&size=9999"]);
    expect(screen.getByRole("tab", { name: "People (1)" })).toBeTruthy();
    fireEvent.click(screen.getByText("Alice"));
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Teams" }));
    await flush();
    fireEvent.click(screen.getByText("On call"));
    expect(screen.getByText("3 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    const [picked, rows] = onConfirm.mock.calls[0];
    expect(picked).toEqual({ "1": [11, 10], "2": [20] });
    expect(rows["1"].map((r: { id: number }) => r.id)).toEqual([10, 11]);
    expect(rows["2"].map((r: { id: number }) => r.id)).toEqual([20]);
  });
});
