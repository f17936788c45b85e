import { call } from "@/lib/api/call";
import { searchApi } from "@/lib/contract/search";
import type { PaletteSource } from "./search";

/**
 * The palette's search over the tenant's data (issue 40): devices, points, open alarms, projects and
 * knowledge documents, in one call (`sys/search/global`) the cloud answers within what the caller
 * may see, pinyin initials included. Each kind is its own group.
 */
export const dataSearchSource: PaletteSource = {
  id: "data",
  label: "shell.palette.data",
  search: async (query, _ctx, signal) => {
    const hits = await call(searchApi.global, { keyword: query.trim().slice(0, 64) }, { signal, silent: true });
    return hits.map((h) => ({ id: `${h.kind}:${h.id}`, title: h.title, hint: h.hint ?? undefined, href: h.href, group: `shell.palette.kinds.${h.kind}` }));
  },
};
