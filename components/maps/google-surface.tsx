"use client";

import * as React from "react";
import { useLocale } from "next-intl";
import { useTheme } from "@/lib/theme";
import { AdvancedMarker, APIProvider, ColorScheme, InfoWindow, Map, Polygon, Polyline, useMap } from "@vis.gl/react-google-maps";
import type { LngLat } from "@/lib/contract/geo";
import { MAP } from "./geo";
import { MarkerIcon, markerOffset } from "./marker-icon";
import { fitPadding, type Geocoder, type Place, type SurfaceProps } from "./surface";

/** Geocoding through the Maps JavaScript API (Places API (New) for autocomplete). */
async function googleGeocoder(language: string): Promise<Geocoder> {
  const [{ Geocoder: GeocoderClass }, places] = await Promise.all([
    google.maps.importLibrary("geocoding") as Promise<google.maps.GeocodingLibrary>,
    google.maps.importLibrary("places") as Promise<google.maps.PlacesLibrary>,
  ]);
  const geocoder = new GeocoderClass();
  let session = new places.AutocompleteSessionToken();
  let predictions: Record<string, google.maps.places.PlacePrediction> = {};
  const adminNames = (components: { types: string[]; name: string }[]) =>
    components.filter((c) => c.types.some((t) => t.startsWith("administrative_area") || t === "locality" || t.startsWith("sublocality"))).map((c) => c.name);
  return {
    async suggest(input) {
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({ input, sessionToken: session, language });
      predictions = {};
      return suggestions.flatMap((s) => {
        const p = s.placePrediction;
        if (!p) return [];
        predictions[p.placeId] = p;
        return [{ id: p.placeId, text: p.mainText?.text ?? p.text.text, secondary: p.secondaryText?.text }];
      });
    },
    async place(id): Promise<Place | null> {
      const prediction = predictions[id];
      if (!prediction) return null;
      const { place } = await prediction.toPlace().fetchFields({ fields: ["formattedAddress", "location", "addressComponents"] });
      session = new places.AutocompleteSessionToken();
      if (!place.location) return null;
      return {
        address: place.formattedAddress ?? "",
        position: { lng: place.location.lng(), lat: place.location.lat() },
        names: adminNames((place.addressComponents ?? []).map((c) => ({ types: c.types, name: c.longText ?? "" }))),
      };
    },
    async reverse(p): Promise<Place | null> {
      const { results } = await geocoder.geocode({ location: p, language });
      const first = results[0];
      if (!first) return null;
      return { address: first.formatted_address, position: p, names: adminNames(first.address_components.map((c) => ({ types: c.types, name: c.long_name }))) };
    },
  };
}

const latLng = (p: LngLat): google.maps.LatLngLiteral => ({ lat: p.lat, lng: p.lng });

