// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { ChangePasswordDialog, ResetPasswordDialog } from "./password-dialogs";
import { tenantApi } from "@/lib/contract/system/tenant";
import { userApi } from "@/lib/contract/system/user";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const policy = { complexity: { template: "common", pwdSize: 8, pwdModes: [2, 3] } };
let posts: { url: string; body: Record<string, unknown> }[];
let gets: string[];
const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });

beforeEach(() => {
  posts = [];
  gets = [];
  Object.values(toast).forEach((f) => f.mockReset());
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return ok(null);
      }
      gets.push(url);
      if (url.startsWith("/api/sys/pwdMode/info")) return ok(policy);
      if (url.startsWith("/api/sys/login/getPwdMode")) return ok({ complexity: { template: "high", pwdSize: 10, pwdModes: [4, 5] }, forget: { methods: [] } });
      if (url.startsWith("/api/sys/pwdMode/random")) return ok("Rand0m-Pass!x");
      if (url.startsWith("/api/sys/login/userInfo")) return ok({ user: { id: 42, name: "alice01", realname: "Alice" }, roles: "" });
      return Response.json({ code: 404, msg: "no", data: null, success: false });
    }),
  );
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "OK" })));

describe("ChangePasswordDialog", () => {
  it("requires both fields, insists they match and checks the policy", async () => {
    renderIntl(<ChangePasswordDialog open onOpenChange={() => {}} />);
    await screen.findByTestId("password-policy");
    await waitFor(() => expect(screen.getByRole("button", { name: "OK" }).hasAttribute("disabled")).toBe(false));
    await submit();
    // The resolver (and zod in the browser) loads at the first validation.
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["Required", "Required"]));
    type("New password", "abcdefg1");
    type("Confirm password", "abcdefg2");
    await submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Make sure both passwords are the same"));
    type("New password", "abcdefgh");
    type("Confirm password", "abcdefgh");
    await submit();
    // The policy checker loads on the first submit.
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("digit"));
    expect(posts).toEqual([]);
  });

  it("sends the caller's own id and closes with the success message", async () => {
    const onOpenChange = vi.fn();
    renderIntl(<ChangePasswordDialog open onOpenChange={onOpenChange} />);
    await waitFor(() => expect(screen.getByRole("button", { name: "OK" }).hasAttribute("disabled")).toBe(false));
    type("New password", "newpass123");
    type("Confirm password", "newpass123");
    await submit();
    // Validation and the post settle over several ticks; a loaded CI machine may need more than one act flush.
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts).toEqual([{ url: "/api/sys/user/updPwd", body: { password: "newpass123", confirmPassword: "newpass123", id: 42, notifyFlag: 2, changePwdFlag: 1 } }]);
    expect(toast.success).toHaveBeenCalledWith("Password changed successfully");
  });
});

describe("ResetPasswordDialog", () => {
  it("generates a password into both fields and copies it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderIntl(<ResetPasswordDialog open onOpenChange={() => {}} id={7} reset={userApi.resetPwd} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(toast.warning).toHaveBeenCalledWith("Please enter the password first");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Generate/ })));
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("Rand0m-Pass!x");
    expect((screen.getByLabelText("Confirm password") as HTMLInputElement).value).toBe("Rand0m-Pass!x");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(writeText).toHaveBeenCalledWith("Rand0m-Pass!x");
    expect(toast.success).toHaveBeenCalledWith("Copied");
    writeText.mockRejectedValueOnce(new Error("denied"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(toast.error).toHaveBeenCalledWith("Copy failed");
  });

  it("uses the target tenant's policy for the hint and the generated password", async () => {
    renderIntl(<ResetPasswordDialog open onOpenChange={() => {}} id={5} policyTenantId={5} reset={tenantApi.resetPwd} />);
    await waitFor(() => expect(gets).toContain("/api/sys/login/getPwdMode?tId=5"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Generate/ })));
    expect(gets).toContain("/api/sys/pwdMode/random?tId=5");
    expect(gets.some((u) => u.startsWith("/api/sys/pwdMode/info"))).toBe(false);
  });

  it("notifying forces the change at first login, and posts to the given endpoint", async () => {
    const onDone = vi.fn();
    renderIntl(<ResetPasswordDialog open onOpenChange={() => {}} id={3} reset={tenantApi.resetPwd} onDone={onDone} />);
    const force = screen.getByRole("checkbox", { name: "Force a change at first login" });
    expect(force.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByRole("checkbox", { name: "Notify the user of the password" }));
    expect(force.getAttribute("aria-checked")).toBe("true");
    expect(force.hasAttribute("disabled")).toBe(true);
    type("New password", "abcdef12");
    type("Confirm password", "abcdef12");
    await submit();
    expect(posts).toEqual([{ url: "/api/sys/tenant/updUserPwd", body: { password: "abcdef12", confirmPassword: "abcdef12", id: 3, notifyFlag: 1, changePwdFlag: 2 } }]);
    expect(toast.success).toHaveBeenCalledWith("Operation successful!");
    expect(onDone).toHaveBeenCalled();
  });
});
