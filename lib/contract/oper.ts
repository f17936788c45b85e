/**
 * The enable switch of alarm rules, linkage rules and data push configurations: `POST <api>/oper`
 * with `{ id, enableStatus }`, where other lists use openOrClose with `{ id, status }`.
 */
export const OPER = { path: "oper", field: "enableStatus" } as const;
