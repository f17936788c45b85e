import { api } from "@/lib/api/fetcher";
import { OPER } from "@/lib/contract/oper";
import type { AnyRow, ResourceUi } from "./define-resource";

/** A switch column's toggle through the resource's `oper` route (the contract's OPER): `enableStatus: { onToggle: operToggle }`. */
export const operToggle = <Row extends AnyRow>(row: Row, next: number, ui: ResourceUi<Row>) =>
  api.post(`${ui.resource.api}/${OPER.path}`, { id: row[ui.resource.keyId], [OPER.field]: next });
