"use client";

import { defineDetail, DetailPage } from "@/components/kit";
import { simOrder, simOrderApi, type SimOrder } from "@/lib/contract/sim/order";

/** simOrderInfo (`?id=`): an order, its amount and the ICCIDs of its cards. */
const simOrderDetail = defineDetail<SimOrder>({
  entity: simOrder,
  info: simOrderApi.info,
  back: "simOrder",
  basic: { title: "info.basic", span: 3 },
  rows: { iccids: false },
  sections: [
    {
      key: "cards",
      title: "info.cards",
      span: 3,
      render: (row) => (
        <ul className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="sim-order-cards">
          {(row.iccids ?? []).map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      ),
    },
  ],
});

export function SimOrderInfoView() {
  return <DetailPage detail={simOrderDetail} />;
}
