"use client";

import { useTranslations } from "next-intl";
import { defineDetail, DetailPage } from "@/components/kit/detail/define-detail";
import { DictText } from "@/components/kit/table/cells";
import { prodCopy, prodCopyApi, type ProdCopy } from "@/lib/contract/device/product";
import { DataTypeText } from "@/components/product-set/function-columns";

/** The functions a copy carries (read-only: a product made from it gets them). */
function CopyFunctions({ copy }: { copy: ProdCopy }) {
  const tf = useTranslations("product.function.fields");
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          {["funcName", "identifier", "funcType", "dataType"].map((k) => (
            <th key={k} className="py-1 font-normal">
              {tf(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {copy.functions.map((f) => (
          <tr key={f.identifier} className="border-t">
            <td className="py-1.5">{f.funcName}</td>
            <td className="py-1.5 font-mono text-xs">{f.identifier}</td>
            <td className="py-1.5">
              <DictText dict="funcType" value={f.funcType} />
            </td>
            <td className="py-1.5">
              <DataTypeText spec={f.dataType} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const prodCopyDetail = defineDetail<ProdCopy>({
  entity: prodCopy,
  info: prodCopyApi.info,
  back: "/prodCopy/prodCopyList",
  rows: { subscribed: { type: "slot", render: (c) => <YesNo yes={c.subscribed} /> } },
  sections: [{ key: "functions", render: (c) => <CopyFunctions copy={c} /> }],
});

function YesNo({ yes }: { yes: boolean }) {
  const t = useTranslations("product.prodCopy");
  return <>{t(yes ? "yes" : "no")}</>;
}

/** /prodCopy/prodCopyInfo?id= : a product copy and the functions it carries. */
export function ProdCopyInfoView() {
  return <DetailPage detail={prodCopyDetail} />;
}
