"use client";

import type { FieldValues } from "react-hook-form";
import type { FormField } from "@/components/kit";
import { multilingualField } from "@/components/kit/form/multilingual-input";
import { FUNC_TYPE } from "@/lib/contract/device/thing-model";
import { lazyParts } from "@/components/kit/lazy-parts";

// The data type and parameter editors load with the form that shows them, not with the functions' list.
const { DataTypeField, ParamsField } = lazyParts(() => import("./function-editor"), ["DataTypeField", "ParamsField"]);

/** What a function of one type does not have. */
const NOT_OF: Record<number, Record<string, unknown>> = {
  [FUNC_TYPE.property]: { eventType: null, callMode: null, inputParams: [], outputParams: [] },
  [FUNC_TYPE.event]: { dataType: null, accessMode: null, callMode: null, inputParams: [] },
  [FUNC_TYPE.service]: { dataType: null, accessMode: null, eventType: null },
};

const is = (...types: number[]) => (v: FieldValues) => types.includes(Number(v.funcType));

/**
 * How the entity's function fields appear in the function editor (library, object model and
 * product functions alike): a property asks for its data type and access, an event for its type
 * and outputs, a service for its call mode, inputs and outputs.
 */
export const functionFormFields: Readonly<Record<string, Partial<FormField>>> = {
  // The name in every language (widgets §3): readers of the device page, alarms and reports see theirs.
  funcName: multilingualField,
  // A type change clears what the new type does not have (hidden, it would still be checked).
  funcType: { type: "radio", onValue: (v, form) => Object.entries(NOT_OF[Number(v)] ?? {}).forEach(([k, empty]) => form.setValue(k, empty)) },
  dataType: { type: "custom", render: (p) => <DataTypeField {...p} />, show: is(FUNC_TYPE.property), full: true, required: true },
  accessMode: { type: "radio", show: is(FUNC_TYPE.property), required: true },
  eventType: { type: "radio", show: is(FUNC_TYPE.event), required: true },
  callMode: { type: "radio", show: is(FUNC_TYPE.service), required: true },
  inputParams: { type: "custom", render: (p) => <ParamsField {...p} />, show: is(FUNC_TYPE.service), full: true },
  outputParams: { type: "custom", render: (p) => <ParamsField {...p} />, show: is(FUNC_TYPE.event, FUNC_TYPE.service), full: true },
};

/** A new function starts as a read-only float property. */
export const functionDefaults = { funcType: 1, accessMode: "r", dataType: { type: "float", min: "", max: "", step: "", unit: "" }, inputParams: [], outputParams: [] };
