import type { EntityResourceConfig } from "@/components/kit/resource/define-resource";
import { prodFunction, prodFunctionApi, type FunctionRow } from "@/lib/contract/device/product";

/**
 * What the list of all product functions (`prod-function-resource.tsx`) and a product's functions tab
 * (`product-functions.tsx`) share. A module of its own: the product's page takes it without the other list's page and
 * product picker.
 */
export const functionBase: Pick<EntityResourceConfig<FunctionRow>, "entity" | "calls" | "detail" | "rowActions"> = {
  entity: prodFunction,
  calls: prodFunctionApi,
  detail: false,
  rowActions: ["view", "edit", "del"],
};
