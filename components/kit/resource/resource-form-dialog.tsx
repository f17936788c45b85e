"use client";

import * as React from "react";
import { useForm, type FieldValues } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api/fetcher";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useConfirm } from "../dialogs/confirm-dialog";
import { KitDialog } from "../dialogs/kit-dialog";
import { useFormSubmitOnce } from "../use-submit-once";
import { FormFields } from "../form/form-fields";
import { localizedResolver } from "../form/localized-resolver";
import { FormRootError, useServerErrors } from "../form/server-errors";
import { useValidationTranslate } from "../form/use-validation-translate";
import type { AnyRow, DialogMode, Resource } from "./define-resource";

type Props<Row extends AnyRow> = {
  resource: Resource<Row>;
  mode: DialogMode;
  row: Row | undefined;
  /** Create: values over the form's defaults (the tab, the parent of a tree node). */
  preset?: FieldValues;
  loading: boolean;
  error: boolean;
  label: (key: string, values?: Record<string, string | number>) => string;
  onClose: () => void;
  /** After a save, with the endpoint's answer (a new row's generated values, e.g. a secret shown once). */
  onSaved: (answer: unknown) => Promise<unknown>;
};

/** Null and undefined become "" so inputs stay controlled. */
const formValues = (v: FieldValues): FieldValues => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ""]));

/** Create / edit / read-only form of a resource (react-hook-form + the contract's zod schema). */
export function ResourceFormDialog<Row extends AnyRow>({ resource, mode, row, preset, loading, error, label, onClose, onSaved }: Props<Row>) {
  const t = useTranslations("kit");
  const translate = useValidationTranslate();
  const config = resource.form!;
  const schema = mode === "create" ? resource.schemas.create : resource.schemas.update;
  const initial = React.useMemo(
    () => formValues({ ...config.defaults, ...preset, ...(row ? (config.toForm ? config.toForm(row) : (row as AnyRow)) : {}) }),
    [row, preset, config],
  );
  const form = useForm<FieldValues>({
    defaultValues: initial,
    resolver: schema && mode !== "view" ? localizedResolver(schema, translate) : undefined,
  });
  React.useEffect(() => {
    form.reset(initial);
  }, [form, initial]);
  const { rootError, setRootError, report } = useServerErrors(form, config.fields.flatMap((f) => [f.name, ...(f.name2 ? [f.name2] : [])]));
  // Esc or a click outside must not throw away what was typed: ask first (Cancel still discards).
  const [confirm, confirmElement] = useConfirm();
  const dirty = mode !== "view" && form.formState.isDirty;
  const requestClose = async () => {
    if (dirty && !(await confirm(t("confirm.discard"), { danger: true }))) return;
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setRootError("");
    const key = row ? (row as AnyRow)[resource.keyId] : undefined;
    const body = config.toBody ? config.toBody(values, mode, row) : mode === "edit" ? { ...values, [resource.keyId]: key } : values;
    const path = mode === "create" ? resource.endpoints.add : resource.endpoints.upd;
    if (!path) return;
    try {
      const answer = await api.post(path, body, { silent: true });
      toast.success(t("form.saved"));
      await onSaved(answer);
      onClose();
    } catch (e) {
      report(e);
    }
  });
  const [saving, onSubmit] = useFormSubmitOnce(submit);
  const entity = label(resource.entity ?? "entity");
  const title = t(`dialog.${mode}`, { name: entity });
  const columns = config.columns ?? (config.fields.length > 6 ? 2 : 1);
  return (
    <KitDialog
      open
      onClose={() => void requestClose()}
      title={title}
      width={config.width ?? (columns === 2 ? 800 : 560)}
      testId={`${mode}-dialog`}
      footer={
        mode === "view" ? (
          <Button size="sm" variant="outline" onClick={onClose}>
            {t("actions.close")}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={onClose}>
              {t("actions.cancel")}
            </Button>
            <Button size="sm" type="submit" form="resource-form" disabled={saving || form.formState.isSubmitting || loading || error} aria-busy={saving || undefined}>
              {t("actions.submit")}
            </Button>
          </>
        )
      }
    >
      {error ? (
        <p className="py-8 text-center text-sm text-destructive">{t("form.notFound")}</p>
      ) : loading ? (
        <div className="grid gap-4">
          {config.fields.slice(0, 4).map((f) => (
            <Skeleton key={f.name} className="h-8" />
          ))}
        </div>
      ) : (
        <form id="resource-form" onSubmit={onSubmit} noValidate>
          <FormFields fields={config.fields} form={form} mode={mode} label={label} columns={columns} />
          <FormRootError message={rootError} />
        </form>
      )}
      {confirmElement}
    </KitDialog>
  );
}
