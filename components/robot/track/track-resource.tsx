"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { track, trackApi, type Track } from "@/lib/contract/robot/track";
import { multilingualField } from "@/components/kit/form/multilingual-input";

/** Tracks (/robot/track): the map (≤ 20 MB), the length and the scale; points are placed on the map from the points screen. */
export const trackResource = defineResource<Track>({
  entity: track,
  calls: trackApi,
  columns: { trackName: { type: "click", minWidth: 160, onClick: (row, ui) => ui.navigate(`/robot/point?trackId=${row.id}`) } },
  form: { columns: 2, placeholders: ["trackName"], fields: { trackName: multilingualField, trackMap: { hint: "hints.trackMap" }, mapScale: { hint: "hints.mapScale" } }, defaults: { mapScale: 0.1 } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const TrackList = resourcePage(trackResource);
