import { z } from "zod";
import { complexitySchema } from "./password";

/** Forgot-password methods a tenant offers on the login screen. */
export const FORGET_METHODS = ["sms", "email"] as const;

/** A tenant's whole password policy (core §4, §5, §9), stored as one document. */
export const pwdPolicySchema = z.object({
  complexity: complexitySchema,
  init: z.object({
    /** Notify the user of their password; if on, forced change at first login must be on. */
    notify: z.boolean(),
    forceChange: z.boolean(),
  }),
  regular: z.object({ enabled: z.boolean(), validDays: z.number().int().min(1).max(3650), remindDays: z.number().int().min(1).max(365) }),
  welcome: z.object({ days: z.union([z.literal(7), z.literal(30), z.literal(90)]) }),
  history: z.object({ enabled: z.boolean(), count: z.number().int().min(1).max(24) }),
  forget: z.object({ methods: z.array(z.enum(FORGET_METHODS)) }),
});
export type PwdPolicy = z.infer<typeof pwdPolicySchema>;

export const defaultPwdPolicy: PwdPolicy = {
  complexity: { template: "common", pwdSize: 8, pwdModes: [2, 3] },
  init: { notify: false, forceChange: true },
  regular: { enabled: false, validDays: 90, remindDays: 7 },
  welcome: { days: 7 },
  history: { enabled: true, count: 3 },
  forget: { methods: ["sms", "email"] },
};
