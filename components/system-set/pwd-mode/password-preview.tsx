"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { PASSWORD_MAX, type Complexity, type Identity } from "@/lib/contract/password";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const IDENTITY_KEYS = ["username", "realname", "phone", "email"] as const;
type Check = typeof import("@/lib/contract/password-check").checkPassword;

/**
 * Checks a sample password against the policy being edited with the cloud's own `checkPassword`,
 * listing each failed rule; the sample identity feeds rules 5–8.
 */
export function PasswordPreview({ complexity }: { complexity: Complexity }) {
  const t = useTranslations();
  const [sample, setSample] = React.useState("");
  const [who, setWho] = React.useState<Identity>({ username: "", realname: "", phone: "", email: "" });
  // The checker brings the pinyin dictionary: it loads with the preview, not with the page.
  const [check, setCheck] = React.useState<Check | null>(null);
  React.useEffect(() => {
    let live = true;
    void import("@/lib/contract/password-check").then((m) => live && setCheck(() => m.checkPassword));
    return () => {
      live = false;
    };
  }, []);
  const failures = sample && check ? check(sample, complexity, who) : [];
  return (
    <div className="space-y-3 rounded-md border border-dashed p-3" data-testid="pwd-preview">
      <p className="text-sm font-medium">{t("system.pwdMode.preview.title")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor="pwd-preview-sample" className="text-[13px] text-muted-foreground">
            {t("system.pwdMode.preview.sample")}
          </Label>
          <Input id="pwd-preview-sample" className="h-8" autoComplete="off" maxLength={PASSWORD_MAX + 1} value={sample} onChange={(e) => setSample(e.target.value)} placeholder={t("system.pwdMode.preview.samplePlaceholder")} />
        </div>
        {IDENTITY_KEYS.map((k) => (
          <div key={k} className="flex flex-col gap-1.5">
            <Label htmlFor={`pwd-preview-${k}`} className="text-[13px] text-muted-foreground">
              {t(`system.pwdMode.preview.${k}`)}
            </Label>
            <Input id={`pwd-preview-${k}`} className="h-8" autoComplete="off" value={who[k] ?? ""} onChange={(e) => setWho((w) => ({ ...w, [k]: e.target.value }))} />
          </div>
        ))}
      </div>
      {sample &&
        check &&
        (failures.length ? (
          <ul className="space-y-1 text-sm text-destructive" data-testid="pwd-preview-failures" aria-live="polite">
            {failures.map((f) => (
              <li key={f.key} className="flex items-center gap-1.5">
                <XCircleIcon className="size-4 shrink-0" />
                {t(f.key as never, f.values as never)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-1.5 text-sm text-emerald-600 dark:text-emerald-400" data-testid="pwd-preview-ok" aria-live="polite">
            <CheckCircle2Icon className="size-4" />
            {t("system.pwdMode.preview.ok")}
          </p>
        ))}
    </div>
  );
}
