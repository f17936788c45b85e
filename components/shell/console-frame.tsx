import { cookies } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { Bot } from "lucide-react";
import { normalizeLocale } from "@/lib/contract/locale";
import { MENU_COLLAPSED_COOKIE } from "@/lib/client-state";
import { themeCss } from "@/lib/shell/colors";
import { requireSession } from "@/lib/server/require-session";
import { loadShellData } from "@/lib/server/shell-data";
import { mapsConfig } from "@/lib/server/maps-config";
import { LanguageSwitch } from "@/components/app/language-switch";
import { PermissionsProvider } from "@/components/kit/can";
import { MapConfigProvider } from "@/components/maps/map-config";
import { ChunkReload } from "./chunk-reload";
import { CollapseButton, CollapseProvider } from "./collapse";
import { CommandPalette } from "./command-palette";
import { ConsoleMain } from "./console-main";
import { InboxPopover } from "./inbox-popover";
import { LiveNotice } from "./live-notice";
import { ProjectSelector } from "./project-selector";
import { ShellProvider } from "./shell-context";
import { menuIconsOf } from "./menu-icon";
import { MenuDrawer, SideMenu } from "./side-menu";
import { TabBar } from "./tab-bar";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/**
 * The signed-in shell, rendered on the server: branding colours, side menu, header and tab bar
 * arrive in the first paint; client components only where there is interaction. `notices` are
 * mounted once inside the shell's session (domain warnings: the shell does not import domains).
 */
export async function ConsoleFrame({ notices, children }: { notices?: React.ReactNode; children: React.ReactNode }) {
  const session = await requireSession();
  const locale = normalizeLocale(await getLocale());
  const [data, jar, t] = await Promise.all([loadShellData(session, locale), cookies(), getTranslations("shell.header")]);
  const collapsed = jar.get(MENU_COLLAPSED_COOKIE)?.value === "1";
  return (
    <ShellProvider
      value={{
        tenantId: session.tenantId,
        projId: session.projId,
        menus: data.menus.menus,
        favourites: data.favourites,
        projects: data.projects,
        company: data.company,
        user: { id: session.user.id, name: session.user.name, realname: data.info?.user.realname ?? session.user.realname, avatar: session.user.avatar },
        // The tree's and the favourites' icons, and those of the home entry and the favourites folder.
        menuIcons: menuIconsOf([...data.menus.menus, ...data.favourites], ["house", "star"]),
      }}
    >
      {/* The company colour (core §9) before first paint: no flash of the default blue. */}
      <style>{themeCss(data.company.skinColor)}</style>
      {/* The layout's notices (the contract expiry warning, the password reminder): inside the shell's session. */}
      {notices}
      <CollapseProvider initial={collapsed}>
        <div className="flex h-screen overflow-hidden">
          <SideMenu />
          <div className="flex min-w-0 flex-1 flex-col">
            {/* Below lg the header keeps the menu, project, search, inbox and user; theme and language move into the user menu. */}
            <header className="flex h-14 shrink-0 items-center gap-1 border-b bg-card px-2 sm:gap-2" data-testid="header">
              <MenuDrawer />
              <CollapseButton />
              <ProjectSelector />
              <div className="flex-1" />
              <CommandPalette />
              <a
                href="/AIModel/index"
                target="_blank"
                rel="noopener"
                className="hidden size-9 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground lg:inline-flex"
                aria-label={t("ai")}
                title={t("ai")}
                data-testid="header-ai"
              >
                <Bot className="size-5" />
              </a>
              <InboxPopover kind="todo" />
              <InboxPopover kind="messages" />
              <LiveNotice />
              <div className="hidden items-center gap-2 lg:flex">
                <LanguageSwitch />
                <ThemeToggle />
              </div>
              <UserMenu />
            </header>
            <TabBar />
            <ConsoleMain>
              <PermissionsProvider codes={data.menus.perms} roles={session.roles}>
                {/* Maps paint with the page instead of asking for their key first. */}
                <MapConfigProvider value={mapsConfig()}>{children}</MapConfigProvider>
              </PermissionsProvider>
            </ConsoleMain>
          </div>
        </div>
      </CollapseProvider>
      <ChunkReload />
    </ShellProvider>
  );
}
