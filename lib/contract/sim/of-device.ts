import { z } from "zod";
import { defineCall } from "../call";
import type { SimCard } from "./card";
import { dbId } from "../common";

/**
 * `simCard/ofDevice`: the card (or cards) bound to a device, for its page; `owned`: the device is the
 * caller's tenant's, so a card may be bound to it. A module of its own, so the device page asks
 * without loading the cards' contract (part of `simCardApi`).
 */
export const ofDeviceQuery = z.object({ deviceId: dbId });
export const ofDeviceAnswer = z.object({ owned: z.boolean(), cards: z.array(z.custom<SimCard>()) });
export type OfDevice = z.infer<typeof ofDeviceAnswer>;
/** The card list's screen: the device page shows the card to those who may open it. */
export const SIM_LIST = "/sim/sim";
export const ofDeviceCall = defineCall({ kind: "get", path: "device/simCard/ofDevice", input: ofDeviceQuery, answer: ofDeviceAnswer, access: { menu: [SIM_LIST] } });
