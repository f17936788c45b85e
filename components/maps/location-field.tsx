"use client";

import * as React from "react";
import { MapPinnedIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { KitDialog, type CustomFieldProps } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { coordinates } from "@/lib/contract/geo";
import type { AddressValue } from "./address-picker";
// The picker (and any map code) loads when the dialog first opens, never with the form.
import { AddressPicker } from "./lazy";


/** Form keys the picker reads and fills: longitude and latitude, and optionally address and area code. */
export type LocationFieldKeys = { lng: string; lat: string; address?: string; area?: string };

const num = (v: unknown): number | "" => (v === "" || v === null || v === undefined || !Number.isFinite(Number(v)) ? "" : Number(v));
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * A kit form field that opens the address picker on the form's own longitude / latitude (and, when
 * named, address and area code) fields and writes the picked place back into them. It holds no
 * value of its own, so it can sit beside the plain number inputs:
 *
 * ```tsx
 * { name: "location", label: "sections.location", type: "custom",
 *   render: locationField({ lng: "prjLongitude", lat: "prjLatitude", address: "prjAddress", area: "areaCode" }) }
 * ```
 */
export function locationField(keys: LocationFieldKeys) {
  return function LocationFieldRender({ form, disabled }: CustomFieldProps) {
    return <LocationControl form={form} disabled={disabled} keys={keys} />;
  };
}

function LocationControl({ form, disabled, keys }: { form: UseFormReturn<FieldValues>; disabled: boolean; keys: LocationFieldKeys }) {
  const t = useTranslations("maps.picker");
  const [open, setOpen] = React.useState(false);
  return (
    <div>
      <Button type="button" variant="outline" size="sm" className="h-8" disabled={disabled} onClick={() => setOpen(true)} data-testid="pick-on-map">
        <MapPinnedIcon />
        {t("open")}
      </Button>
      {open && <PickerDialog form={form} keys={keys} onClose={() => setOpen(false)} />}
    </div>
  );
}

function PickerDialog({ form, keys, onClose }: { form: UseFormReturn<FieldValues>; keys: LocationFieldKeys; onClose: () => void }) {
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
      open
      onOpenChange={(o) => !o && onClose()}
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
