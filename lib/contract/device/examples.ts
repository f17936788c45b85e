import { FUNC_TYPE, type DataSpec, type Param, type ThingFunction } from "./thing-model";

/**
 * Example values and payloads for a product's MQTT topics (the product page shows one per
 * property, event and service): every value fits its data type, so a device author can copy it.
 */
export function exampleValue(spec: DataSpec): unknown {
  switch (spec.type) {
    case "int32":
    case "int32u":
      return Math.round((spec.min + spec.max) / 2);
    case "float":
    case "double":
      return Number(((spec.min + spec.max) / 2).toFixed(3));
    case "enum":
      return spec.items[0]?.value ?? 0;
    case "bool":
      return true;
    case "text":
      return "abc".slice(0, spec.length);
    case "date":
      return 1_732_450_000_000;
    case "struct":
      return exampleParams(spec.members);
    case "array":
      return [exampleValue(spec.element)];
  }
}

export const exampleParams = (params: Param[] = []) => Object.fromEntries(params.map((p) => [p.identifier, exampleValue(p.dataType)]));

/** The message a device (or the cloud, for services) sends for one function. */
export function examplePayload(fn: ThingFunction): { channel: "property/post" | "event/post" | "service/call"; payload: unknown } {
  if (fn.funcType === FUNC_TYPE.property) return { channel: "property/post", payload: { time: 1_732_450_000_000, params: { [fn.identifier]: fn.dataType ? exampleValue(fn.dataType) : null } } };
  if (fn.funcType === FUNC_TYPE.event) return { channel: "event/post", payload: { time: 1_732_450_000_000, identifier: fn.identifier, params: exampleParams(fn.outputParams) } };
  return { channel: "service/call", payload: { id: "1", identifier: fn.identifier, params: exampleParams(fn.inputParams) } };
}
