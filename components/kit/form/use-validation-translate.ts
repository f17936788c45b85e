"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import type { Translate } from "./localized-resolver";

/** `validation.max` + {max} → the localised message. */
export function useValidationTranslate(): Translate {
  const t = useTranslations();
  return useCallback(
    (key, values) => {
      const full = key.includes(".") ? key : `validation.${key}`;
      return t.has(full as never) ? t(full as never, values as never) : t("validation.invalid" as never);
    },
    [t],
  );
}
