import { z } from "zod";
import { complexitySchema } from "../password";
import { pwdForgetSchema, pwdHistorySchema, pwdInitSchema, pwdRegularSchema, pwdWelcomeSchema } from "../pwd-policy";

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
