import { z } from "zod";
import { complexitySchema } from "../password";
import { defineCall } from "../call";
import { pwdForgetSchema, pwdPolicySchema, pwdHistorySchema, pwdInitSchema, pwdRegularSchema, pwdWelcomeSchema } from "../pwd-policy";

/** sys/pwdMode save bodies: each saves one part of the tenant's policy (`PwdPolicy`).
 *  `GET sys/pwdMode/info` answers the whole `PwdPolicy`; `GET sys/pwdMode/random` a password
 *  meeting it. */

/** Template and, for `custom`, the minimum length (≥ 8) and rules 1–8. */
export const saveComplexity = complexitySchema.refine((v) => new Set(v.pwdModes).size === v.pwdModes.length, { path: ["pwdModes"], message: "validation.invalidOption" });
/** Initial password, notify and forced change; notify ⇒ forced change. The password, if given,
 *  must meet the tenant's complexity (checked by the cloud against the stored policy). */
export const saveInit = pwdInitSchema;
/** Validity, reminder cycle and the welcome reminder period (7/30/90). */
export const saveRegular = z.object({ regular: pwdRegularSchema, welcome: pwdWelcomeSchema });
export const saveHis = pwdHistorySchema;
export const saveForget = pwdForgetSchema;
export type SaveRegular = z.infer<typeof saveRegular>;
/** `GET sys/pwdMode/random?tId=`: a password for another tenant's complexity (resetting its
 *  administrator); complexity is public (`sys/login/getPwdMode`), so no data crosses tenants. */
export const randomQuery = z.object({ tId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

const save = { perm: "sys:pwdMode:save" };
/** sys/pwdMode: the tenant's password policy, read by every signed-in user (the initial password blanked for those who may not set it), saved part by part. */
export const pwdModeApi = {
  random: defineCall({ kind: "get", path: "sys/pwdMode/random", input: randomQuery, answer: z.string(), access: "user" }),
  info: defineCall({ kind: "get", path: "sys/pwdMode/info", answer: pwdPolicySchema, access: "user" }),
  saveComplexity: defineCall({ kind: "post", path: "sys/pwdMode/saveComplexity", input: saveComplexity, answer: pwdPolicySchema, access: save }),
  saveInit: defineCall({ kind: "post", path: "sys/pwdMode/saveInit", input: saveInit, answer: pwdPolicySchema, access: save }),
  saveRegular: defineCall({ kind: "post", path: "sys/pwdMode/saveRegular", input: saveRegular, answer: pwdPolicySchema, access: save }),
  saveHis: defineCall({ kind: "post", path: "sys/pwdMode/saveHis", input: saveHis, answer: pwdPolicySchema, access: save }),
  saveForget: defineCall({ kind: "post", path: "sys/pwdMode/saveForget", input: saveForget, answer: pwdPolicySchema, access: save }),
};