/** Camera moves the props ask for: fit the given points once, pan to `focus` when it changes. */
function Camera({ fit, focus, padding }: Pick<SurfaceProps, "fit" | "focus"> & { padding: number }) {
  const map = useMap();
  const fitKey = (fit ?? []).map((p) => `${p.lng},${p.lat}`).join(";");
  React.useEffect(() => {
    if (!map || !fit || fit.length < 2) return;
    const bounds = new google.maps.LatLngBounds();
    for (const p of fit) bounds.extend(latLng(p));
    map.fitBounds(bounds, padding);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fitKey` stands for `fit`; the padding follows the same markers
  }, [map, fitKey]);
  React.useEffect(() => {
    if (map && focus) map.panTo(latLng(focus));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the focus's coordinates, not the object made each render
  }, [map, focus?.lng, focus?.lat]);
  return null;
}

/** The Google map surface (loaded only when a key is configured). */
export default function GoogleSurface(props: SurfaceProps & { apiKey: string; mapId: string; onFail: (error: string) => void }) {
  const { apiKey, mapId, onFail, center, zoom, fit, focus, markers = [], polygons = [], draft, popup, satellite, onMapClick, onMarkerClick, onPolygonClick, onGeocoder, overlay, ariaLabel, testId } = props;
  const locale = useLocale();
  const language = locale === "en" ? "en" : "zh-CN";
  const { resolvedTheme } = useTheme();
  const start = fit?.length === 1 ? fit[0] : center;
  return (
    <APIProvider
      apiKey={apiKey}
      language={language}
      onError={(e) => onFail(e instanceof Error ? e.message : String(e))}
      onLoad={() => {
        if (onGeocoder) googleGeocoder(language).then(onGeocoder, () => onGeocoder(null));
      }}
    >
      <div className="relative overflow-hidden rounded-md border" style={{ height: props.height ?? 400 }} data-testid={testId} aria-label={ariaLabel} role="region">
        <Map
          // The colour scheme is fixed when a map is made: a theme switch makes a new one.
          key={resolvedTheme}
          mapId={mapId}
          colorScheme={resolvedTheme === "dark" ? ColorScheme.DARK : ColorScheme.LIGHT}
          defaultCenter={latLng(start)}
          defaultZoom={zoom}
          minZoom={MAP.minZoom}
          maxZoom={MAP.maxZoom}
          // Hybrid keeps the road net over the imagery (widgets §4).
          mapTypeId={satellite ? "hybrid" : "roadmap"}
          gestureHandling="greedy"
          disableDefaultUI
          zoomControl
          clickableIcons={false}
          draggableCursor={props.crosshair ? "crosshair" : undefined}
          onClick={(e) => e.detail.latLng && onMapClick?.({ lng: e.detail.latLng.lng, lat: e.detail.latLng.lat })}
          className="size-full"
        >
          <Camera fit={fit} focus={focus} padding={fitPadding(markers)} />
          {polygons.map((p) => (
            <Polygon
              key={p.id}
              paths={p.path.map(latLng)}
              strokeColor={p.color}
              strokeWeight={p.width}
              strokeOpacity={p.fading ? 0.3 : 0.9}
              fillColor={p.color}
              fillOpacity={p.fading ? 0.05 : 0.2}
              clickable={!!onPolygonClick}
              onClick={() => onPolygonClick?.(p.id)}
            />
          ))}
          {draft && draft.path.length > 0 && (
            <>
              <Polyline path={draft.path.map(latLng)} strokeColor={draft.color} strokeWeight={draft.width} clickable={false} />
              <AdvancedMarker position={latLng(draft.path[0])} anchorLeft="-50%" anchorTop="-50%" onClick={() => onMapClick?.(draft.path[0])}>
                <span className="block size-3 rounded-full border-2 border-white" style={{ background: draft.color }} />
              </AdvancedMarker>
            </>
          )}
          {markers.map((m) => {
            const off = markerOffset(m);
            return (
              <React.Fragment key={m.id}>
                <AdvancedMarker position={latLng(m.position)} title={m.title} anchorLeft={off.left} anchorTop={off.top} onClick={() => onMarkerClick?.(m.id)}>
                  <MarkerIcon marker={m} />
                </AdvancedMarker>
                {m.panel && (
                  <AdvancedMarker position={latLng(m.position)} anchorLeft="20px" anchorTop="-50%" clickable={false}>
                    {m.panel}
                  </AdvancedMarker>
                )}
              </React.Fragment>
            );
          })}
          {popup && (
            <InfoWindow position={latLng(popup.at)} pixelOffset={[0, -36]} onCloseClick={popup.onClose} headerDisabled>
              <div className="text-neutral-900">{popup.content}</div>
            </InfoWindow>
          )}
        </Map>
        {overlay && <div className="pointer-events-none absolute top-2 right-14 left-2 z-10 flex flex-wrap items-start gap-2 [&>*]:pointer-events-auto">{overlay}</div>}
      </div>
    </APIProvider>
  );
}
