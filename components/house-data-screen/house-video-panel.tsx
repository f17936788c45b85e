"use client";

import { useTranslations } from "next-intl";
import { VideoOffIcon } from "lucide-react";
import { Panel } from "@/components/data-screen";

/**
 * The project's video tiles in the scene's split (1, 4, 9, 16). No camera is connected yet (the
 * video issue is not done), and each tile says so rather than pretending to stream.
 */
export function HouseVideoPanel({ split, className }: { split: number; className?: string }) {
  const t = useTranslations("scene.screen");
  const side = Math.max(1, Math.round(Math.sqrt(split)));
  return (
    <Panel title={t("video")} className={className} testId="house-video" extra={t("videoNote", { n: split })}>
      <div className="grid size-full gap-2" style={{ gridTemplateColumns: `repeat(${side}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${side}, minmax(0, 1fr))` }}>
        {Array.from({ length: side * side }, (_, i) => (
          <div key={i} className="flex min-h-0 flex-col items-center justify-center gap-1 rounded border border-sky-500/20 bg-black/30 text-sky-300/50" data-testid="house-video-tile">
            <VideoOffIcon className={side > 2 ? "size-5" : "size-8"} strokeWidth={1.5} />
            {side <= 3 && <span className={side > 2 ? "text-sm" : "text-base"}>{t("noCamera")}</span>}
          </div>
        ))}
      </div>
    </Panel>
  );
}
