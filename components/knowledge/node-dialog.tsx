"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { Controller, useForm, type FieldValues } from "react-hook-form";
import { toast } from "@/lib/toast";
import { z } from "zod";
import { call } from "@/lib/api/call";
import { KNOWLEDGE_LIMITS, ROOT_FOLDER, headerBody, knowledgeApi, type KnowledgeNode } from "@/lib/contract/knowledge/knowledge";
import { KNOWLEDGE_EXTS } from "@/lib/contract/upload";
import { textRequired, text as optionalText } from "@/lib/contract/validation";
import { KitDialog, localizedResolver, useValidationTranslate } from "@/components/kit";
import { DocumentUpload } from "@/components/kit/upload";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

export type NodeDialogMode = "add" | "edit" | "view";
export type NodeDialogKind = "base" | "folder" | "file";

/** What the form holds; a file also its one attachment (path and size). */
type Values = { fileName: string; fileDesc: string; filePath: string; fileSize: string };

/** The form's rule: name and description (widgets §5), and for a file exactly one attachment. */
const formSchema = (kind: NodeDialogKind) =>
  kind === "file"
    ? z.object({ fileName: textRequired(KNOWLEDGE_LIMITS.nameMax), fileDesc: optionalText(KNOWLEDGE_LIMITS.descMax), filePath: z.string().min(1, "validation.required"), fileSize: z.string() })
    : headerBody.extend({ filePath: z.string(), fileSize: z.string() });

/**
 * The base, folder and file dialog in add, edit and view mode (widgets §2, §4): view disables every
 * input. A file's attachment uploads in parts (up to 1 GB, widgets §9).
 */
export function NodeDialog({
  open,
  mode,
  kind,
  node,
  parent,
  onClose,
  onSaved,
}: {
  open: boolean;
  mode: NodeDialogMode;
  kind: NodeDialogKind;
  /** The node edited or viewed. */
  node?: KnowledgeNode;
  /** Where a folder or file is added. */
  parent?: KnowledgeNode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations("knowledge.dialog");
  const done = useTranslations("knowledge.done");
  const translate = useValidationTranslate();
  const resolver = React.useMemo(() => localizedResolver(formSchema(kind), translate), [kind, translate]);
  const form = useForm<FieldValues>({ resolver, defaultValues: { fileName: "", fileDesc: "", filePath: "", fileSize: "" } satisfies Values });
  // Filled once per opening: the tree revalidating (e.g. on focus back from the file picker) must not wipe what is typed.
  const nodeId = node?.fileId;
  React.useEffect(() => {
    if (open) form.reset({ fileName: node?.fileName ?? "", fileDesc: node?.fileDesc ?? "", filePath: node?.filePath ?? "", fileSize: node?.fileSize ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled once per opening (above), not when the node's object changes
  }, [open, nodeId, form]);
  const view = mode === "view";
  const cap = kind.charAt(0).toUpperCase() + kind.slice(1);
  const title = t(`${mode}${cap}` as "addBase");

  const submit = form.handleSubmit(async (raw) => {
    const v = raw as Values;
    const desc = v.fileDesc || undefined;
    try {
      if (kind === "base") {
        if (mode === "add") await call(knowledgeApi.addHeader, { fileName: v.fileName, fileDesc: desc });
        else await call(knowledgeApi.updHeader, { id: node!.fileId, fileName: v.fileName, fileDesc: desc });
      } else if (mode === "add") {
        const fielId = parent!.fileType === "9" ? ROOT_FOLDER : parent!.fileId;
        await call(knowledgeApi.add, {
          headerId: parent!.headerId,
          fielId,
          fileName: v.fileName,
          fileDesc: desc,
          fileType: kind === "file" ? "2" : "1",
          ...(kind === "file" ? { filePath: v.filePath, fileSize: v.fileSize } : {}),
        });
      } else {
        await call(knowledgeApi.upd, { id: node!.fileId, fileName: v.fileName, fileDesc: desc, ...(kind === "file" && v.filePath !== node?.filePath ? { filePath: v.filePath, fileSize: v.fileSize } : {}) });
      }
      toast.success(done(mode === "add" ? "created" : "updated"));
      onSaved();
      onClose();
    } catch {
      /* the fetcher showed the cloud's message; the dialog keeps what was typed */
    }
  });

  const err = (name: keyof Values) => form.formState.errors[name]?.message as string | undefined;
  return (
    <KitDialog
      open={open}
      onClose={onClose}
      title={title}
      width={KNOWLEDGE_LIMITS.dialogWidth}
      testId="knowledge-node-dialog"
      actions={view ? "close" : { form: "knowledge-node-form", disabled: form.formState.isSubmitting }}
    >
      <form id="knowledge-node-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="kn-name" className="after:ml-0.5 after:text-destructive after:content-['*']">
            {t(kind === "base" ? "baseName" : kind === "folder" ? "folderName" : "fileName")}
          </Label>
          <Input id="kn-name" disabled={view} maxLength={KNOWLEDGE_LIMITS.nameMax} placeholder={t("namePlaceholder")} aria-invalid={!!err("fileName")} {...form.register("fileName")} />
          {err("fileName") && <p role="alert" className="text-xs text-destructive">{err("fileName")}</p>}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="kn-desc">{t("fileDesc")}</Label>
          <Textarea id="kn-desc" rows={4} disabled={view} maxLength={KNOWLEDGE_LIMITS.descMax} placeholder={t("descPlaceholder")} aria-invalid={!!err("fileDesc")} {...form.register("fileDesc")} />
          {err("fileDesc") && <p role="alert" className="text-xs text-destructive">{err("fileDesc")}</p>}
        </div>
        {kind === "file" && (
          <div className="space-y-1.5">
            <Label className="after:ml-0.5 after:text-destructive after:content-['*']">{t("attachment")}</Label>
            <Controller
              control={form.control}
              name="filePath"
              render={({ field }) => (
                <DocumentUpload
                  single
                  inParts
                  purpose="knowledge"
                  accept={KNOWLEDGE_EXTS}
                  maxMb={KNOWLEDGE_LIMITS.fileMaxMb}
                  disabled={view}
                  value={field.value as string}
                  onChange={(path) => field.onChange(path)}
                  onUploaded={(f) => {
                    form.setValue("fileSize", String(f.size));
                    if (!form.getValues("fileName")) form.setValue("fileName", f.name.slice(0, KNOWLEDGE_LIMITS.nameMax));
                  }}
                  aria-invalid={!!err("filePath")}
                />
              )}
            />
            {!view && <p className="text-xs text-muted-foreground">{t("attachmentHint")}</p>}
            {err("filePath") && <p role="alert" className="text-xs text-destructive">{err("filePath")}</p>}
          </div>
        )}
      </form>
    </KitDialog>
  );
}
