/**
 * Screens that read devices (and so their data): their lists (the device page opens from them), spaces and products.
 * A module of its own: other domains' calls (OTA firmware, alarms) name these screens without the device contract.
 */
export const DEVICE_READERS = ["/devices/device", "/devices/allDevices", "/spaces/space", "/productSet/product"];

/** Screens that read commands: the device lists' command panels, the handling log, online debugging (the device page's pad names them without the command contract). */
export const OPS_SCREENS = ["/devices/device", "/devices/allDevices", "/devices/handleLog", "/debug"] as const;
