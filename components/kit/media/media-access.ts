"use client";

import { menuTrail } from "@/lib/shell/menu";
import { useSession } from "../session";

/** Whether the signed-in user may open the media library (its screen is in their menu; the cloud checks the same). */
export function useMediaLibraryAccess(): boolean {
  const session = useSession();
  return menuTrail(session.menus, "/media/library").length > 0;
}
