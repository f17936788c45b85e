"use client";

import { useEffect, useMemo, useState } from "react";
import { fileUrl } from "@/lib/file-url";

function parseBanners(raw: string): string[] {
  try {
    const list: unknown = JSON.parse(raw || "[]");
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string" && !!x).slice(0, 5) : [];
  } catch {
    return [];
  }
}

/** Up to five login banners, changing every 5 s; the built-in illustration when none is stored. */
export function BannerCarousel({ banners }: { banners: string }) {
  const list = useMemo(() => parseBanners(banners), [banners]);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (list.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % list.length), 5000);
    return () => clearInterval(id);
  }, [list.length]);
  const src = list.length ? fileUrl(list[index % list.length]) : "/brand/login-banner.svg";
  return (
    <div className="absolute inset-0">
      <img src={src} alt="" className="h-full w-full object-cover opacity-90" />
      {list.length > 1 && (
        <div className="absolute bottom-4 left-1/2 z-10 flex -translate-x-1/2 gap-1.5">
          {list.map((_, i) => (
            <button key={i} type="button" aria-label={`${i + 1}`} onClick={() => setIndex(i)} className={`h-1.5 w-5 rounded-full ${i === index ? "bg-white" : "bg-white/40"}`} />
          ))}
        </div>
      )}
    </div>
  );
}
