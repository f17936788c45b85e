/**
 * The header by which the console proves a call came through it (`CLOUD_PROXY_SECRET`): only such
 * a call's X-Real-IP is believed by the cloud.
 */
export const PROXY_SECRET_HEADER = "x-console-secret";
