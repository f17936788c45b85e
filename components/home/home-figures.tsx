import type * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Bell, Cpu, FolderKanban, ListTodo, Siren, type LucideIcon } from "lucide-react";
import type { HomeSummary } from "@/lib/contract/home";
import { cn } from "@/lib/utils";
import { HomeCharts } from "./home-charts";
import { HomeLoadError, HomeRefresh } from "./home-live";

/** Where each figure leads, only for the screens the user's menu holds. */
export type HomeLinks = Partial<Record<"projects" | "devices" | "alarms" | "todos" | "messages", string>>;
export type Inbox = { todos: number; messages: number };

function Tile({ href, icon: Icon, label, value, testId, children }: { href?: string; icon: LucideIcon; label: string; value: React.ReactNode; testId: string; children?: React.ReactNode }) {
  const body = (
    <>
      <span className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-light-9 text-primary dark:bg-accent">
          <Icon className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block text-2xl leading-tight font-semibold tabular-nums" data-value>
            {value}
          </span>
          <span className="text-sm text-muted-foreground">{label}</span>
        </span>
      </span>
      {children}
    </>
  );
  const cls = "flex flex-col gap-3 rounded-lg border bg-card p-4";
  return href ? (
    <Link href={href} className={cn(cls, "transition-colors hover:border-primary")} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

/**
 * The home's figures (issue 19): projects, devices by status, open alarms by level, to-dos and
 * messages. Rendered on the server: they cost the page no JavaScript.
 */
export function HomeFigures({ summary, inbox, links }: { summary: HomeSummary; inbox: Inbox; links: HomeLinks }) {
  const t = useTranslations("home.figures");
  const { devices } = summary;
  const openAlarms = summary.alarmLevels.reduce((n, l) => n + l.count, 0);
  const parts = [
    { key: "online", n: devices.online, cls: "bg-emerald-500" },
    { key: "offline", n: devices.offline, cls: "bg-rose-500" },
    { key: "inactive", n: devices.inactive, cls: "bg-muted-foreground/40" },
  ] as const;
  return (
    <section className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <Tile href={links.projects} icon={FolderKanban} label={t("projects")} value={summary.projectNums} testId="home-projects" />
      <Tile href={links.devices} icon={Cpu} label={t("devices")} value={devices.total} testId="home-devices">
        <span className="flex h-2 overflow-hidden rounded-full bg-muted" aria-label={t("onlineOf", { online: devices.online, total: devices.total })} role="img">
          {devices.total > 0 && parts.map((p) => (p.n ? <span key={p.key} className={p.cls} style={{ width: `${(p.n / devices.total) * 100}%` }} /> : null))}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {parts.map((p) => (
            <span key={p.key} className="inline-flex items-center gap-1" data-status={p.key}>
              <span className={cn("size-2 rounded-full", p.cls)} aria-hidden />
              {t(p.key)} <span className="font-medium text-foreground tabular-nums">{p.n}</span>
            </span>
          ))}
        </span>
      </Tile>
      <Tile href={links.alarms} icon={Siren} label={t("openAlarms")} value={openAlarms} testId="home-alarms">
        {summary.alarmLevels.length ? (
          <span className="flex flex-wrap gap-1.5">
            {summary.alarmLevels.map((l) => (
              <span key={`${l.levelNum}-${l.levelName}`} className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs" data-level={l.levelNum ?? ""}>
                <span className="size-2 rounded-full" style={{ background: l.color ?? "currentColor" }} aria-hidden />
                {l.levelName || (l.levelNum ? t("level", { num: l.levelNum }) : t("noLevel"))}
                <span className="font-medium tabular-nums">{l.count}</span>
              </span>
            ))}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{t("noOpenAlarms")}</span>
        )}
      </Tile>
      <InboxTiles inbox={inbox} links={links} />
    </section>
  );
}

/** Pending to-dos and unread messages: on every home, the platform's included. */
export function InboxTiles({ inbox, links }: { inbox: Inbox; links: HomeLinks }) {
  const t = useTranslations("shell.home");
  return (
    <>
      <Tile href={links.todos} icon={ListTodo} label={t("pendingTodos")} value={inbox.todos} testId="home-todos" />
      <Tile href={links.messages} icon={Bell} label={t("unreadMessages")} value={inbox.messages} testId="home-messages" />
    </>
  );
}

/**
 * A tenant user's figures, chart and map, read again every minute; honest when there is nothing yet.
 * All of it is in the server's HTML with its final size: the chart's and the map's code load together
 * at hydration and draw into boxes that never move the page.
 */
export function TenantHome({ summary, inbox, links }: { summary: HomeSummary | null; inbox: Inbox; links: HomeLinks }) {
  const t = useTranslations("home");
  if (!summary) return <HomeLoadError />;
  return (
    <div className="space-y-4" data-testid="home-dashboard">
      <HomeRefresh />
      <HomeFigures summary={summary} inbox={inbox} links={links} />
      {summary.projectNums === 0 ? (
        <p className="rounded-lg border bg-card p-5 text-sm text-muted-foreground" data-testid="home-no-projects">
          {t("noProjects")}
        </p>
      ) : (
        <HomeCharts summary={summary} />
      )}
    </div>
  );
}
