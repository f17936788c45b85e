import { describe, expect, it } from "vitest";
import { carriersOf, envAdapters } from "./carriers";
import { CmpCarrier } from "./cmp";
import { ControlCenterCarrier } from "./control-center";
import { OneLinkCarrier } from "./onelink";
import { SimulatedCarrier } from "./simulated";

describe("the platform's default carriers from the environment", () => {
  it("builds OneLink, Control Center and CMP when each pair of variables is set", () => {
    const { apis, warnings } = envAdapters({ ONELINK_APP_ID: "a", ONELINK_PASSWORD: "p", CC_USERNAME: "u", CC_API_KEY: "k", CMP_APP_KEY: "ak", CMP_SECRET: "s" });
    expect(warnings).toEqual([]);
    expect(apis.cmcc).toBeInstanceOf(OneLinkCarrier);
    expect(apis.unicom).toBeInstanceOf(ControlCenterCarrier);
    expect(apis.chinanet).toBeInstanceOf(CmpCarrier);
    const carriers = carriersOf(apis);
    expect(carriers.of("unicom").api.carrier).toBe("unicom");
    expect(carriers.of("chinanet").api.simulated).toBe(false);
    expect(carriers.simulated).toBe(false);
  });

  it("keeps a carrier simulated, with a warning naming both variables, when only one of its pair is set", () => {
    const { apis, warnings } = envAdapters({ CC_USERNAME: "u", CMP_SECRET: "s", ONELINK_APP_ID: " " });
    expect(apis).toEqual({});
    expect(warnings).toEqual([
      "[sim] CC_USERNAME and CC_API_KEY must both be set: China Unicom (Control Center) cards use the simulated carrier unless a tenant has its own account",
      "[sim] CMP_APP_KEY and CMP_SECRET must both be set: China Telecom (CMP) cards use the simulated carrier unless a tenant has its own account",
    ]);
    expect(carriersOf(apis).of("unicom").api).toBeInstanceOf(SimulatedCarrier);
  });

  it("is silent and simulated when nothing is set", () => {
    expect(envAdapters({})).toEqual({ apis: {}, warnings: [] });
  });
});
