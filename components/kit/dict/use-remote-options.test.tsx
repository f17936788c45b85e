// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { trackApi } from "@/lib/contract/robot/track";
import { userApi } from "@/lib/contract/system/user";
import { SessionProvider, type KitSession } from "../session";
import { remoteOptions, useRemoteOptions, type RemoteOptions } from "./use-remote-options";

// What the options ask the cloud for: the call given to useCall (null: nothing asked).
const api = vi.hoisted(() => ({ useCall: vi.fn((_call: unknown) => ({ data: undefined })) }));
vi.mock("@/lib/api/call", () => api);
afterEach(() => {
  cleanup();
  api.useCall.mockClear();
});

// A project's tracks and the tenant's users, as the robot and SIM screens ask for them.
const tracks = remoteOptions(trackApi.page, "trackName", "id");
const users = remoteOptions(userApi.page, "realname", "id");

function Options({ remote }: { remote: RemoteOptions }) {
  useRemoteOptions(remote);
  return null;
}
const session = (projId: number | null): KitSession => ({ tenantId: 1, projId, menus: [], user: { id: 1, name: "a", realname: "A", avatar: null } });
const asked = () => api.useCall.mock.lastCall?.[0] ?? null;

describe("useRemoteOptions", () => {
  it("does not ask for a project's rows before a project is chosen; asks once one is", () => {
    const view = render(
      <SessionProvider value={session(null)}>
        <Options remote={tracks} />
      </SessionProvider>,
    );
    expect(asked()).toBeNull();
    view.rerender(
      <SessionProvider value={session(7)}>
        <Options remote={tracks} />
      </SessionProvider>,
    );
    expect(asked()).toBe(tracks.call);
  });

  it("asks for a tenant's rows without a project, and for any rows outside the shell", () => {
    render(
      <SessionProvider value={session(null)}>
        <Options remote={users} />
      </SessionProvider>,
    );
    expect(asked()).toBe(users.call);
    cleanup();
    render(<Options remote={tracks} />);
    expect(asked()).toBe(tracks.call);
  });
});
