import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Bell, ListTodo } from "lucide-react";
import { normalizeLocale } from "@/lib/contract/locale";
import { requireSession } from "@/lib/server/require-session";
import { Code } from "@/lib/contract/envelope";
import { loadInboxCounts, loadShellData } from "@/lib/server/shell-data";
import { callUpstream } from "@/lib/server/upstream";
import { PageFrame } from "@/components/kit/page-frame";
import { QuickLinks } from "./quick-links";

/** Home: who and where the user is, what waits for them, and a way into their menu. */
export async function HomeView() {
  const session = await requireSession();
  const locale = normalizeLocale(await getLocale());
  const [data, counts, info, t, tc] = await Promise.all([
    loadShellData(session, locale),
    loadInboxCounts(session, locale),
    callUpstream<{ roleNames: string[] }>("sys/login/userInfo", { token: session.token, projId: session.projId, locale }),
    getTranslations("shell.home"),
    getTranslations("common"),
  ]);
  const roleNames = info.code === Code.OK && info.data.roleNames.length ? info.data.roleNames.join(tc("listSeparator")) : session.roles;
  const project = data.projects.find((p) => p.id === session.projId);
  const counters = [
    { href: "/msg/todo", label: t("pendingTodos"), value: counts.todos, icon: ListTodo, testid: "home-todos" },
    { href: "/msg/station", label: t("unreadMessages"), value: counts.messages, icon: Bell, testid: "home-messages" },
  ];
  return (
    <PageFrame>
      <section className="grid gap-4 lg:grid-cols-3">
        <div className="rounded-lg border bg-card p-5 lg:col-span-1">
          <h2 className="text-xl font-semibold" data-testid="home-welcome">
            {tc("home.welcome", { name: session.user.realname || session.user.name })}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{t("tenant", { name: data.company.compName || tc("appName") })}</p>
          <p className="text-sm text-muted-foreground">{project ? t("project", { name: project.prjName }) : t("noProject")}</p>
          <p className="text-sm text-muted-foreground" data-testid="home-roles">
            {tc("home.roles", { roles: roleNames })}
          </p>
        </div>
        {counters.map((c) => (
          <Link key={c.href} href={c.href} className="flex items-center gap-4 rounded-lg border bg-card p-5 transition-colors hover:border-primary" data-testid={c.testid}>
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-light-9 text-primary dark:bg-accent">
              <c.icon className="size-6" />
            </span>
            <span>
              <span className="block text-3xl font-semibold tabular-nums">{c.value}</span>
              <span className="text-sm text-muted-foreground">{c.label}</span>
            </span>
          </Link>
        ))}
      </section>
      <section className="mt-4 rounded-lg border bg-card p-5">
        <h2 className="mb-3 font-medium">{t("quickLinks")}</h2>
        <QuickLinks emptyText={t("noEntries")} />
      </section>
    </PageFrame>
  );
}
