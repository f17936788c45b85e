"use client";

import { useTranslations } from "next-intl";
import type { CustomFieldProps } from "@/components/kit";
import { DocumentUpload, ImageUpload } from "@/components/kit/upload";
import { SCENE_TYPE } from "@/lib/contract/scene/enums";

/** The scene's file: a 16:9 floor plan for an image scene, a glTF model for a 3D scene (core §4, §9). */
export function SceneFileField({ field, form, disabled, invalid, id }: CustomFieldProps) {
  const t = useTranslations("scene.scene.hints");
  const model = Number(form.watch("sceneType")) === SCENE_TYPE.model;
  const value = String(field.value ?? "");
  return model ? (
    <div className="space-y-1">
      <DocumentUpload id={id} single value={value} onChange={field.onChange} purpose="sceneModel" disabled={disabled} aria-invalid={invalid} />
      <p className="text-xs text-muted-foreground">{t("model")}</p>
    </div>
  ) : (
    <ImageUpload id={id} single value={value} onChange={field.onChange} purpose="sceneImage" ratio={{ width: 16, height: 9 }} library sizeHint={t("image")} disabled={disabled} aria-invalid={invalid} />
  );
}
