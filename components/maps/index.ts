/**
 * The map widgets (widgets §2). Each loads its code when it first mounts — a page that imports
 * this file carries only these small loaders; @vis.gl/react-google-maps comes later still, and only
 * when `GOOGLE_MAPS_API_KEY` is set. Without a key every widget works on a coordinate canvas.
 *
 * ```tsx
 * <DeviceLocationMap device={device} />                       // marker, info card, satellite toggle
 * <DeviceListMap devices={list} onDeviceClick={openInfo} />   // markers → info card + callback
 * <PolygonDrawMap value={areas} onChange={setAreas} />        // draw / erase / none, ≥ 3 points
 * <DisplayMap devices={live} polygons={areas} />              // live panels, direction, warnings
 * <AddressPicker value={v} onChange={setV} />                 // address, lng, lat, adcode
 * <FloorPlanMarker image={trackMap} width={640} points={points} onPick={setXY} robot={pos} />
 * // a kit form field: "pick on map" filling the form's own coordinate (and address / area) fields
 * { name: "location", label: "…", type: "custom", render: locationField({ lng: "prjLongitude", lat: "prjLatitude" }) }
 * ```
 */
export { DeviceLocationMap, DeviceListMap, PolygonDrawMap, DisplayMap, AddressPicker } from "./lazy";
export { FloorPlanMarker, type FloorPlanMarkerProps } from "./floor-plan-marker";
export { locationField, type LocationFieldKeys } from "./location-field";
export { MAP, type MapDevice } from "./geo";
export { MapKeyNoticeStyle, type KeyNoticeStyle } from "./key-notice";
export { PLAN, parseMarkPosition, type PlanPoint } from "./floor-plan";
export type { AddressValue } from "./address-picker";
export type { PolygonTool } from "./polygon-draw-map";
