import { z } from "zod";

/**
 * What a robot reports when it has inspected a point (the `pointArrived` event): the task, the
 * point, its readings per item and the photo it took (a PNG or JPEG, base64). The cloud turns it
 * into inspection records; an abnormal reading raises an alarm carrying the photo.
 */
export const ROBOT_READINGS_MAX = 2000;
export const ROBOT_PHOTO_MAX = 10_240;
export const patrolReading = z.object({ itemId: z.number().int().positive(), value: z.number().finite().nullable() });
export const patrolReadings = z.array(patrolReading).max(50);
export type PatrolReading = z.infer<typeof patrolReading>;
