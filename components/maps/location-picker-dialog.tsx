"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { KitDialog } from "@/components/kit/dialogs/kit-dialog";
import { Button } from "@/components/ui/button";
import { coordinates } from "@/lib/contract/geo";
import type { AddressValue } from "./address-picker";
import type { LocationFieldKeys } from "./location-field";
// The picker (and any map code) loads with the dialog's body, never with the form.
import { AddressPicker } from "./lazy";

const num = (v: unknown): number | "" => (v === "" || v === null || v === undefined || !Number.isFinite(Number(v)) ? "" : Number(v));
const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The location field's dialog (loaded when first opened): the address picker on the form's own fields. */
export function PickerDialog({ form, keys, onClose }: { form: UseFormReturn<FieldValues>; keys: LocationFieldKeys; onClose: () => void }) {
  const t = useTranslations("maps.picker");
  const [value, setValue] = React.useState<AddressValue>(() => ({
    lng: num(form.getValues(keys.lng)),
    lat: num(form.getValues(keys.lat)),
    address: keys.address ? str(form.getValues(keys.address)) : "",
    adcode: keys.area ? str(form.getValues(keys.area)) : "",
  }));
  const [error, setError] = React.useState(false);
  const confirm = () => {
    const parsed = coordinates.safeParse({ lng: value.lng, lat: value.lat });
    if (value.lng === "" || value.lat === "" || !parsed.success) return setError(true);
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(keys.lng, parsed.data.lng, opts);
    form.setValue(keys.lat, parsed.data.lat, opts);
    if (keys.address && value.address.trim()) form.setValue(keys.address, value.address.trim(), opts);
    if (keys.area && value.adcode) form.setValue(keys.area, value.adcode, opts);
    onClose();
  };
  return (
    <KitDialog
      onClose={onClose}
      title={t("title")}
      testId="location-picker-dialog"
      footer={
        <>
          {error && (
            <p role="alert" className="mr-auto self-center text-xs text-destructive">
              {t("invalid")}
            </p>
          )}
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="button" onClick={confirm}>
            {t("confirm")}
          </Button>
        </>
      }
    >
      <AddressPicker
        value={value}
        onChange={(v) => {
          setError(false);
          setValue(v);
        }}
      />
    </KitDialog>
  );
}
