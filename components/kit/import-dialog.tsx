"use client";

/**
 * Spreadsheet import in two steps (widgets §2, §4, §5, §8): choose an xls/xlsx and send it to
 * `action` (multipart field `file`), then the results — success and failure totals and the failed
 * rows; "re-import" returns to step 1. The cloud side is `cloud/lib/xlsx-import.ts`.
 *
 *   <ImportDialog open={open} onOpenChange={setOpen} action={batteryApi.import.path}
 *     template={{ endpoint: batteryApi.template.path, filename: "batteries.xlsx" }} onImported={() => mutate()} />
 */
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { DownloadIcon, FileSpreadsheetIcon, UploadIcon } from "lucide-react";
import { download, upload } from "@/lib/api/fetcher";
import { IMPORT_EXTS, IMPORT_LIMITS, checkUpload, type ImportResult } from "@/lib/contract/upload";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type ImportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The import endpoint, e.g. `batteryApi.import.path`. */
  action: string;
  template?: { endpoint: string; filename: string; body?: unknown };
  title?: string;
  /** Called after every import the cloud accepted (some rows may still have failed). */
  onImported?: (result: ImportResult) => void;
};

export function ImportDialog({ open, onOpenChange, action, template, title, onImported }: ImportDialogProps) {
  const t = useTranslations("widgets.import");
  const tu = useTranslations("widgets.upload");
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  useEffect(() => {
    if (open) {
      setFile(null);
      setResult(null);
      setProgress(null);
    }
  }, [open]);

  function choose(f: File | undefined) {
    if (!f) return;
    const problem = checkUpload(f, { accept: IMPORT_EXTS, maxMb: IMPORT_LIMITS.sizeMb });
    if (problem) {
      toast.warning(tu(problem.key, problem.values));
      return;
    }
    setFile(f);
  }

  async function send() {
    if (!file) {
      toast.warning(t("noFile"));
      return;
    }
    setProgress(0);
    try {
      const r = await upload<ImportResult>(action, file, setProgress);
      setResult(r);
      onImported?.(r);
    } catch {
      /* the fetcher showed the cloud's message (a wrong header, too many rows…) */
    } finally {
      setProgress(null);
    }
  }

  const step = result ? 2 : 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title ?? t("title")}</DialogTitle>
        </DialogHeader>
        <ol className="flex items-center gap-3 text-sm" aria-label={t("title")}>
          {[t("stepUpload"), t("stepResult")].map((label, i) => (
            <li key={label} className={cn("flex items-center gap-2", step === i + 1 ? "font-medium text-primary" : "text-muted-foreground")} aria-current={step === i + 1 ? "step" : undefined}>
              <span className={cn("flex size-6 items-center justify-center rounded-full border text-xs", step === i + 1 && "border-primary bg-primary text-primary-foreground")}>{i + 1}</span>
              {label}
              {i === 0 && <span className="mx-1 h-px w-10 bg-border" />}
            </li>
          ))}
        </ol>

        {step === 1 ? (
          <div className="space-y-3">
            <input ref={input} type="file" hidden accept={IMPORT_EXTS.map((e) => `.${e}`).join(",")} data-testid="import-input" onChange={(e) => (choose(e.target.files?.[0]), (e.target.value = ""))} />
            <button
              type="button"
              onClick={() => input.current?.click()}
              className="flex w-full flex-col items-center gap-2 rounded-md border border-dashed p-8 text-sm text-muted-foreground transition-colors hover:border-primary hover:text-primary"
            >
              {file ? <FileSpreadsheetIcon className="size-8 text-primary" /> : <UploadIcon className="size-8" />}
              <span className={cn(file && "font-medium text-foreground")}>{file ? file.name : t("choose")}</span>
            </button>
            <p className="text-xs text-muted-foreground">{t("hint")}</p>
            {progress !== null && (
              <div className="h-1.5 overflow-hidden rounded bg-muted" role="progressbar" aria-valuenow={progress}>
                <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
              </div>
            )}
          </div>
        ) : (
          <div className="space-y-3">
            <p className="flex gap-4 text-sm">
              <span className="text-green-600 dark:text-green-500">{t("successTotal", { n: result!.successTotal })}</span>
              <span className={cn(result!.failureTotal ? "text-destructive" : "text-muted-foreground")}>{t("failureTotal", { n: result!.failureTotal })}</span>
            </p>
            {result!.errorList.length ? (
              <div className="max-h-[50vh] overflow-auto rounded-md border">
                <Table>
                  <TableHeader className="sticky top-0 bg-card">
                    <TableRow>
                      <TableHead className="w-16">{t("rowNum")}</TableHead>
                      <TableHead>{t("rowData")}</TableHead>
                      <TableHead>{t("errorMsg")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {result!.errorList.map((e) => (
                      <TableRow key={e.rowNum}>
                        <TableCell>{e.rowNum}</TableCell>
                        <TableCell className="max-w-64 truncate" title={e.rowData.map((c) => c ?? "").join(" | ")}>
                          {e.rowData.map((c) => c ?? "").join(" | ")}
                        </TableCell>
                        <TableCell className="text-destructive">{e.errorMsg}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">{t("noErrors")}</p>
            )}
          </div>
        )}

        <DialogFooter className="sm:justify-between">
          {template ? (
            <Button type="button" variant="link" className="px-0" onClick={() => download(template.endpoint, template.body ?? {}, template.filename).catch(() => undefined)}>
              <DownloadIcon />
              {t("template")}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            {step === 1 ? (
              <>
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  {t("close")}
                </Button>
                <Button type="button" onClick={send} disabled={progress !== null}>
                  {progress !== null ? t("importing") : t("submit")}
                </Button>
              </>
            ) : (
              <>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setResult(null);
                    setFile(null);
                  }}
                >
                  {t("reimport")}
                </Button>
                <Button type="button" onClick={() => onOpenChange(false)}>
                  {t("close")}
                </Button>
              </>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
