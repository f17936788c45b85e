import type { StatusTone } from "@/components/kit/resource/define-resource";
import { COMMAND_STATUS } from "@/lib/contract/device/command";

/** Badge tones of the command status: waiting amber, timeout grey, success green, failed red. */
export const COMMAND_TONES: Record<string, StatusTone> = {
  [COMMAND_STATUS.waiting]: "warning",
  [COMMAND_STATUS.timeout]: "secondary",
  [COMMAND_STATUS.success]: "success",
  [COMMAND_STATUS.failed]: "destructive",
};

/** How often screens look again while a command waits for its device. */
export const WAITING_POLL_MS = 1000;
