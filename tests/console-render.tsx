import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { PermissionsProvider } from "@/components/kit/can";
import { SessionProvider, type KitSession } from "@/components/kit/session";
import { renderIntl, type IntlRenderOptions } from "./intl";

/** A menu entry of the user's tree, opening `path`. */
export const menuEntry = (path: string) => ({ id: 1, name: path, nameEn: path, icon: null, path, frame: 0, framePath: null, type: "menu" as const, childrens: [] });

/** A signed-in user of tenant 2, no project chosen, with the screens `menus` open. */
export const signedIn = (menus: KitSession["menus"] = []): KitSession => ({ tenantId: 2, projId: null, menus, user: { id: 1, name: "a", realname: "A", avatar: null } });

/** A console screen as the shell holds it: a fresh SWR cache, the user's session and permission codes, the locale's messages. */
export function renderConsole(ui: ReactNode, { session = signedIn(), codes = [], ...options }: IntlRenderOptions & { session?: KitSession; codes?: string[] } = {}) {
  return renderIntl(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <SessionProvider value={session}>
        <PermissionsProvider codes={codes} roles="">
          {ui}
        </PermissionsProvider>
      </SessionProvider>
    </SWRConfig>,
    options,
  );
}

/** Whether `b` comes after `a` in the document. */
export const follows = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
