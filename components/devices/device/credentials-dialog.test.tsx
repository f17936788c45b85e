// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderIntl } from "@/tests/intl";
import { CredentialsDialog } from "./credentials-dialog";
import { showCredentials } from "./credentials-store";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

describe("CredentialsDialog", () => {
  it("shows a device's SN, secret, broker and topics once, copies the secret, and forgets it when closed", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderIntl(<CredentialsDialog />, { timeZone: "Asia/Shanghai" });
    expect(screen.queryByTestId("credentials-dialog")).toBeNull();
    act(() => showCredentials({ id: 5, deviceSn: "QJ-01", productId: 3, secret: "s3cret-value", broker: { host: "127.0.0.1", port: 1883 }, example: { angleX: 0.125, angleY: -0.042, battery: 87 } }));
    const dialog = await screen.findByTestId("credentials-dialog");
    expect(dialog.textContent).toContain("The secret is shown only now");
    expect(screen.getByTestId("credentials-secret").textContent).toBe("s3cret-value");
    expect(screen.getByTestId("credentials-broker").textContent).toBe("127.0.0.1:1883");
    expect(screen.getAllByTestId("credentials-topic").map((t) => t.textContent)).toContain("iot/3/QJ-01/property/post");
    expect(screen.getByTestId("credentials-example").textContent).toContain("mosquitto_pub -h 127.0.0.1 -p 1883 -u QJ-01 -P 's3cret-value'");
    // The examples publish the product's properties with plausible values, not an empty payload.
    expect(screen.getByTestId("credentials-example").textContent).toContain(`-m '{"params":{"angleX":0.125,"angleY":-0.042,"battery":87}}'`);
    // Over HTTP: the console's own address, which the user can reach.
    const url = `${window.location.origin}/api/comm/ingest/3/QJ-01/property/post`;
    expect(screen.getByTestId("credentials-http").textContent).toContain(url);
    expect(screen.getByTestId("credentials-curl").textContent).toBe(`curl -u 'QJ-01:s3cret-value' -H 'content-type: application/json' -d '{"params":{"angleX":0.125,"angleY":-0.042,"battery":87}}' ${url}`);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy Secret (password)" })));
    expect(writeText).toHaveBeenCalledWith("s3cret-value");
    expect(toast.success).toHaveBeenCalledWith("Copied");
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByTestId("credentials-dialog")).toBeNull());
    expect(document.body.textContent).not.toContain("s3cret-value");
  });

  it("says where to post in Chinese too", async () => {
    renderIntl(<CredentialsDialog />, { locale: "zh-cn", timeZone: "Asia/Shanghai" });
    act(() => showCredentials({ id: 6, deviceSn: "QJ-02", productId: 3, secret: "x", broker: null, example: { settlement: -1.2 } }));
    expect((await screen.findByTestId("credentials-http")).textContent).toBe(`HTTP 方式：以 SN 和密钥进行 Basic 认证，向 ${window.location.origin}/api/comm/ingest/3/QJ-02/property/post POST 同样的 JSON。`);
    expect(screen.getByTestId("credentials-curl").textContent).toContain(`-d '{"params":{"settlement":-1.2}}'`);
  });
});
