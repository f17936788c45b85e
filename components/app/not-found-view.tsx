import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** Core §2: an unknown path says the visited page does not exist. Used bare and inside the console's main area. */
export async function NotFoundView() {
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center" data-testid="not-found">
      <p className="text-7xl font-semibold text-primary">404</p>
      <h1 className="text-xl font-medium">{t("notFound.title")}</h1>
      <p className="text-muted-foreground">{t("notFound.description")}</p>
      <Link href="/home" className="rounded-md bg-primary px-4 py-2 text-sm text-primary-foreground hover:opacity-90">
        {t("actions.goHome")}
      </Link>
    </div>
  );
}
