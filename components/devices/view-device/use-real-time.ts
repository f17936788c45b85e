"use client";

import * as React from "react";
import type { KeyedMutator } from "swr";
import { useCall } from "@/lib/api/call";
import { deviceDataApi, type RealTimeData } from "@/lib/contract/device/device-data";
import { deviceTopic } from "@/lib/contract/live/topics";
import { useLiveTopic } from "@/lib/live/use-live";
import { applyLive, REALTIME_REFRESH_MS } from "./device-data-view";

/**
 * A device's real-time data: read once, then kept current by the live channel (a stored value
 * reaches the page within a second); while the channel is down it is read every 5 s as before,
 * and read again whenever the channel comes back (what happened meanwhile is not replayed).
 */
export function useRealTime(deviceId: number) {
  const mutate = React.useRef<KeyedMutator<RealTimeData> | null>(null);
  const live = useLiveTopic(
    deviceTopic(deviceId),
    (e) => e && void mutate.current?.((d) => applyLive(d, e), { revalidate: false }),
    () => void mutate.current?.(),
  );
  const res = useCall(deviceDataApi.realTime, { id: deviceId }, { refreshInterval: live ? 0 : REALTIME_REFRESH_MS, keepPreviousData: true });
  React.useEffect(() => {
    mutate.current = res.mutate;
  }, [res.mutate]);
  return { ...res, live };
}
