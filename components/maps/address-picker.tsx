"use client";

import * as React from "react";
import { LocateFixedIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { AreaCascader, useAreaTree, useValidationTranslate } from "@/components/kit";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldFrame } from "@/components/kit/form/field-frame";
import { latitude, longitude, type LngLat } from "@/lib/contract/geo";
import { issueMessage } from "@/lib/contract/validation";
import { MAP, areaCodeOf, gpsToMap } from "./geo";
import { MapSurface } from "./map-surface";
import type { Geocoder, Place, Suggestion } from "./surface";

/** The picker's value: a map address result (widgets §3) whose coordinates may still be missing. */
export type AddressValue = { address: string; lng: number | ""; lat: number | ""; adcode: string };

export type AddressPickerProps = { value: AddressValue; onChange: (value: AddressValue) => void; height?: number | string };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const positionOf = (v: AddressValue): LngLat | null => (v.lng === "" || v.lat === "" ? null : { lng: v.lng, lat: v.lat });

/** Typed text → a checked coordinate, with a localised message when it is not one. */
function useCoordinateInput(schema: typeof longitude | typeof latitude, value: number | "", commit: (n: number | "") => void) {
  const tv = useValidationTranslate();
  const [text, setText] = React.useState(value === "" ? "" : String(value));
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    setText(value === "" ? "" : String(value));
    setError(null);
  }, [value]);
  const apply = () => {
    if (text.trim() === "") {
      setError(null);
      return commit("");
    }
    const parsed = schema.safeParse(text.trim());
    if (parsed.success) {
      setError(null);
      return commit(round6(parsed.data));
    }
    const m = issueMessage(parsed.error.issues[0]);
    setError(tv(m.key, m.values));
  };
  return { text, setText, error, apply };
}

/**
 * The address picker (widgets §2): search with autocomplete (500 ms after typing stops), a click on
 * the map, or "my location" (10 s time-out) set the position; with a key the address and adcode
 * follow by geocoding. Without a key the region comes from the area cascader, the address and
 * coordinates are typed or clicked on the coordinate canvas. Coordinates are checked (widgets §5).
 */
