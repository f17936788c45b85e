"use client";

import * as React from "react";
import { useSession } from "@/components/kit/session";
import { useCall } from "@/lib/api/call";
import { ofDeviceCall, SIM_LIST } from "@/lib/contract/sim/of-device";
import { menuTrail } from "@/lib/shell/menu";

/** The device's bound cards (`simCard/ofDevice`), asked only by those who may open the SIM list. */
export function useDeviceSim(deviceId: number, may = true) {
  return useCall(ofDeviceCall, may ? { deviceId } : null, { silent: true });
}

/**
 * Whether the device page shows its SIM card: to those who may open the SIM list, for a device of
 * their own tenant (the platform's all-devices page shows tenants' devices, whose cards are theirs).
 * Light on purpose: the card itself (`DeviceSimCard`) loads only when shown.
 */
export function useDeviceSimShown(deviceId: number): boolean {
  const { menus } = useSession();
  const may = React.useMemo(() => menuTrail(menus, SIM_LIST).length > 0, [menus]);
  const { data } = useDeviceSim(deviceId, may);
  return may && !!data?.owned;
}
