"use client";

import { useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import type { CustomFieldProps } from "@/components/kit";
import { useCall } from "@/lib/api/call";
import { parseMark, trackMarksApi } from "@/lib/contract/robot/track";
import { FloorPlanMarker } from "../floor-plan-marker";

/** The point form's place on the map: the chosen track's map with its other points; a click places this one. */
export function MarkField({ field, form }: CustomFieldProps) {
  const t = useTranslations("robot.point");
  const trackId = Number(useWatch({ control: form.control, name: "trackId" })) || null;
  const id = form.getValues("id") as number | undefined;
  const { data } = useCall(trackMarksApi.marks, trackId ? { trackId } : null);
  const value = parseMark(field.value as string | undefined);
  if (!trackId || !data) return <p className="text-sm text-muted-foreground">{t("noMap")}</p>;
  return (
    <div className="space-y-1">
      <FloorPlanMarker
        map={data.trackInfo.trackMap}
        points={data.pointList.filter((p) => p.id !== id)}
        value={value}
        label={t("hints.markPosition")}
        onPlace={(xy) => {
          field.onChange(JSON.stringify(xy));
          // The position along the rail follows from the map's scale until it is typed otherwise.
          form.setValue("position", Math.round(xy.x * data.trackInfo.mapScale * 10) / 10, { shouldDirty: true });
        }}
      />
      <p className="text-xs text-muted-foreground">{value ? t("marked", value) : t("hints.markPosition")}</p>
    </div>
  );
}
