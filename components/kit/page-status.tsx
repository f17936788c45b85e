import Link from "next/link";
import { useTranslations } from "next-intl";

const CODES = { notFound: 404, noAccess: 403 } as const;

/**
 * Core §2: an unknown path says the visited page does not exist; a list the user's menu does not open says so
 * (instead of a list whose call answers 403). Used bare, inside the console's main area and by the resource list.
 */
export function PageStatus({ kind = "notFound" }: { kind?: keyof typeof CODES }) {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center" data-testid={kind === "notFound" ? "not-found" : "no-access"}>
      <p className="text-7xl font-semibold text-primary">{CODES[kind]}</p>
      <h1 className="text-xl font-medium">{t(`${kind}.title`)}</h1>
      <p className="text-muted-foreground">{t(`${kind}.description`)}</p>
      <Link href="/home" className="rounded-md bg-primary px-4 py-2 text-sm text-primary-foreground hover:opacity-90">
        {t("actions.goHome")}
      </Link>
    </div>
  );
}
