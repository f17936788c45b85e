// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { defaultCompanyInfo } from "@/lib/contract/company";
import { defaultPwdPolicy } from "@/lib/contract/pwd-policy";
import { LoginScreen } from "./login-screen";

vi.mock("next/navigation", () => ({ usePathname: () => "/login", useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));

const pwdMode = { complexity: defaultPwdPolicy.complexity, forget: defaultPwdPolicy.forget };
let asked: string[];
let answer: (path: string) => Promise<Response>;
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://console.local").pathname;
      asked.push(path);
      return answer(path);
    }),
  );
});
const ok = (data: unknown) => Promise.resolve(Response.json({ code: 200, msg: "ok", data, success: true }));

describe("LoginScreen branding the server did not get in time", () => {
  it("paints the built-in branding at once and the tenant's when the cloud answers the browser", async () => {
    let release!: () => void;
    const late = new Promise<void>((r) => (release = r));
    answer = async (path) => {
      await late;
      return path.endsWith("getCompany") ? ok({ ...defaultCompanyInfo, compName: "Harbour Bridge Monitoring" }) : ok(pwdMode);
    };
    renderIntl(<LoginScreen tId={2} target="/home" company={null} pwdMode={null} />);
    expect(screen.getAllByText("IoT Monitoring Platform").length).toBeGreaterThan(0);
    release();
    // Waits beyond testing-library's 1 s: on a loaded machine the lazy parts behind the answer take longer.
    expect((await screen.findAllByText("Harbour Bridge Monitoring", undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(asked.sort()).toEqual(["/api/sys/login/getCompany", "/api/sys/login/getPwdMode"]);
  });

  it("asks for nothing the server already gave, and keeps the defaults when the cloud does not answer", async () => {
    answer = () => Promise.reject(new TypeError("network down"));
    renderIntl(<LoginScreen tId={2} target="/home" company={{ ...defaultCompanyInfo, compName: "Given Name" }} pwdMode={null} />, { locale: "zh-cn" });
    await vi.waitFor(() => expect(asked).toEqual(["/api/sys/login/getPwdMode"]));
    expect(screen.getAllByText("Given Name").length).toBeGreaterThan(0);
  });
});
