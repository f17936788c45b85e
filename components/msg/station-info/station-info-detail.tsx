"use client";

import * as React from "react";
import Link from "next/link";
import { useSWRConfig } from "swr";
import { useRouter } from "next/navigation";
import { ChevronLeftIcon, ChevronRightIcon, Trash2Icon } from "lucide-react";
import { call, useCall } from "@/lib/api/call";
import type { RowOf } from "@/lib/contract/entity";
import { stationApi, stationMessage } from "@/lib/contract/message";
import { inboxHref } from "@/lib/shell/inbox";
import { defineDetail, DetailPage, deriveDetailRows, useConfirm, type DetailContext } from "@/components/kit";
import { Button } from "@/components/ui/button";

type StationRow = RowOf<typeof stationMessage.fields>;
const ALARM_TYPES = new Set(["ala", "alaManual"]);
const href = (id: number | null) => (id ? `/msg/stationInfo?id=${id}` : undefined);

/**
 * Previous / next (`getUpDownId`: up is the next newer message, as the list is newest first) and
 * delete. Opening a message read it, so the header's unread badge is refreshed here.
 */
function Neighbours({ row, ctx }: { row: StationRow; ctx: DetailContext<StationRow> }) {
  const { data } = useCall(stationApi.upDown, { id: row.id as number });
  const { mutate } = useSWRConfig();
  const router = useRouter();
  const [confirm, confirmElement] = useConfirm();
  React.useEffect(() => {
    // The list and the header's counts (the calls under the caller's messages).
    void mutate((key) => Array.isArray(key) && (key[0] === stationApi.page.path || key[0] === stationApi.nums.path));
  }, [mutate, row.id]);
  const remove = async () => {
    if (!(await confirm(ctx.t("confirmDelete", { name: row.msgTitle ?? "" })))) return;
    await call(stationApi.del, { ids: [row.id as number] });
    router.replace(href(data?.downId ?? null) ?? href(data?.upId ?? null) ?? "/msg/station");
  };
  const link = (id: number | null | undefined, label: string, icon: React.ReactNode, testId: string) =>
    id ? (
      <Button size="sm" variant="outline" asChild data-testid={testId}>
        <Link href={href(id)!}>
          {icon}
          {label}
        </Link>
      </Button>
    ) : (
      <Button size="sm" variant="outline" disabled data-testid={testId}>
        {icon}
        {label}
      </Button>
    );
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2 border-t pt-4">
      {link(data?.upId, ctx.t("actions.previous"), <ChevronLeftIcon />, "station-previous")}
      {link(data?.downId, ctx.t("actions.next"), <ChevronRightIcon />, "station-next")}
      {row.bizId && ALARM_TYPES.has(String(row.msgType)) && (
        <Button size="sm" variant="outline" asChild data-testid="station-alarm">
          <Link href={inboxHref("todo", { id: row.id as number, msgType: row.msgType as "ala", bizId: row.bizId })}>{ctx.t("actions.openAlarm")}</Link>
        </Button>
      )}
      <Button size="sm" variant="outline" className="ml-auto text-destructive" onClick={remove} data-testid="station-delete">
        <Trash2Icon />
        {ctx.t("kit.actions.delete")}
      </Button>
      {confirmElement}
    </div>
  );
}

/** /msg/stationInfo?id=: one message (opening it marks it read), its neighbours, its alarm. */
export const stationInfoDetail = defineDetail<StationRow>({
  ns: "alarm.station",
  info: stationApi.info,
  back: "/msg/station",
  title: (r) => r.msgTitle ?? "",
  testId: "station-info",
  sections: [
    {
      key: "message",
      rows: deriveDetailRows(stationMessage, { msgTitle: false, msgContent: { full: true } }),
      render: (row, ctx) => <Neighbours row={row} ctx={ctx} />,
    },
  ],
});

export function StationInfoView() {
  return <DetailPage detail={stationInfoDetail} />;
}
