"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useSubmitOnce } from "@/components/kit/use-submit-once";
import { call, useCall } from "@/lib/api/call";
import { videoApi, whepUrl } from "@/lib/contract/video/video";
import { toast } from "@/lib/toast";
import { realSchema, zodReady } from "@/lib/zod-ready";

/**
 * A camera's WebRTC source for its device editors (issue 34): the media server's WHEP address
 * (MediaMTX `http://host:8889/<path>/whep`, SRS `…/rtc/v1/whep/?app=live&stream=<name>`, go2rtc
 * `…/api/webrtc?src=<name>`, ZLMediaKit `…/index/api/whep?app=live&stream=<name>`). The console
 * signals to it for every viewer; viewers never see it. Empty removes it. `onSaved` lets the wall
 * learn whether the camera now offers WebRTC.
 */
export function CameraSources({ deviceId, onSaved }: { deviceId: number; onSaved?: () => void }) {
  const t = useTranslations("video.sources");
  const tv = useTranslations("validation");
  const info = useCall(videoApi.sources, { id: deviceId }, { silent: true });
  const [draft, setDraft] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const value = draft ?? info.data?.whepUrl ?? "";
  const [busy, save] = useSubmitOnce(async () => {
    const v = value.trim();
    if (v) {
      await zodReady();
      if (!realSchema(whepUrl).safeParse(v).success) return setError(tv("whepUrl"));
    }
    setError(null);
    const saved = await call(videoApi.sourcesSave, { id: deviceId, whepUrl: v || null });
    void info.mutate(saved, { revalidate: false });
    setDraft(null);
    toast.success(saved.whepUrl ? t("saved") : t("removed"));
    onSaved?.();
  });
  const id = `whep-url-${deviceId}`;
  return (
    <form
      className="flex flex-col gap-1.5"
      data-testid="camera-sources"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="text-xs font-medium">
        {t("whepUrl")}
      </label>
      <div className="flex gap-1.5">
        <Input
          id={id}
          value={value}
          disabled={!info.data}
          placeholder="http://media-server:8889/cam1/whep"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="h-8 min-w-0 flex-1 text-xs"
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          data-testid="whep-url"
        />
        <Button type="submit" size="sm" variant="outline" disabled={!info.data || busy || draft === null}>
          {t("save")}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("hint")}
      </p>
    </form>
  );
}