export function AddressPicker({ value, onChange, height = 320 }: AddressPickerProps) {
  const t = useTranslations("maps.picker");
  const tree = useAreaTree();
  const [geocoder, setGeocoder] = React.useState<Geocoder | null>(null);
  const [focus, setFocus] = React.useState<LngLat | null>(positionOf(value));
  const [locating, setLocating] = React.useState(false);
  const [locateFailed, setLocateFailed] = React.useState(false);
  // Geocoder answers arrive later: they apply to the value as it is then.
  const latest = React.useRef(value);
  latest.current = value;
  const set = (patch: Partial<AddressValue>) => onChange({ ...latest.current, ...patch });

  const applyPlace = (place: Place | null) => {
    if (!place) return;
    const adcode = areaCodeOf(tree, place.names) || latest.current.adcode;
    set({ address: place.address || latest.current.address, adcode, lng: round6(place.position.lng), lat: round6(place.position.lat) });
  };

  const moveTo = (p: LngLat, focusMap: boolean) => {
    set({ lng: round6(p.lng), lat: round6(p.lat) });
    if (focusMap) setFocus(p);
    // Geocoding failures are logged only (widgets §8).
    geocoder?.reverse(p).then(applyPlace, (e) => console.warn("[maps] reverse geocoding failed", e));
  };

  const locate = () => {
    if (!("geolocation" in navigator)) return setLocateFailed(true);
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        moveTo(gpsToMap({ lng: pos.coords.longitude, lat: pos.coords.latitude }), true);
      },
      (err) => {
        setLocating(false);
        setLocateFailed(true);
        console.warn("[maps] geolocation failed", err.message);
      },
      { timeout: MAP.geolocationTimeoutMs, enableHighAccuracy: true },
    );
  };

  const lng = useCoordinateInput(longitude, value.lng, (n) => {
    set({ lng: n });
    if (n !== "" && value.lat !== "") setFocus({ lng: n, lat: value.lat });
  });
  const lat = useCoordinateInput(latitude, value.lat, (n) => {
    set({ lat: n });
    if (n !== "" && value.lng !== "") setFocus({ lng: value.lng, lat: n });
  });
  const position = positionOf(value);

  return (
    <div className="flex flex-col gap-3" data-testid="address-picker">
      {geocoder && (
        <PlaceSearch
          geocoder={geocoder}
          onPick={(id) => geocoder.place(id).then((p) => {
            applyPlace(p);
            if (p) setFocus(p.position);
          }, (e) => console.warn("[maps] place lookup failed", e))}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FieldFrame label={t("area")} htmlFor="picker-area">
          <AreaCascader id="picker-area" value={value.adcode} onChange={(adcode) => set({ adcode })} />
        </FieldFrame>
        <FieldFrame label={t("address")} htmlFor="picker-address">
          <Input id="picker-address" className="h-8" maxLength={200} placeholder={t("addressPlaceholder")} value={value.address} onChange={(e) => set({ address: e.target.value })} />
        </FieldFrame>
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
        {([
          ["lng", lng, "-180 ~ 180"],
          ["lat", lat, "-90 ~ 90"],
        ] as const).map(([k, input, hint]) => (
          <FieldFrame key={k} label={t(k)} htmlFor={`picker-${k}`} error={input.error}>
            <Input
              id={`picker-${k}`}
              className="h-8"
              inputMode="decimal"
              placeholder={hint}
              aria-invalid={!!input.error || undefined}
              value={input.text}
              onChange={(e) => input.setText(e.target.value)}
              onBlur={input.apply}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  input.apply();
                }
              }}
            />
          </FieldFrame>
        ))}
        <div className="flex flex-col gap-1.5">
          <span className="text-[13px] leading-none text-transparent select-none" aria-hidden>
            .
          </span>
          <Button type="button" variant="outline" size="sm" className="h-8" onClick={locate} disabled={locating}>
            <LocateFixedIcon />
            {locating ? t("locating") : t("locate")}
          </Button>
        </div>
      </div>
      {locateFailed && <p className="text-xs text-muted-foreground">{t("locateFailed")}</p>}
      <MapSurface
        ariaLabel={t("title")}
        testId="address-picker-map"
        center={position ?? MAP.center}
        zoom={MAP.zoom}
        focus={focus}
        height={height}
        crosshair
        markers={position ? [{ id: "picked", position, title: value.address || `${position.lng}, ${position.lat}` }] : []}
        onMapClick={(p) => moveTo(p, false)}
        onGeocoder={setGeocoder}
      />
      <p className="text-xs text-muted-foreground">{t("hint")}</p>
    </div>
  );
}

/** Autocomplete: asks 500 ms after typing stops (widgets §9); an answer for older text is dropped. */
function PlaceSearch({ geocoder, onPick }: { geocoder: Geocoder; onPick: (id: string) => void }) {
  const t = useTranslations("maps.picker");
  const [query, setQuery] = React.useState("");
  const [results, setResults] = React.useState<Suggestion[] | null>(null);
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    const q = query.trim();
    if (!q) return setResults(null);
    let live = true;
    const timer = setTimeout(() => {
      geocoder.suggest(q).then(
        (r) => live && setResults(r),
        (e) => {
          console.warn("[maps] autocomplete failed", e);
          if (live) setResults([]);
        },
      );
    }, MAP.autocompleteDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, geocoder]);
  return (
    <div className="relative">
      <SearchIcon className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        role="combobox"
        aria-expanded={open && !!results}
        aria-controls="picker-suggestions"
        aria-label={t("search")}
        className="h-8 pl-8"
        placeholder={t("search")}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {open && results && (
        <ul id="picker-suggestions" role="listbox" className="absolute top-full right-0 left-0 z-30 mt-1 max-h-60 overflow-y-auto rounded-md border bg-popover py-1 text-sm shadow-md">
          {results.length ? (
            results.map((r) => (
              <li key={r.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  className="flex w-full flex-col px-3 py-1.5 text-left hover:bg-accent"
                  onClick={() => {
                    setOpen(false);
                    setQuery(r.text);
                    onPick(r.id);
                  }}
                >
                  <span>{r.text}</span>
                  {r.secondary && <span className="text-xs text-muted-foreground">{r.secondary}</span>}
                </button>
              </li>
            ))
          ) : (
            <li className="px-3 py-1.5 text-muted-foreground">{t("noResults")}</li>
          )}
        </ul>
      )}
    </div>
  );
}
