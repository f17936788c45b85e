import { getLocale, getTranslations } from "next-intl/server";
import { normalizeLocale } from "@/lib/contract/locale";
import { requireSession } from "@/lib/server/require-session";
import { Code } from "@/lib/contract/envelope";
import { homeApi } from "@/lib/contract/home";
import { flattenMenu } from "@/lib/shell/menu";
import { loadInboxCounts, loadShellData } from "@/lib/server/shell-data";
import { upstreamCall } from "@/lib/server/upstream";
import { PageFrame } from "@/components/kit/page-frame";
import { TenantStatsLazy } from "@/components/system-set/tenant-set/tenant-stats-lazy";
import { InboxTiles, TenantHome, type HomeLinks } from "./home-figures";
import { QuickLinks } from "./quick-links";

/** The platform's own tenant: its administrators see the tenants' statistics instead of projects. */
const PLATFORM_TENANT = 1;
const TENANT_SET = "/systemSet/tenantSet";
/** The screens the home's figures lead to. */
const TARGETS: Required<HomeLinks> = { projects: "/projects/project", devices: "/devices/device", alarms: "/alarm/alarmCenter", todos: "/msg/todo", messages: "/msg/station" };

/**
 * Home: who and where the user is; for a tenant user the figures of their projects (read here, so
 * they are in the first paint), for the platform the tenant statistics; and a way into their menu.
 */
export async function HomeView() {
  const session = await requireSession();
  const locale = normalizeLocale(await getLocale());
  const auth = { token: session.token, projId: session.projId, locale };
  const platform = session.tenantId === PLATFORM_TENANT;
  const [data, counts, summary, t, th, tc] = await Promise.all([
    loadShellData(session, locale),
    loadInboxCounts(session, locale),
    platform ? null : upstreamCall(homeApi.summary, {}, auth),
    getTranslations("shell.home"),
    getTranslations("home"),
    getTranslations("common"),
  ]);
  const roleNames = data.info?.roleNames.length ? data.info.roleNames.join(tc("listSeparator")) : session.roles;
  const project = data.projects.find((p) => p.id === session.projId);
  const paths = new Set(flattenMenu(data.menus.menus).map(({ node }) => node.path?.toLowerCase()));
  const links: HomeLinks = Object.fromEntries(Object.entries(TARGETS).filter(([, href]) => paths.has(href.toLowerCase())));
  return (
    <PageFrame>
      <section className="mb-4 flex flex-wrap items-baseline gap-x-6 gap-y-1 rounded-lg border bg-card px-5 py-4">
        <h2 className="text-xl font-semibold" data-testid="home-welcome">
          {tc("home.welcome", { name: (data.info?.user.realname ?? session.user.realname) || session.user.name })}
        </h2>
        <p className="text-sm text-muted-foreground">{t("tenant", { name: data.company.compName || tc("appName") })}</p>
        <p className="text-sm text-muted-foreground">{project ? t("project", { name: project.prjName }) : t("noProject")}</p>
        <p className="text-sm text-muted-foreground" data-testid="home-roles">
          {tc("home.roles", { roles: roleNames })}
        </p>
      </section>
      {platform ? (
        <>
          <section className="mb-4 grid gap-4 sm:grid-cols-2">
            <InboxTiles inbox={counts} links={links} />
          </section>
          {paths.has(TENANT_SET.toLowerCase()) && (
            <section aria-label={th("platform")}>
              <TenantStatsLazy />
            </section>
          )}
        </>
      ) : (
        <TenantHome summary={summary?.code === Code.OK ? summary.data : null} inbox={counts} links={links} />
      )}
      <section className="mt-4 rounded-lg border bg-card p-5">
        <h2 className="mb-3 font-medium">{t("quickLinks")}</h2>
        <QuickLinks emptyText={t("noEntries")} />
      </section>
    </PageFrame>
  );
}
