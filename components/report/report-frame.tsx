"use client";

import { useRef, useState } from "react";

/**
 * The cloud's rendering of report blocks (sanitised document, escaped data, SVG charts, no
 * script) in a sandboxed frame as tall as its content: no script runs in it, and the console's
 * styles neither reach nor are reached by it. Same-origin only so the height can be read.
 */
export function ReportFrame({ html, title, testId, className }: { html: string; title: string; testId?: string; className?: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  const fit = () => {
    const doc = ref.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(120, doc.documentElement.scrollHeight));
  };
  return <iframe ref={ref} title={title} sandbox="allow-same-origin" srcDoc={html} onLoad={fit} style={{ height }} className={className ?? "block w-full border-0"} data-testid={testId} />;
}
