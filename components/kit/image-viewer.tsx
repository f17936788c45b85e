"use client";

/**
 * Image preview dialog with prev/next and the list of file names (widgets §2).
 *
 *   const [at, setAt] = useState<number | null>(null);
 *   <ImageViewer images={paths} index={at} onIndexChange={setAt} />
 *
 * `images` are stored paths (or URLs); `index` null closes the dialog. `names` defaults to the
 * last path segment of each image.
 */
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { baseName, fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";


export function ImageViewer({ images, names, index, onIndexChange }: { images: readonly string[]; names?: readonly string[]; index: number | null; onIndexChange: (index: number | null) => void }) {
  const t = useTranslations("widgets.viewer");
  const open = index !== null && images.length > 0;
  const at = open ? Math.min(Math.max(index, 0), images.length - 1) : 0;
  const go = (step: number) => onIndexChange((at + step + images.length) % images.length);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <DialogContent
        className="sm:max-w-4xl"
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") go(-1);
          if (e.key === "ArrowRight") go(1);
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
        </DialogHeader>
        {open && (
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <div className="relative flex min-h-[300px] items-center justify-center rounded-md bg-muted">
              <img src={fileUrl(images[at])} alt={names?.[at] ?? baseName(images[at])} className="max-h-[60vh] max-w-full object-contain" />
              {images.length > 1 && (
                <>
                  <Button type="button" variant="outline" size="icon" className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full" aria-label={t("prev")} onClick={() => go(-1)}>
                    <ChevronLeftIcon />
                  </Button>
                  <Button type="button" variant="outline" size="icon" className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full" aria-label={t("next")} onClick={() => go(1)}>
                    <ChevronRightIcon />
                  </Button>
                </>
              )}
              <span className="absolute bottom-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{t("counter", { index: at + 1, total: images.length })}</span>
            </div>
            <div className="min-w-0">
              <p className="mb-2 text-sm font-medium">{t("files")}</p>
              <ul className="max-h-[60vh] space-y-1 overflow-y-auto text-sm">
                {images.map((src, i) => (
                  <li key={`${src}-${i}`}>
                    <button
                      type="button"
                      className={cn("w-full truncate rounded px-2 py-1 text-left hover:bg-accent", i === at && "bg-accent text-primary")}
                      aria-current={i === at}
                      title={names?.[i] ?? baseName(src)}
                      onClick={() => onIndexChange(i)}
                    >
                      {names?.[i] ?? baseName(src)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
