import { getLocale } from "next-intl/server";
import { Code } from "@/lib/contract/envelope";
import { normalizeLocale } from "@/lib/contract/locale";
import { menuApi } from "@/lib/contract/system/menu";
import { PermissionsProvider } from "@/components/kit/can";
import { requireSession } from "@/lib/server/require-session";
import { upstreamCall } from "@/lib/server/upstream";

/**
 * The robot console's pages (core §2: outside the shell, full screen) behind the same login: the
 * caller's permission codes decide what the pad offers (drive, take over, switch mode); the cloud
 * checks each call again.
 */
export async function RobotGate({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const locale = normalizeLocale(await getLocale());
  const menus = await upstreamCall(menuApi.current, {}, { token: session.token, projId: session.projId, locale });
  return (
    <PermissionsProvider codes={menus.code === Code.OK ? menus.data.perms : []} roles={session.roles}>
      {children}
    </PermissionsProvider>
  );
}
