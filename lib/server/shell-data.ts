import { cache } from "react";
import { redirect } from "next/navigation";
import { Code } from "@/lib/contract/envelope";
import { defaultCompanyInfo, type CompanyInfo } from "@/lib/contract/company";
import type { Locale } from "@/lib/contract/locale";
import { projectApi, type Project } from "@/lib/contract/project";
import { loginApi, type UserInfo } from "@/lib/contract/auth";
import { menuApi } from "@/lib/contract/system/menu";
import { favouriteApi, type CollectEntry } from "@/lib/contract/system/menu-favourites";
import type { CurrentMenus } from "@/lib/shell/menu";
import { stationApi, todoApi } from "@/lib/contract/message";
import type { SignedIn } from "./session";
import { upstreamCall } from "./upstream";
import type { CallInput } from "@/lib/contract/call";

export type ShellProject = Pick<Project, "id" | "prjName">;
/** `info`: the signed-in user as the cloud names them in the render's language (null when it could not say). */
export type ShellData = { menus: CurrentMenus; favourites: CollectEntry[]; company: CompanyInfo; projects: ShellProject[]; info: UserInfo | null };

/**
 * What the shell needs before first paint: the caller's menu, permission codes and favourites, the
 * tenant's branding, the projects for the selector (size 9999, core §7) and the user's own name and
 * roles in the render's language (the session keeps the login's), fetched in parallel.
 * A token the cloud no longer accepts goes back to login; other failures degrade to an empty
 * menu or the built-in branding rather than a blank screen. Cached per request (keyed by
 * primitives, as React's cache compares arguments by identity): layout and home share one fetch.
 */
export const loadShellData = (session: SignedIn, locale: Locale) => fetchShellData(session.token, session.projId, session.tenantId, locale);

/** A tenant's company info over the built-in defaults, once per request (the shell and the request's time zone read it). */
export const loadCompanyInfo = cache(async (tenantId: number, locale: Locale): Promise<CompanyInfo> => {
  const company = await upstreamCall(loginApi.company, { tId: tenantId }, { locale });
  return company.code === Code.OK ? { ...defaultCompanyInfo, ...company.data } : defaultCompanyInfo;
});

const fetchShellData = cache(async (token: string, projId: number | null, tenantId: number, locale: Locale): Promise<ShellData> => {
  const auth = { token, projId, locale };
  const [menus, favourites, company, projects, info] = await Promise.all([
    upstreamCall(menuApi.current, {}, auth),
    upstreamCall(favouriteApi.collects, {}, auth),
    loadCompanyInfo(tenantId, locale),
    upstreamCall(projectApi.page, { current: 1, size: 9999 } as CallInput<typeof projectApi.page>, auth),
    upstreamCall(loginApi.userInfo, {}, auth),
  ]);
  if (menus.code === Code.UNAUTHORIZED || projects.code === Code.UNAUTHORIZED) redirect(`/login?tId=${tenantId}`);
  return {
    menus: menus.code === Code.OK ? menus.data : { menus: [], perms: [] },
    favourites: favourites.code === Code.OK ? favourites.data : [],
    company,
    projects: projects.code === Code.OK ? projects.data.records.map((p) => ({ id: p.id, prjName: p.prjName })) : [],
    info: info.code === Code.OK ? info.data : null,
  };
});

/** The header and home counts: pending to-dos and unread messages. */
export async function loadInboxCounts(session: SignedIn, locale: Locale): Promise<{ todos: number; messages: number }> {
  const auth = { token: session.token, projId: session.projId, locale };
  const [todos, messages] = await Promise.all([
    upstreamCall(todoApi.nums, {}, auth),
    upstreamCall(stationApi.nums, {}, auth),
  ]);
  return { todos: todos.code === Code.OK ? todos.data.pending : 0, messages: messages.code === Code.OK ? messages.data.unread : 0 };
}
