"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { UsersIcon, XIcon } from "lucide-react";
import { useCall } from "@/lib/api/call";
import { departmentApi } from "@/lib/contract/system/department";
import { userApi } from "@/lib/contract/system/user";
import { PeoplePicker, PICKER_PAGE, type PickerDepartment } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export type Exemptions = { userIds: number[]; departmentIds: number[] };

function flatten(nodes: readonly PickerDepartment[] | undefined, out = new Map<number, string>()) {
  for (const n of nodes ?? []) {
    out.set(n.id, n.departmentName);
    flatten(n.childrens ?? [], out);
  }
  return out;
}

/** Users and departments exempted from masking: chosen with the kit's people picker, shown as tags. */
export function ExemptionsField({ value, onChange, disabled }: { value: Exemptions; onChange: (v: Exemptions) => void; disabled: boolean }) {
  const t = useTranslations("system.phoneSet");
  const [open, setOpen] = React.useState(false);
  const users = useCall(userApi.page, value.userIds.length ? PICKER_PAGE : null);
  const depts = useCall(departmentApi.tree, value.departmentIds.length ? {} : null);
  const userName = new Map((users.data?.records ?? []).map((u) => [u.id, u.realname || u.username]));
  const deptName = flatten(depts.data);
  const tags = [
    ...value.userIds.map((id) => ({ key: `u${id}`, text: userName.get(id) ?? `#${id}`, kind: t("user"), drop: () => onChange({ ...value, userIds: value.userIds.filter((x) => x !== id) }) })),
    ...value.departmentIds.map((id) => ({ key: `d${id}`, text: deptName.get(id) ?? `#${id}`, kind: t("department"), drop: () => onChange({ ...value, departmentIds: value.departmentIds.filter((x) => x !== id) }) })),
  ];
  return (
    <div className="space-y-2" data-testid="phone-exemptions">
      <div className="flex flex-wrap gap-1.5">
        {tags.length === 0 && <span className="text-sm text-muted-foreground">{t("noExemptions")}</span>}
        {tags.map((tag) => (
          <Badge key={tag.key} variant="secondary" className="gap-1">
            <span className="text-muted-foreground">{tag.kind}</span>
            {tag.text}
            {!disabled && (
              <button type="button" onClick={tag.drop} aria-label={t("remove", { name: tag.text })} className="rounded hover:text-destructive">
                <XIcon className="size-3" />
              </button>
            )}
          </Badge>
        ))}
      </div>
      {!disabled && (
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
          <UsersIcon />
          {t("choose")}
        </Button>
      )}
      <PeoplePicker open={open} onOpenChange={setOpen} tabs={["user", "department"]} value={value} title={t("pickerTitle")} onConfirm={(v) => onChange({ userIds: v.userIds, departmentIds: v.departmentIds })} />
    </div>
  );
}
