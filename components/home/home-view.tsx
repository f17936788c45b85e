import { getTranslations } from "next-intl/server";
import { requireSession } from "@/lib/server/require-session";

export async function HomeView() {
  const session = await requireSession();
  const t = await getTranslations("common.home");
  return (
    <section className="space-y-2 p-6">
      <h1 className="text-xl font-semibold" data-testid="home-welcome">
        {t("welcome", { name: session.user.realname || session.user.name })}
      </h1>
      <p className="text-sm text-muted-foreground">{t("roles", { roles: session.roles })}</p>
    </section>
  );
}
