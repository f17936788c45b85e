"use client";

import type { FieldValues } from "react-hook-form";
import type { FormField } from "@/components/kit";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { DataTypeField, ParamsField } from "./function-editor";

const is = (...types: number[]) => (v: FieldValues) => types.includes(Number(v.funcType));

/**
 * How the entity's function fields appear in the function editor (library, object model and
 * product functions alike): a property asks for its data type and access, an event for its type
 * and outputs, a service for its call mode, inputs and outputs.
 */
export const functionFormFields: Readonly<Record<string, Partial<FormField>>> = {
  funcType: { type: "radio" },
  dataType: { type: "custom", render: (p) => <DataTypeField {...p} />, show: is(FUNC_TYPE.property), full: true, required: true },
  accessMode: { type: "radio", show: is(FUNC_TYPE.property), required: true },
  eventType: { type: "radio", show: is(FUNC_TYPE.event), required: true },
  callMode: { type: "radio", show: is(FUNC_TYPE.service), required: true },
  inputParams: { type: "custom", render: (p) => <ParamsField {...p} />, show: is(FUNC_TYPE.service), full: true },
  outputParams: { type: "custom", render: (p) => <ParamsField {...p} />, show: is(FUNC_TYPE.event, FUNC_TYPE.service), full: true },
};

/** A new function starts as a read-only float property. */
export const functionDefaults = { funcType: 1, accessMode: "r", dataType: { type: "float", min: "", max: "", step: "", unit: "" }, inputParams: [], outputParams: [] };
