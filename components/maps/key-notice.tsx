"use client";

import * as React from "react";

/**
 * How a map without a key says that tiles need one: in the console a note the user dismisses; on
 * a wall screen, where nobody is there to dismiss it, a small caption on the map instead.
 */
export type KeyNoticeStyle = "note" | "caption";

const KeyNoticeContext = React.createContext<KeyNoticeStyle>("note");

/** Kept apart from the map surface so a screen sets the style without loading map code. */
export function MapKeyNoticeStyle({ value, children }: { value: KeyNoticeStyle; children: React.ReactNode }) {
  return <KeyNoticeContext.Provider value={value}>{children}</KeyNoticeContext.Provider>;
}

export const useKeyNoticeStyle = () => React.useContext(KeyNoticeContext);
