/** A key's access: 0 read-only (reads alone), 1 read-write (the user's writes too). */
export const API_KEY_ACCESS = [0, 1] as const;
/** 1 active, 2 expired, 3 revoked. */
export const API_KEY_STATUS = [1, 2, 3] as const;
/** The lifetimes a key may be given, in days. */
export const API_KEY_TTL = [7, 30, 90, 365] as const;
/** What every key starts with: the cloud tells keys from session tokens by it. */
export const API_KEY_PREFIX = "iotk_";
