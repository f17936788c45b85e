/** The password options' values, without the password schemas: the enum dictionary (lists) reads them. */

/** Password rules of core §4: 1 upper, 2 lower, 3 digit, 4 special, 5 no username,
 *  6 no display name or its pinyin, 7 no phone number, 8 no e-mail prefix. */
export const PASSWORD_RULES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
export const PASSWORD_TEMPLATES = ["none", "low", "common", "recommended", "high", "custom"] as const;
export type PasswordTemplate = (typeof PASSWORD_TEMPLATES)[number];

/** notifyFlag: 1 notify the user of the new password, 2 don't; changePwdFlag: 1 no, 2 force a
 *  change at next login (widgets §3). */
export const NOTIFY_FLAGS = [1, 2] as const;
export const CHANGE_PWD_FLAGS = [1, 2] as const;
