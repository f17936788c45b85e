import { remoteOptions, type ResourceUi } from "@/components/kit";
import type { SimCard } from "@/lib/contract/sim/card";
import { simProdApi } from "@/lib/contract/sim/product";

export const PRODUCTS = remoteOptions(simProdApi.list, "prodName", "id", { size: 9999 });
export type BatchKind = "renew" | "cancel" | "tags" | "state";

/** The cards a batch action works on: the selected rows, else the ICCIDs pasted into the search (`iccidList`). */
export function batchOf(ui: ResourceUi<SimCard>) {
  const ids = ui.selected.map((r) => r.id);
  const pasted = typeof ui.query.iccidList === "string" ? ui.query.iccidList.split(/[\s,;]+/).filter(Boolean) : [];
  return ids.length ? { ids, iccids: [] } : { ids: [], iccids: pasted };
}
