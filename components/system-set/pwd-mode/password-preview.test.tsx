// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import type { Complexity } from "@/lib/contract/password";
import { PasswordPreview } from "./password-preview";

function show(complexity: Complexity) {
  return renderIntl(<PasswordPreview complexity={complexity} />);
}
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe("PasswordPreview", () => {
  it("lists each rule the sample breaks under the edited policy", async () => {
    show({ template: "recommended", pwdSize: 8, pwdModes: [] });
    type("pwd-preview-sample", "abc");
    // The checker loads with the preview (it brings the pinyin dictionary).
    const failures = await screen.findByTestId("pwd-preview-failures");
    expect(failures.textContent).toContain("At least 8 characters");
    expect(failures.textContent).toContain("Must contain an upper-case letter");
    expect(failures.textContent).toContain("Must contain a digit");
    expect(failures.textContent).not.toContain("lower-case");
  });

  it("uses the sample identity for the account and name rules of the high template", async () => {
    show({ template: "high", pwdSize: 8, pwdModes: [] });
    type("pwd-preview-username", "alice01");
    type("pwd-preview-sample", "alice01#2026");
    expect((await screen.findByTestId("pwd-preview-failures")).textContent).toContain("Must not contain the account name");
    type("pwd-preview-sample", "Q7#vintage-lamp");
    expect(screen.getByTestId("pwd-preview-ok")).toBeTruthy();
  });

  it("checks the display name's pinyin with a custom rule 6", async () => {
    show({ template: "custom", pwdSize: 8, pwdModes: [6] });
    type("pwd-preview-realname", "张伟");
    type("pwd-preview-sample", "zhangwei2026");
    expect((await screen.findByTestId("pwd-preview-failures")).textContent).toContain("Must not contain the display name or its pinyin");
    type("pwd-preview-sample", "lamp2026zw");
    expect(screen.getByTestId("pwd-preview-failures").textContent).toContain("Must not contain the display name or its pinyin");
  });

  it("follows a custom policy's length and rules", async () => {
    show({ template: "custom", pwdSize: 12, pwdModes: [4] });
    type("pwd-preview-sample", "abcdefgh");
    const text = (await screen.findByTestId("pwd-preview-failures")).textContent;
    expect(text).toContain("At least 12 characters");
    expect(text).toContain("Must contain a special character");
  });
});
