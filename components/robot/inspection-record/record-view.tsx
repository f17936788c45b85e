"use client";

import * as React from "react";
import Link from "next/link";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { ImageIcon } from "lucide-react";
import { defineDetail, DetailPage, DetailValue } from "@/components/kit";
import { alarmHref } from "@/components/alarm/alarm-href";
import { useCall } from "@/lib/api/call";
import { alarmCoreApi } from "@/lib/contract/alarm/alarm-center";
import { ALARM_TYPE } from "@/lib/contract/alarm/enums";
import { record, recordApi, type InspectionRecord } from "@/lib/contract/robot/record";
import { fileUrl } from "@/lib/file-url";
import { formatDateTime } from "@/lib/format";

/** The viewer (a dialog) loads with the first photo opened, not with the page. */
const ImageViewer = dynamic(() => import("@/components/kit/image-viewer").then((m) => m.ImageViewer));

/** The robot's photos at a readable size; a click opens the viewer. */
function Photos({ photos }: { photos: string[] }) {
  const t = useTranslations("robot.record");
  const [at, setAt] = React.useState<number | null>(null);
  if (!photos.length)
    return (
      <p className="flex h-40 flex-col items-center justify-center gap-2 text-sm text-muted-foreground" data-testid="record-no-photo">
        <ImageIcon className="size-8" />
        {t("noPhoto")}
      </p>
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="record-photos">
      {photos.map((p, i) => (
        <button key={p} type="button" className="overflow-hidden rounded border bg-muted" onClick={() => setAt(i)} aria-label={`${t("fields.photos")} ${i + 1}`}>
          <img src={fileUrl(p)} alt="" className="aspect-video w-full object-contain" />
        </button>
      ))}
      {at !== null && <ImageViewer images={photos.map(fileUrl)} index={at} onIndexChange={setAt} />}
    </div>
  );
}

/** The alarm an abnormal reading raised: its name, status and time, and a link to it in the alarm centre. */
function RaisedAlarm({ id }: { id: number | null }) {
  const t = useTranslations("robot.record");
  const ta = useTranslations("alarm.alarmCentre");
  // A reader of robot records may not read the alarm centre: then the link alone is shown.
  const { data } = useCall(alarmCoreApi.info, id ? { id } : null, { silent: true });
  if (!id) return <p className="text-sm text-muted-foreground" data-testid="record-alarm">{t("noAlarm")}</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm" data-testid="record-alarm">
      {data && (
        <>
          <span className="font-medium">{data.alarmName}</span>
          <span className="flex items-center gap-2">
            <span className="text-muted-foreground">{ta("fields.status")}</span>
            <DetailValue def={{ prop: "status", label: "", type: "dict", dict: "alarmStatus" }} row={data} />
          </span>
          <span className="flex items-center gap-2">
            <span className="text-muted-foreground">{ta("fields.triggeredAt")}</span>
            {formatDateTime(data.triggeredAt)}
          </span>
        </>
      )}
      <Link className="text-primary hover:underline" href={alarmHref({ id, alarmType: data?.alarmType ?? ALARM_TYPE.auto })}>
        {t("openAlarm")}
      </Link>
    </div>
  );
}

/**
 * /robot/inspectionRecord/viewInspectionRecord (core §2): one reading — the point, the item, its value
 * and result, when and by which robot, the robot's photos, and the alarm an abnormal reading raised.
 */
const recordView = defineDetail<InspectionRecord>({
  entity: record,
  info: recordApi.info,
  back: "/robot/inspectionRecord",
  title: (r) => `${r.pointName} · ${r.itemName}`,
  basic: { title: "viewTitle", span: 2 },
  rows: {
    photos: false,
    unit: false,
    alarmId: false,
    taskId: false,
    trackId: false,
    pointId: false,
    deviceId: false,
    value: { type: "slot", render: (r: InspectionRecord) => (r.value === null || r.value === undefined ? "-" : `${r.value}${r.unit ? ` ${r.unit}` : ""}`) },
  },
  sections: [
    { key: "alarm", title: "alarm", span: 1, render: (r) => <RaisedAlarm id={r.alarmId ?? null} /> },
    { key: "photos", title: "fields.photos", render: (r) => <Photos photos={r.photos ?? []} /> },
  ],
  testId: "record-info",
});

export function RecordView() {
  return <DetailPage detail={recordView} />;
}
