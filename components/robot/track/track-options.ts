import { remoteOptions } from "@/components/kit";
import { trackApi } from "@/lib/contract/robot/track";

/** Every track of the project, for the robot screens' track selects (points, plans, tasks, records, statistics). */
export const TRACKS = remoteOptions(trackApi.page, "trackName", "id", { current: 1, size: 9999 });
