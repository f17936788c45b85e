/**
 * Screens that read devices (and so their data): their lists (the device page opens from them), spaces and products.
 * A module of its own: other domains' calls (OTA firmware, alarms) name these screens without the device contract.
 */
export const DEVICE_READERS = ["/devices/device", "/devices/allDevices", "/spaces/space", "/productSet/product"];
