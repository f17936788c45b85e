"use client";

import { useCall } from "@/lib/api/call";
import { linkageModelCall, PAD_SERVICE } from "@/lib/contract/linkage/pad";

/**
 * Whether the device's thing model offers the pad's service (`linkage/model` of the project's
 * device). Apart from the pad, so a device page decides to show it before loading it.
 */
export function usePadCapable(deviceId: number): boolean | undefined {
  const { data } = useCall(linkageModelCall, { deviceId }, { silent: true });
  return data && data.services.some((f) => f.identifier === PAD_SERVICE);
}
