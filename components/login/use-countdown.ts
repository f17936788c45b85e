"use client";

import { useEffect, useState } from "react";

/** Seconds left before a code may be sent again (the cloud's 60 s cooldown, mirrored for comfort). */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return { left, start: (seconds = 60) => setLeft(seconds) };
}
