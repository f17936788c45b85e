"use client";

import * as React from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { call } from "@/lib/api/call";
import type { AnyCall, CallInput } from "@/lib/contract/call";
import { KitDialog } from "./kit-dialog";
import { useFormSubmitOnce } from "../use-submit-once";
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
  /** The POST call the body goes to. */
  call: AnyCall;
  defaults?: FieldValues;
  /** Values the form does not show (the row's id), merged into the body. */
  extra?: Record<string, unknown>;
  /**
   * The body when it is not the values plus `extra` (renamed, converted, the row's id in a list):
   * then the schema checks this body, and its errors land on the field they name or above the buttons.
   */
  toBody?: (values: FieldValues) => unknown;
  /** The success message (default: the kit's "saved"). */
  doneMessage?: string;
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
export function FormDialog({ title, fields, schema, call: target, defaults, extra, toBody, doneMessage, label, width = 560, onClose, onDone, testId = "form-dialog" }: FormDialogProps) {
  const t = useTranslations("kit");
  const translate = useValidationTranslate();
  // The extras are values too, so the resolver checks the whole body the cloud will get.
  const form = useForm<FieldValues>({ defaultValues: { ...defaults, ...extra }, resolver: toBody ? undefined : localizedResolver(schema, translate) });
  const names = fields.map((f) => f.name);
  const { rootError, setRootError, report } = useServerErrors(form, names);
  /** A converted body, checked with the contract's schema as a whole: false (errors shown) when it fails. */
  const bodyPasses = async (body: unknown) => {
    const checked = await localizedResolver(schema, translate)(body as FieldValues, undefined, { fields: {}, shouldUseNativeValidation: false });
    const issues = Object.entries(checked.errors ?? {}).map(([name, e]) => [name, String((e as { message?: string }).message ?? "")] as const);
    for (const [name, message] of issues) form.setError(names.includes(name) ? name : "root", { type: "schema", message });
    if (issues.length && !issues.some(([name]) => names.includes(name))) setRootError(issues[0][1]);
    return issues.length === 0;
  };
  const submit = form.handleSubmit(async (values) => {
    setRootError("");
    const body = toBody ? toBody(values) : { ...values, ...extra };
    if (toBody && !(await bodyPasses(body))) return;
    try {
      await call(target, body as CallInput<AnyCall>, { silent: true });
      toast.success(doneMessage ?? t("form.saved"));
      await onDone();
      onClose();
    } catch (e) {
      report(e);
    }
  });
  const [saving, onSubmit] = useFormSubmitOnce(submit);
  return (
    <KitDialog onClose={onClose} title={title} width={width} testId={testId} actions={{ form: `${testId}-form`, disabled: saving || form.formState.isSubmitting }}>
      <form id={`${testId}-form`} onSubmit={onSubmit} noValidate>
        <FormFields fields={fields} form={form} mode="create" label={label} columns={1} />
        <FormRootError message={rootError} />
      </form>
    </KitDialog>
  );
}
