import type { Db } from "../client";

/**
 * Who still uses a product or one of its functions. Devices, alarm rules and linkage rules live
 * in later services: each registers a check here, and product and function deletion (and a
 * product type change) refuse while any check names a user. `kind` is a message key naming what
 * the users are (`product.usage.device` …), `names` are the users' own names.
 */
export type Users = { kind: string; names: string[] };
export type ProductUseCheck = (db: Db, productIds: number[]) => Promise<Users | null>;
export type FunctionUseCheck = (db: Db, fns: { productId: number; identifier: string }[]) => Promise<Users | null>;

const productChecks: ProductUseCheck[] = [];
const functionChecks: FunctionUseCheck[] = [];

/** Registers a check; returns its removal (tests register their own). */
export function registerProductUse(check: ProductUseCheck): () => void {
  productChecks.push(check);
  return () => void productChecks.splice(productChecks.indexOf(check), 1);
}

export function registerFunctionUse(check: FunctionUseCheck): () => void {
  functionChecks.push(check);
  return () => void functionChecks.splice(functionChecks.indexOf(check), 1);
}

const found = (all: (Users | null)[]) => all.filter((u): u is Users => !!u && u.names.length > 0);

export async function productUsers(db: Db, productIds: number[]): Promise<Users[]> {
  return productIds.length ? found(await Promise.all(productChecks.map((c) => c(db, productIds)))) : [];
}

export async function functionUsers(db: Db, fns: { productId: number; identifier: string }[]): Promise<Users[]> {
  return fns.length ? found(await Promise.all(functionChecks.map((c) => c(db, fns)))) : [];
}
