"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { zodReady } from "@/lib/zod-ready";
import type { ImportDialogProps } from "../import-dialog";

/**
 * The list's dialogs, loaded when one first opens: the form (react-hook-form, the field adapters,
 * pickers and uploaders), the detail view and the import dialog are not in a list's first load.
 */
// A form reads its rules as it opens (required marks, defaults): it waits for zod too.
export const ResourceFormDialog = dynamic(() => Promise.all([import("./resource-form-dialog"), zodReady()]).then(([m]) => m.ResourceFormDialog)) as typeof import("./resource-form-dialog").ResourceFormDialog;
export const DetailDialog = dynamic(() => import("../dialogs/detail-dialog").then((m) => m.DetailDialog)) as typeof import("../dialogs/detail-dialog").DetailDialog;
const LazyImportDialog = dynamic(() => import("../import-dialog").then((m) => m.ImportDialog));

/** The import dialog mounts on its first opening and stays mounted after (its closing animation). */
export function ImportDialog(props: ImportDialogProps) {
  const [opened, setOpened] = React.useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <LazyImportDialog {...props} /> : null;
}
