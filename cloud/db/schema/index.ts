export * from "./identity";
export * from "./projects";
export * from "./messages";
export * from "./org";
export * from "./settings";
export * from "./products";
export * from "./devices";
export * from "./alarms";
