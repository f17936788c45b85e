"use client";

import * as React from "react";
import { useTranslations } from "next-intl";

/** Labels of a screen: keys under its namespace, or the kit's own with a "kit." prefix. */
export function useNsLabel(ns: string) {
  const tAll = useTranslations();
  return React.useCallback((key: string, values?: Record<string, string | number>) => tAll((key.startsWith("kit.") ? key : `${ns}.${key}`) as never, values as never), [tAll, ns]);
}
