import { getTranslations } from "next-intl/server";
import { requireSession } from "@/lib/server/require-session";
import { LanguageSwitch } from "@/components/app/language-switch";
import { LogoutButton } from "./logout-button";

/** The signed-in frame, rendered on the server: header with user, language and logout. */
export async function ConsoleFrame({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center justify-between border-b px-4">
        <span className="font-semibold">{t("appName")}</span>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <span className="text-sm" data-testid="current-user">
            {session.user.realname || session.user.name}
          </span>
          <LogoutButton />
        </div>
      </header>
      <main className="flex-1">{children}</main>
    </div>
  );
}
