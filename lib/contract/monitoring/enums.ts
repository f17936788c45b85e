/**
 * Monitoring enumerations (core §4), values only; labels in `messages/<locale>/enums.json`.
 * Spread into `ENUMS` so `useDict(name)` finds them.
 */
/** 0 absolute (the sensor reports the change itself), 1 relative (change = value − initial value). */
export const ZERO_TYPES = [0, 1] as const;
/** 1 per time (raw), 2 hour, 3 day, 4 month. */
export const QUERY_TYPES = [1, 2, 3, 4] as const;
/** 1 avg, 2 max, 3 min: how an hour / day / month becomes one value. */
export const VALUE_TYPES = [1, 2, 3] as const;
/** 0 cumulative change since the initial value, 1 collected value, 2 rate per day. */
export const SHOW_VALUES = [0, 1, 2] as const;
/** 1 orifice, 2 bottom: where an inclinometer hole's depths are counted from. */
export const HOLE_POSITIONS = [1, 2] as const;
/** 1 humidity, 2 temperature, 3 wind direction, 4 pressure, 5 rainfall, 6 wind speed, 7 wind force. */
export const WEATHER_ITEMS = [1, 2, 3, 4, 5, 6, 7] as const;

export type ZeroType = (typeof ZERO_TYPES)[number];
export type QueryType = (typeof QUERY_TYPES)[number];
export type ValueType = (typeof VALUE_TYPES)[number];
export type ShowValue = (typeof SHOW_VALUES)[number];
export type HolePosition = (typeof HOLE_POSITIONS)[number];

export const MONITORING_ENUMS = {
  zeroType: ZERO_TYPES,
  queryType: QUERY_TYPES,
  valueType: VALUE_TYPES,
  showValue: SHOW_VALUES,
  holePosition: HOLE_POSITIONS,
  weatherItem: WEATHER_ITEMS,
} as const;
