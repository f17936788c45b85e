"use client";

import { useTranslations } from "next-intl";
import { alternatives, type Complexity } from "@/lib/contract/password";

/** The tenant's password policy in words, shown wherever a new password is chosen. */
export function PasswordPolicyHint({ complexity }: { complexity: Complexity }) {
  const t = useTranslations();
  const alts = alternatives(complexity);
  if (complexity.template === "none") return <p className="text-xs text-muted-foreground">{t("kit.passwordPolicy.title")}: {t("kit.passwordPolicy.none")}</p>;
  return (
    <div className="rounded-md bg-muted p-3 text-xs text-muted-foreground" data-testid="password-policy">
      <p className="mb-1 font-medium text-foreground">{t("kit.passwordPolicy.title")}</p>
      {alts.map((alt, i) => (
        <p key={i}>
          {i === 0 ? t("kit.passwordPolicy.length", { min: alt.size }) : t("kit.passwordPolicy.highAlt", { min: alt.size })}
          {alt.modes.length > 0 && t("common.listSeparator")}
          {alt.modes.map((m) => t(`validation.pwdRule${m}` as "validation.pwdRule1")).join(t("common.listSeparator"))}
        </p>
      ))}
    </div>
  );
}
