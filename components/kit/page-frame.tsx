"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { ArrowLeft, ChevronRight } from "lucide-react";
import { menuTitle, menuTrail } from "@/lib/shell/menu";
import { backTarget, HOME_PATH, routeByPath, titleKey } from "@/lib/shell/routes";
import { Button } from "@/components/ui/button";
import { useSession } from "./session";

/**
 * Detail pages (keep-alive off in the catalogue) start fresh each time they are shown again:
 * Next keeps recent routes alive in a hidden React Activity, whose effects re-run on reveal, so a
 * second run of this effect means "shown again" and the key change remounts the page body.
 */
function FreshOnReveal({ enabled, children }: { enabled: boolean; children: React.ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const shown = useRef(false);
  const router = useRouter();
  useEffect(() => {
    if (!enabled) return;
    if (shown.current) {
      setGeneration((g) => g + 1);
      router.refresh();
    }
    shown.current = true;
  }, [enabled, router]);
  return <div key={generation}>{children}</div>;
}

export type PageFrameProps = {
  /** Defaults to the catalogue title of the current route. */
  title?: React.ReactNode;
  /**
   * The back action (widgets §2): a string with a slash is a path, another string a named route,
   * `true` goes back in history; a target of login goes home. Omitted: no back button.
   */
  back?: string | true;
  /** Buttons at the right of the title bar. */
  actions?: React.ReactNode;
  /** Tabs between the screens of one page (its lists, a settings form): under the title, above the body. */
  tabs?: React.ReactNode;
  children: React.ReactNode;
};

/** The title bar (back action, breadcrumbs from the menu tree) and body every console page uses. */
export function PageFrame({ title, back, actions, tabs, children }: PageFrameProps) {
  const t = useTranslations("shell");
  const locale = useLocale();
  // The page's own path: a kept-alive page hidden behind another still sees the new pathname.
  const current = usePathname();
  const [pathname] = useState(current);
  const router = useRouter();
  const { menus } = useSession();
  const route = routeByPath(pathname);
  const trail = menuTrail(menus, pathname);
  const heading = title ?? (route ? t(titleKey(route)) : null);
  const own = route && route.path !== HOME_PATH ? [t(titleKey(route))] : [];
  // A detail page's trail ends at its list's entry: the page's own title follows it.
  const crumbs = trail.length ? [...trail.map((n) => menuTitle(n, locale)), ...(route?.parent ? own : [])] : own;

  const onBack = () => {
    const target = backTarget(back === true ? undefined : back);
    if (target.kind === "href") router.push(target.href);
    else if (window.history.length > 1) router.back();
    else router.push(HOME_PATH);
  };

  return (
    <div className="flex min-h-full flex-col gap-3 p-4" data-testid="page-frame">
      <div className="flex flex-wrap items-center gap-3">
        {back !== undefined && (
          <Button variant="ghost" size="sm" onClick={onBack} data-testid="page-back">
            <ArrowLeft className="size-4" />
            {t("frame.back")}
          </Button>
        )}
        <div className="min-w-0 flex-1">
          {heading && <h1 className="truncate text-lg font-semibold" data-testid="page-title">{heading}</h1>}
          {crumbs.length > 0 && (
            <nav aria-label={t("frame.breadcrumb")}>
              <ol className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground" data-testid="breadcrumbs">
                <li>
                  <Link href={HOME_PATH} className="hover:text-primary">
                    {t("routes.home")}
                  </Link>
                </li>
                {crumbs.map((c, i) => (
                  <li key={i} className="flex items-center gap-1" aria-current={i === crumbs.length - 1 ? "page" : undefined}>
                    <ChevronRight className="size-3" aria-hidden="true" />
                    {c}
                  </li>
                ))}
              </ol>
            </nav>
          )}
        </div>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
      {tabs}
      <FreshOnReveal enabled={route ? !route.keepAlive : false}>{children}</FreshOnReveal>
    </div>
  );
}
