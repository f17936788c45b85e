"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { KitDialog } from "@/components/kit/dialogs/kit-dialog";
import type { ResourceUi } from "@/components/kit/resource/define-resource";
import { SortableList } from "@/components/kit/sortable-list";
import { useBusy } from "@/components/kit/use-busy";
import { call } from "@/lib/api/call";
import { pointGroupApi, type PointGroup } from "@/lib/contract/monitoring/point-group";

/** Drag sorting of the listed points (core §5: the order is saved before it is used). */
export function SortDialog({ ui }: { ui: ResourceUi<PointGroup> }) {
  const t = useTranslations("monitoring.point");
  const open = ui.param("sort") === "1";
  const [order, setOrder] = React.useState<number[] | null>(null);
  const [busy, run] = useBusy();
  const getId = React.useCallback((r: PointGroup) => r.id, []);
  const close = () => (setOrder(null), ui.setParam("sort", null));
  const save = () =>
    run(async () => {
      await call(pointGroupApi.sort, { ids: order ?? ui.rows.map((r) => r.id) });
      toast.success(t("sortSaved"));
      await ui.refresh();
      close();
    });
  return (
    <KitDialog
      open={open}
      onClose={close}
      title={t("saveSort")}
      description={t("sortHint")}
      width={500}
      testId="point-sort"
      primary={{ label: t("saveSort"), onClick: save, disabled: busy || !order }}
    >
      <SortableList items={ui.rows} getId={getId} onSort={(ids) => setOrder(ids.map(Number))} render={(r) => <span className="text-sm">{r.groupName}</span>} />
    </KitDialog>
  );
}
