import { z } from "zod";
import { isUrl, WEB_SCHEMES } from "../url";
import { defineCall } from "../call";
import { companyInfo } from "../company";
import { hexColor, rgbColor, text } from "../validation";
import { dbId } from "../common";
import { isTimeZone } from "../../time-zone";

/** sys/company bodies (core §3 company info, issue 5 loginPage / companyInfo / companyColor /
 *  phoneSet / expire). Stored paths come from `file/upload`. */

const path = text(500);

export const saveComp = z.object({ compName: text(64), compLogo: path, compNameShort: text(32), compLogoShort: path });
export type SaveComp = z.infer<typeof saveComp>;

export const LOGIN_BANNER_MAX = 5;
export const saveLogin = z.object({
  loginText: text(200),
  loginLink: z.union([z.literal(""), z.string().trim().max(500, "validation.maxLength").refine((u) => isUrl(u, WEB_SCHEMES), "validation.format")]).nullish(),
  /** Carousel image paths, at most 5; stored as a JSON list (core §3 `loginBanner`). */
  loginBanner: z.array(z.string().min(1).max(500, "validation.maxLength")).max(LOGIN_BANNER_MAX, "validation.maxItems").default([]),
  loginLogo: path,
  loginBackdrop: path,
});
export type SaveLogin = z.infer<typeof saveLogin>;

/** `#rrggbb` or `rgb(r, g, b)`; each form gets its own error (core §8), the cloud stores hex. */
export const colorInput = z
  .string({ error: "validation.required" })
  .trim()
  .superRefine((s, ctx) => {
    const schema = /^rgb/i.test(s) ? rgbColor : hexColor;
    const r = schema.safeParse(s);
    if (!r.success) ctx.addIssue({ code: "custom", message: r.error.issues[0].message });
  })
  .transform(toHex);

export function toHex(color: string): string {
  if (color.startsWith("#")) return color.toUpperCase();
  const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

export const saveColor = z.object({ skinColor: colorInput });

/** The tenant's time zone: an IANA name this runtime knows. */
export const saveTimeZone = z.object({ timeZone: z.string({ error: "validation.required" }).trim().refine(isTimeZone, "validation.invalidOption") });

/** phoneSet: masking of phones and e-mails, with users and departments exempted (core §6). */
export const phoneSet = z.object({
  phoneMask: z.boolean(),
  emailMask: z.boolean(),
  /** Users, and members of departments, who see numbers and addresses in full. */
  exemptUserIds: z.array(dbId).max(1000, "validation.maxItems").default([]),
  exemptDepartmentIds: z.array(dbId).max(1000, "validation.maxItems").default([]),
});
export type PhoneSet = z.infer<typeof phoneSet>;
export const saveEncrypt = phoneSet;
export const defaultPhoneSet: PhoneSet = { phoneMask: false, emailMask: false, exemptUserIds: [], exemptDepartmentIds: [] };

/** First 3 and last 4 digits, four asterisks between (core §6). */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** Everything after the first 3 characters of the name; the domain stays (core §6). */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  const name = at < 0 ? email : email.slice(0, at);
  return `${name.slice(0, 3)}***${at < 0 ? "" : email.slice(at)}`;
}

/** The caller's company info with the tenant's name (what the saves answer). */
export const namedCompany = companyInfo.extend({ tenantName: z.string().nullable() });
/** `GET sys/company/info`: the caller's company info, tenant name and masking settings. */
export const companySettings = namedCompany.extend({ encrypt: phoneSet });
export type CompanySettings = z.infer<typeof companySettings>;

/** Tenant duration options (core §4): warn this many days before a tenant's contract ends. */
export const EXPIRE_WARN_DAYS = [7, 30, 90] as const;
export const expireWarn = z.object({
  enabled: z.boolean(),
  days: z.coerce.number().refine((n) => (EXPIRE_WARN_DAYS as readonly number[]).includes(n), "validation.invalidOption"),
});
export type ExpireWarn = z.infer<typeof expireWarn>;
export const defaultExpireWarn: ExpireWarn = { enabled: true, days: 30 };

/** `GET sys/company/expireWarn/current`: whether to warn the signed-in tenant user now. */
export const expireWarnCurrent = z.object({ show: z.boolean(), daysLeft: z.number().int().nullable(), contractEnd: z.string().nullable() });
export type ExpireWarnCurrent = z.infer<typeof expireWarnCurrent>;

/** The screens that read the company info: login page, company info and colour, phone masking. */
export const COMPANY_SCREENS = ["/systemSet/loginPage", "/systemSet/companyInfo", "/systemSet/companyColor", "/systemSet/phoneSet"];
export const EXPIRE_SCREEN = "/systemSet/expire";

/** sys/company: the tenant's branding and masking; the platform's contract-expiry warning (platform only, checked by the cloud beside the code). */
export const companyApi = {
  info: defineCall({ kind: "get", path: "sys/company/info", answer: companySettings, access: { menu: COMPANY_SCREENS } }),
  saveComp: defineCall({ kind: "post", path: "sys/company/saveComp", input: saveComp, answer: namedCompany, access: { perm: "sys:company:saveComp" } }),
  saveLogin: defineCall({ kind: "post", path: "sys/company/saveLogin", input: saveLogin, answer: namedCompany, access: { perm: "sys:company:saveLogin" } }),
  saveColor: defineCall({ kind: "post", path: "sys/company/saveColor", input: saveColor, answer: z.object({ skinColor: z.string() }), access: { perm: "sys:company:saveColor" } }),
  /** The time zone belongs to the company's info: whoever may save that may set it. */
  saveTimeZone: defineCall({ kind: "post", path: "sys/company/saveTimeZone", input: saveTimeZone, answer: saveTimeZone, access: { perm: "sys:company:saveComp" } }),
  saveEncrypt: defineCall({ kind: "post", path: "sys/company/saveEncrypt", input: saveEncrypt, answer: phoneSet, access: { perm: "sys:company:saveEncrypt" } }),
  expireWarn: defineCall({ kind: "get", path: "sys/company/expireWarn/info", answer: expireWarn, access: { menu: [EXPIRE_SCREEN] } }),
  saveExpireWarn: defineCall({ kind: "post", path: "sys/company/expireWarn/save", input: expireWarn, answer: expireWarn, access: { perm: "sys:expire:save" } }),
  /** For every signed-in user: whether the console should warn that the contract ends soon. */
  expireWarnCurrent: defineCall({ kind: "get", path: "sys/company/expireWarn/current", answer: expireWarnCurrent, access: "user" }),
};
