"use client";

import * as React from "react";
import { MapPinnedIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import dynamic from "next/dynamic";
import type { CustomFieldProps } from "@/components/kit";
import { Button } from "@/components/ui/button";

// The dialog, its picker and any map code load when the dialog first opens, never with the form.
const PickerDialog = dynamic(() => import("./location-picker-dialog").then((m) => m.PickerDialog), { ssr: false });

/** Form keys the picker reads and fills: longitude and latitude, and optionally address and area code. */
export type LocationFieldKeys = { lng: string; lat: string; address?: string; area?: string };

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
