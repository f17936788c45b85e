"use client";

import * as React from "react";
import { MapKeyNoticeStyle } from "@/components/maps/key-notice";

/** What the gate learnt from the address and the session, for every part of a screen. */
export type ScreenInfo = {
  tenantId: number;
  /** The address's `projId` (null when it has none or it is not a number). */
  projId: number | null;
  /** That project, when the caller may see it. */
  project: { id: number; prjName: string } | null;
  companyName: string;
};

const ScreenContext = React.createContext<ScreenInfo | null>(null);

/**
 * The screen's facts and its live-call status, for the frame and every panel below the layout.
 * Maps without a key caption it rather than ask a wall screen's viewers to dismiss a note.
 */
export function ScreenProvider({ value, children }: { value: ScreenInfo; children: React.ReactNode }) {
  return (
    <ScreenContext.Provider value={value}>
      <MapKeyNoticeStyle value="caption">
        <LiveStatusProvider>{children}</LiveStatusProvider>
      </MapKeyNoticeStyle>
    </ScreenContext.Provider>
  );
}

export function useScreen(): ScreenInfo {
  const v = React.useContext(ScreenContext);
  if (!v) throw new Error("useScreen outside a data screen");
  return v;
}

/**
 * Which live calls are failing, so the frame shows one "reconnecting" badge however many panels
 * lose the network, and the time of the last good answer.
 */
type LiveStatus = { report: (key: string, ok: boolean) => void; forget: (key: string) => void; failing: number; lastOk: number | null };
const LiveContext = React.createContext<LiveStatus | null>(null);

export function LiveStatusProvider({ children }: { children: React.ReactNode }) {
  const [failing, setFailing] = React.useState<ReadonlySet<string>>(new Set());
  const [lastOk, setLastOk] = React.useState<number | null>(null);
  const mark = React.useCallback((key: string, failed: boolean) => {
    setFailing((s) => {
      if (failed === s.has(key)) return s;
      const next = new Set(s);
      if (failed) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const report = React.useCallback(
    (key: string, ok: boolean) => {
      mark(key, !ok);
      if (ok) setLastOk(Date.now());
    },
    [mark],
  );
  const forget = React.useCallback((key: string) => mark(key, false), [mark]);
  const value = React.useMemo(() => ({ report, forget, failing: failing.size, lastOk }), [report, forget, failing, lastOk]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export const useLiveStatus = () => React.useContext(LiveContext);
