"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { Skeleton } from "@/components/ui/skeleton";

/** pdf.js's worker, emitted by the build as one of our own static files (never a CDN). */
const WORKER_SRC = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).href;
/** Pages are drawn when they come within this distance of the visible area, and only then. */
const NEAR = "150% 0px";
const MAX_WIDTH = 960;

/** Reads the file and opens it with pdf.js, which loads here, with the first pdf opened. */
async function openPdf(src: string): Promise<PDFDocumentProxy> {
  const [pdfjs, res] = await Promise.all([import("pdfjs-dist"), fetch(src)]);
  if (!res.ok) throw new Error(String(res.status));
  pdfjs.GlobalWorkerOptions.workerSrc = WORKER_SRC;
  // No eval: the console's content security policy does not allow it.
  return pdfjs.getDocument({ data: new Uint8Array(await res.arrayBuffer()), isEvalSupported: false }).promise;
}

function PdfPage({ doc, number, width, aspect, observe }: { doc: PDFDocumentProxy; number: number; width: number; aspect: number; observe: (el: Element | null) => void }) {
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const [near, setNear] = React.useState(false);
  const [drawn, setDrawn] = React.useState<number | null>(null);
  const slot = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => observe(slot.current), [observe]);
  React.useEffect(() => {
    const el = slot.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => e.isIntersecting && setNear(true), { rootMargin: NEAR });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  React.useEffect(() => {
    if (!near || !width || !canvas.current) return;
    let task: RenderTask | null = null;
    let gone = false;
    void doc.getPage(number).then((page) => {
      if (gone || !canvas.current) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const c = canvas.current;
      c.width = Math.floor(viewport.width * ratio);
      c.height = Math.floor(viewport.height * ratio);
      c.style.width = `${Math.floor(viewport.width)}px`;
      c.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({ canvas: c, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.then(
        () => !gone && setDrawn(viewport.height),
        () => undefined, // cancelled by a resize or the preview closing
      );
    });
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [doc, number, near, width]);
  return (
    <div ref={slot} data-page={number} data-testid="pdf-page" data-drawn={drawn !== null} className="relative mx-auto bg-white shadow-sm" style={{ width, height: drawn ?? Math.round(width * aspect) }}>
      <canvas ref={canvas} className="block" aria-hidden />
    </div>
  );
}

/**
 * A pdf drawn by pdf.js (widgets §2 file preview): every page as a canvas at the panel's width,
 * drawn as it scrolls near, with the page count and the page being read.
 */
export function PdfPages({ src }: { src: string }) {
  const t = useTranslations("knowledge.preview");
  const [doc, setDoc] = React.useState<PDFDocumentProxy | null>(null);
  const [aspect, setAspect] = React.useState(1.414);
  const [failed, setFailed] = React.useState(false);
  const [current, setCurrent] = React.useState(1);
  const [width, setWidth] = React.useState(0);
  const scroller = React.useRef<HTMLDivElement>(null);
  const reading = React.useRef<IntersectionObserver | null>(null);

  React.useEffect(() => {
    let gone = false;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    openPdf(src)
      .then(async (d) => {
        opened = d;
        if (gone) return void d.destroy();
        const first = (await d.getPage(1)).getViewport({ scale: 1 });
        setAspect(first.height / first.width);
        setDoc(d);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      void opened?.destroy();
    };
  }, [src]);

  React.useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.min(MAX_WIDTH, Math.max(200, el.clientWidth - 32))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The page being read: the one crossing the middle of the panel. Made by the first page that
  // mounts (children's effects run before their parent's).
  const observe = React.useCallback((el: Element | null) => {
    if (!el) return;
    reading.current ??= new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent(Number((e.target as HTMLElement).dataset.page));
      },
      { root: scroller.current, rootMargin: "-49% 0px -50% 0px" },
    );
    reading.current.observe(el);
  }, []);
  React.useEffect(() => () => reading.current?.disconnect(), []);

  return (
    <div className="flex h-full flex-col" data-testid="preview-pdf">
      {doc && (
        <div className="border-b px-4 py-1.5 text-center text-xs text-muted-foreground tabular-nums" data-testid="pdf-pages">
          {t("pageOf", { page: current, total: doc.numPages })}
        </div>
      )}
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto bg-muted/60 py-4">
        {failed ? (
          <p className="p-6 text-sm text-destructive">{t("failed")}</p>
        ) : !doc || !width ? (
          <Skeleton className="mx-auto h-96 max-w-3xl" />
        ) : (
          <div className="flex flex-col gap-4">
            {Array.from({ length: doc.numPages }, (_, i) => (
              <PdfPage key={i} doc={doc} number={i + 1} width={width} aspect={aspect} observe={observe} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
