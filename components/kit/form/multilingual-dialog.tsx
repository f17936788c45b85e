"use client";

import { useTranslations } from "next-intl";
import type { I18nName } from "@/lib/contract/i18n-text";
import { locales } from "@/lib/contract/locale";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { KitDialog } from "../dialogs/kit-dialog";
import { NAME_MAX } from "./multilingual-input";

/** The multilingual-name dialog of `MultilingualInput`: the name in every language. */
export function MultilingualDialog({
  open,
  onOpenChange,
  id,
  draft,
  onDraft,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  draft: I18nName;
  onDraft: (update: (draft: I18nName) => I18nName) => void;
  onSave: () => void;
}) {
  const t = useTranslations("kit.multilingual");
  const kit = useTranslations("kit.actions");
  return (
    <KitDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("hint")}
      width={500}
      testId="multilingual-dialog"
      primary={{ label: kit("confirm"), onClick: onSave, testId: "multilingual-save" }}
    >
      <div className="grid gap-3">
        {locales.map((l) => (
          <div key={l} className="grid gap-1.5">
            <Label htmlFor={`${id}-${l}`}>{t(l)}</Label>
            <Input id={`${id}-${l}`} className="h-8" maxLength={NAME_MAX} value={draft[l] ?? ""} onChange={(e) => onDraft((d) => ({ ...d, [l]: e.target.value }))} />
          </div>
        ))}
      </div>
    </KitDialog>
  );
}
