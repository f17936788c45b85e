// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { Locale } from "@/lib/contract/locale";
import { PasswordNotice, rememberPasswordReminders } from "./password-notice";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const ok = (data: unknown) => Response.json({ code: 200, msg: "ok", data, success: true });
beforeEach(() => {
  sessionStorage.clear();
  toast.warning.mockReset();
  // The change-password dialog asks for the policy and the caller when it opens.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/sys/pwdMode/info")) return ok({ complexity: { template: "common", pwdSize: 8, pwdModes: [2, 3] } });
      if (url.startsWith("/api/sys/login/userInfo")) return ok({ user: { id: 42, name: "alice01", realname: "Alice" }, roles: "" });
      return Response.json({ code: 404, msg: "no", data: null, success: false });
    }),
  );
});

const mount = (locale: Locale = "en") => renderIntl(<PasswordNotice />, { locale });
const shown = () => toast.warning.mock.calls.map(([title, opts]) => ({ title, description: opts.description, action: opts.action.label }));

describe("PasswordNotice", () => {
  it("shows the expiry reminder of the last login once", () => {
    rememberPasswordReminders({ pwdExpireDays: 5 });
    mount();
    expect(shown()).toEqual([
      { title: "Your password expires in 5 days", description: "Change it now: an expired password has to be changed before you can sign in.", action: "Change password" },
    ]);
    expect(toast.warning.mock.calls[0][1]).toMatchObject({ id: "password-notice", duration: Infinity, closeButton: true });
    cleanup();
    mount();
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it("speaks the console's language, and counts down to today", () => {
    rememberPasswordReminders({ pwdExpireDays: 1 });
    mount("zh-cn");
    rememberPasswordReminders({ pwdExpireDays: 0 });
    mount("en");
    expect(shown().map((s) => [s.title, s.action])).toEqual([
      ["您的密码将在 1 天后过期", "修改密码"],
      ["Your password expires today", "Change password"],
    ]);
  });

  it("welcomes a new account, unless its password expires soon", () => {
    rememberPasswordReminders({ pwdWelcome: true });
    mount();
    rememberPasswordReminders({ pwdExpireDays: 3, pwdWelcome: true });
    mount();
    expect(shown().map((s) => s.title)).toEqual(["Welcome! Please set a password of your own", "Your password expires in 3 days"]);
  });

  it("stays quiet after a login without reminders, even if an earlier one left some", () => {
    rememberPasswordReminders({ pwdExpireDays: 2 });
    rememberPasswordReminders({});
    mount();
    sessionStorage.setItem("pwdNotice", "{not json");
    mount();
    expect(toast.warning).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("pwdNotice")).toBeNull();
  });

  it("opens the change-password dialog from its button", async () => {
    rememberPasswordReminders({ pwdExpireDays: 5 });
    mount();
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => toast.warning.mock.calls[0][1].action.onClick());
    // The dialog's code loads when it is first needed.
    expect(await screen.findByRole("dialog", { name: "Change password" }, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByLabelText("New password")).toBeTruthy();
  });
});
