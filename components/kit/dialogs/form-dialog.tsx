"use client";

import * as React from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { toast } from "sonner";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { api } from "@/lib/api/fetcher";
import { Button } from "@/components/ui/button";
import { KitDialog } from "./kit-dialog";
import { FormFields } from "../form/form-fields";
import { localizedResolver } from "../form/localized-resolver";
import { FormRootError, useServerErrors } from "../form/server-errors";
import { useValidationTranslate } from "../form/use-validation-translate";
import type { FormField } from "../resource/define-resource";

export type FormDialogProps = {
  title: React.ReactNode;
  fields: readonly FormField[];
  /** The contract's schema of the body: the form checks with it, the cloud checks again. */
  schema: z.ZodType;
  /** POST target of the body. */
  endpoint: string;
  defaults?: FieldValues;
  /** Values the form does not show (the row's id), merged into the body. */
  extra?: Record<string, unknown>;
  /** Label of a field key (the screen's namespace). */
  label: (key: string) => string;
  width?: number;
  onClose: () => void;
  /** After a successful call (refresh what the action changed). */
  onDone: () => Promise<unknown> | void;
  testId?: string;
};

/**
 * A form that posts one action (a workflow step, a review): the fields and zod rule of a
 * contract body, the cloud's refusal under its field or above the buttons. Lists use
 * `ResourceFormDialog`; this is for the actions a row or a detail page offers beside editing.
 */
export function FormDialog({ title, fields, schema, endpoint, defaults, extra, label, width = 560, onClose, onDone, testId = "form-dialog" }: FormDialogProps) {
  const t = useTranslations("kit");
  const translate = useValidationTranslate();
  // The extras are values too, so the resolver checks the whole body the cloud will get.
  const form = useForm<FieldValues>({ defaultValues: { ...defaults, ...extra }, resolver: localizedResolver(schema, translate) });
  const { rootError, setRootError, report } = useServerErrors(form, fields.map((f) => f.name));
  const submit = form.handleSubmit(async (values) => {
    setRootError("");
    try {
      await api.post(endpoint, { ...values, ...extra }, { silent: true });
      toast.success(t("form.saved"));
      await onDone();
      onClose();
    } catch (e) {
      report(e);
    }
  });
  return (
    <KitDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      width={width}
      testId={testId}
      footer={
        <>
          <Button size="sm" variant="outline" onClick={onClose}>
            {t("actions.cancel")}
          </Button>
          <Button size="sm" type="submit" form={`${testId}-form`} disabled={form.formState.isSubmitting}>
            {t("actions.submit")}
          </Button>
        </>
      }
    >
      <form id={`${testId}-form`} onSubmit={submit} noValidate>
        <FormFields fields={fields} form={form} mode="create" label={label} columns={1} />
        <FormRootError message={rootError} />
      </form>
    </KitDialog>
  );
}
