import { z } from "zod";
import { defineCall, typed } from "../call";
import { dbId } from "../common";
import { OPS_SCREENS } from "../device/readers";
import type { ThingFunction } from "../device/thing-model";

/**
 * The linkage pad (widgets §7): `linkage/operate` with a device instead of a rule. A direction is
 * held: '0' on press, repeated while held, '1' once on release; `stream` asks for the live video.
 * The device receives it as a call of its thing model's `padControl` service.
 */
export const PAD_CONTROL_TYPES = ["stream", "up", "down", "left", "right"] as const;
export type PadControlType = (typeof PAD_CONTROL_TYPES)[number];
export const PAD_VALUE = { press: "0", release: "1" } as const;
export const PAD_VALUES = [PAD_VALUE.press, PAD_VALUE.release] as const;
/** The thing-model service a device must offer to be driven by the pad. */
export const PAD_SERVICE = "padControl";
/** While a direction is held its press is sent again this often (widgets §9). */
export const PAD_REPEAT_MS = 100;
/** How long a release waits for the device's answer before the call fails. */
export const PAD_TIMEOUT_S = 5;

export const padControl = z.object({
  deviceId: dbId,
  controlType: z.enum(PAD_CONTROL_TYPES, { error: "validation.invalidOption" }),
  controlValue: z.enum(PAD_VALUES, { error: "validation.invalidOption" }),
});
export type PadControl = z.infer<typeof padControl>;

/** `linkage/operate` is a pad control when its body names a device, a rule run otherwise. */
export const isPadControl = (input: Record<string, unknown>) => input.deviceId !== undefined;

/** What a device answers a pad call with (`padControl`'s outputs): its camera's position, and its stream URL. */
export type PadReply = { pan?: number; tilt?: number; url?: string };

/** The linkage screen: it reads rules, their log and the editor's pickers. */
export const LINKAGE_SCREEN = "/linkage";

/**
 * A device's thing model as the linkage editor and the pad read it (`linkageApi.model`): declared
 * here so a device screen asks whether to show its pad without the linkage rules' contract.
 */
export const linkageModelCall = defineCall({
  kind: "get",
  path: "device/linkage/model",
  input: z.object({ deviceId: dbId }),
  answer: z.object({ properties: z.array(typed<ThingFunction>()), services: z.array(typed<ThingFunction>()) }),
  access: { menu: [LINKAGE_SCREEN, ...OPS_SCREENS] },
  scope: "project",
});
