"use client";

import * as React from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { call } from "@/lib/api/call";
import { permsOf, type AnyCall, type CallInput } from "@/lib/contract/call";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { usePermissions } from "../can";
import { FormFields } from "../form/form-fields";
import { localizedResolver } from "../form/localized-resolver";
import { FormRootError, useServerErrors } from "../form/server-errors";
import { useValidationTranslate } from "../form/use-validation-translate";
import type { FormField } from "../resource/define-resource";

export type SettingsCardProps = {
  /** Message key prefix of the labels (e.g. "system.pwdMode"). */
  ns: string;
  title: string;
  description?: string;
  /** The contract schema the values must pass before saving (the cloud checks again). */
  schema: z.ZodType;
  /** Values as loaded; the form resets whenever they change. */
  values: FieldValues;
  fields: FormField[];
  columns?: 1 | 2;
  /** The POST call of the save. */
  save: AnyCall;
  /** Permission code of the save button, without which the card is read-only (default: the call's). */
  perm?: string;
  /** Parsed form values → request body (default: as they are). */
  toBody?: (values: FieldValues) => unknown;
  onSaved?: (data: unknown) => void | Promise<unknown>;
  /** Extra content under the fields (previews, notes), given the live form. */
  children?: (form: UseFormReturn<FieldValues>) => React.ReactNode;
  testId?: string;
};

/**
 * One settings section: a card with its own form, checked with the contract schema, and its own
 * save button (several per screen: the password policy, company and login-page settings). Changed
 * values are marked and can be reset to what was loaded.
 */
export function SettingsCard({ ns, title, description, schema, values, fields, columns = 1, save, perm = permsOf(save)[0], toBody, onSaved, children, testId }: SettingsCardProps) {
  const tAll = useTranslations();
  const tk = useTranslations("kit");
  const translate = useValidationTranslate();
  const { can } = usePermissions();
  const editable = can(perm);
  const label = React.useCallback((key: string) => tAll(`${ns}.${key}` as never), [tAll, ns]);
  const form = useForm<FieldValues>({ defaultValues: values, resolver: localizedResolver(schema, translate) });
  React.useEffect(() => form.reset(values), [form, values]);
  const { rootError, setRootError, report } = useServerErrors(form, fields.map((f) => f.name));
  const dirty = form.formState.isDirty;

  const submit = form.handleSubmit(async (parsed) => {
    setRootError("");
    try {
      const data = await call(save, (toBody ? toBody(parsed) : parsed) as CallInput<AnyCall>, { silent: true });
      toast.success(tk("form.saved"));
      // What was saved is the new baseline (the loaded values may not change, e.g. a re-read equal answer).
      form.reset(form.getValues());
      await onSaved?.(data);
    } catch (e) {
      report(e);
    }
  });

  return (
    <Card data-testid={testId} data-dirty={dirty || undefined}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </CardHeader>
      <form onSubmit={submit} noValidate>
        <CardContent className="space-y-4">
          <FormFields fields={fields} form={form} mode={editable ? "edit" : "view"} label={label} columns={columns} />
          {children?.(form)}
          <FormRootError message={rootError} className="" />
        </CardContent>
        {editable && (
          <CardFooter className="justify-end gap-2">
            {dirty && <span className="mr-auto text-xs text-muted-foreground" data-testid={testId ? `${testId}-unsaved` : undefined}>{tk("settings.unsaved")}</span>}
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={!dirty || form.formState.isSubmitting}
              onClick={() => {
                setRootError("");
                form.reset(values);
              }}
              data-testid={testId ? `${testId}-reset` : undefined}
            >
              {tk("settings.reset")}
            </Button>
            <Button type="submit" size="sm" disabled={form.formState.isSubmitting} data-testid={testId ? `${testId}-save` : undefined}>
              {tk("settings.save")}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
