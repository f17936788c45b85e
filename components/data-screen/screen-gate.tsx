import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { Code } from "@/lib/contract/envelope";
import { loginApi } from "@/lib/contract/auth";
import { normalizeLocale } from "@/lib/contract/locale";
import { projectApi } from "@/lib/contract/project";
import { requireSession } from "@/lib/server/require-session";
import { TENANT_COOKIE, loginUrl } from "@/lib/server/session-cookie";
import { upstreamCall } from "@/lib/server/upstream";
import { idOf } from "./scale";
import { ScreenProvider } from "./screen-context";

/**
 * The data screens' session check (core §2): they open in a new tab as `?tId=&projId=`, outside the
 * shell. A visitor without a session, or signed in to another tenant than the link's, goes to that
 * tenant's login and comes back to the same address. The project is looked up with the caller's
 * token, so a project they may not see is named as such on the screen instead of showing its data.
 */
export async function ScreenGate({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const here = (await headers()).get("x-url") ?? "/home";
  const query = new URLSearchParams(here.split("?")[1] ?? "");
  const tId = idOf(query.get("tId"));
  if (tId !== null && tId !== session.tenantId) redirect(loginUrl(here, (await cookies()).get(TENANT_COOKIE)?.value));
  const locale = normalizeLocale(await getLocale());
  const projId = idOf(query.get("projId"));
  const auth = { token: session.token, projId: session.projId, locale };
  const [info, company] = await Promise.all([
    projId === null ? null : upstreamCall(projectApi.info, { id: projId }, auth),
    upstreamCall(loginApi.company, { tId: session.tenantId }, { locale }),
  ]);
  if (info?.code === Code.UNAUTHORIZED) redirect(loginUrl(here, String(session.tenantId)));
  const project = info?.code === Code.OK ? { id: info.data.id, prjName: info.data.prjName } : null;
  return (
    <ScreenProvider value={{ tenantId: session.tenantId, projId, project, companyName: company.code === Code.OK ? company.data.compName : "" }}>
      {children}
    </ScreenProvider>
  );
}
