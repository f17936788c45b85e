"use client";

import { useTranslations } from "next-intl";
import { ListPicker, type PickerColumn } from "@/components/kit/pickers";
import { DictText } from "@/components/kit/table/cells";
import { connectApi } from "@/lib/contract/device/connect";
import { objFunctionApi, objModelApi, prodCopyApi, prodFunctionApi, productApi } from "@/lib/contract/device/product";
import { DataTypeText } from "./function-columns";

type Row = Record<string, unknown>;
type Id = number | string;

/**
 * The product-configuration pickers of widgets §2, each the kit's paged-list picker on its list:
 * object functions, object models, connections, unsubscribed products (sub-devices not yet bound
 * to a gateway), product functions and unsubscribed product copies.
 */
const KINDS = {
  objFunction: { call: objFunctionApi.page, columns: ["funcName", "identifier", "funcType", "dataType"] },
  objModel: { call: objModelApi.page, columns: ["modelName", "modelType", "functionCount"] },
  connect: { call: connectApi.page, columns: ["connectName", "connectCode", "connectType", "methodType"] },
  subProduct: { call: productApi.page, columns: ["prodName", "prodModel", "prodType"] },
  prodFunction: { call: prodFunctionApi.page, columns: ["funcName", "identifier", "funcType", "dataType"] },
  prodCopy: { call: prodCopyApi.page, columns: ["copyName", "prodModel", "prodType", "owner"] },
} as const;
export type CatalogPickerKind = keyof typeof KINDS;

const DICTS: Record<string, string> = { funcType: "funcType", modelType: "objModelType", connectType: "connectType", methodType: "methodType", prodType: "prodType", owner: "copyOwner" };

/** What a picker needs of the list it serves: the `?pick=` that opens it, and a refresh. */
type PickerHost = { param: (key: string) => string | null; setParam: (key: string, value: string | number | null) => void; refresh: () => Promise<unknown> };

/**
 * A list's catalogue picker, open while the list's `?pick=` names its kind: the ids chosen go to
 * `bind` (nothing chosen, nothing bound), then it closes and the list reads again.
 */
export function CatalogPicker({
  kind,
  ui,
  bind,
  params,
  multiple = true,
}: {
  kind: CatalogPickerKind;
  ui: PickerHost;
  bind: (ids: Id[]) => Promise<unknown>;
  params?: Record<string, string | number | undefined>;
  multiple?: boolean;
}) {
  const t = useTranslations("product.picker");
  const columns: PickerColumn<Row>[] = KINDS[kind].columns.map((key) => ({
    key,
    title: t(`columns.${key}`),
    ...(DICTS[key] && { render: (r: Row) => <DictText dict={DICTS[key]} value={r[key]} /> }),
    ...(key === "dataType" && { render: (r: Row) => <DataTypeText spec={r.dataType as never} /> }),
  }));
  const close = () => ui.setParam("pick", null);
  return (
    <ListPicker
      open={ui.param("pick") === kind}
      onOpenChange={(o) => !o && close()}
      title={t(`titles.${kind}`)}
      call={KINDS[kind].call}
      params={params}
      columns={columns}
      multiple={multiple}
      onConfirm={async (ids) => {
        if (ids.length) await bind(ids);
        close();
        await ui.refresh();
      }}
    />
  );
}

