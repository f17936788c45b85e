"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { defineResource, KitDialog, ResourcePage, type ResourceUi } from "@/components/kit";
import { SortableList } from "@/components/kit/sortable-list";
import { api } from "@/lib/api/fetcher";
import { pointGroup, pointGroupUpdate, type PointGroup } from "@/lib/contract/monitoring/point-group";
import { PointDevicesField } from "./point-devices-field";
import { useBusy } from "@/components/kit/use-busy";

export const pointDetailsHref = (id: number) => `/pointCorrelation/pointDetails?id=${id}`;
const inclinometer = (v: Record<string, unknown>) => v.monitorKind === "inclinometer";
const laser = (v: Record<string, unknown>) => v.monitorKind === "tilt";

/** Drag sorting of the listed points (core §5: the order is saved before it is used). */
function SortDialog({ ui }: { ui: ResourceUi<PointGroup> }) {
  const t = useTranslations("monitoring.point");
  const open = ui.param("sort") === "1";
  const [order, setOrder] = React.useState<number[] | null>(null);
  const [busy, run] = useBusy();
  const getId = React.useCallback((r: PointGroup) => r.id, []);
  const close = () => (setOrder(null), ui.setParam("sort", null));
  const save = () =>
    run(async () => {
      await api.post("device/pointGroup/sort", { ids: order ?? ui.rows.map((r) => r.id) });
      toast.success(t("sortSaved"));
      await ui.refresh();
      close();
    });
  return (
    <KitDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={t("saveSort")}
      description={t("sortHint")}
      width={500}
      testId="point-sort"
      footer={
        <Button onClick={save} disabled={busy || !order}>
          {t("saveSort")}
        </Button>
      }
    >
      <SortableList items={ui.rows} getId={getId} onSort={(ids) => setOrder(ids.map(Number))} render={(r) => <span className="text-sm">{r.groupName}</span>} />
    </KitDialog>
  );
}

/** Measurement points (point correlation, core §3 / §5), in the chosen project. */
export const pointResource = defineResource<PointGroup>({
  entity: pointGroup,
  api: "device/pointGroup",
  endpoints: { page: "device/pointGroup/query", import: false, template: false, openOrClose: false },
  perm: "dev:pointGroup",
  schemas: { update: pointGroupUpdate },
  search: { keyword: "groupName", keywordPlaceholder: "placeholders.groupName" },
  columns: { groupName: { type: "click", onClick: (row, ui) => ui.navigate(pointDetailsHref(row.id)) } },
  form: {
    columns: 2,
    placeholders: ["groupName"],
    fields: {
      zeroType: { type: "radio" },
      deviceIds: { type: "custom", full: true, render: (p) => <PointDevicesField {...p} /> },
      holePosition: { show: inclinometer },
      holeDepth: { show: inclinometer },
      unitLength: { show: inclinometer },
      laserDistance: { show: laser },
      refAngleX: { show: laser },
      refAngleY: { show: laser },
    },
  },
  rowActions: [{ key: "details", label: "details", onClick: (row, ui) => ui.navigate(pointDetailsHref(row.id)) }, "edit", "del"],
  toolbar: ["add", "export", "batchDelete", { key: "sort", label: "saveSort", perm: "dev:pointGroup:upd", variant: "outline", onClick: (ui) => ui.setParam("sort", 1) }],
  slots: { dialogs: (ui) => <SortDialog ui={ui} /> },
  multiple: true,
  rowName: (r) => r.groupName,
});

export function PointCorrelationList() {
  return <ResourcePage resource={pointResource} />;
}
