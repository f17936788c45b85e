"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { UserPlusIcon, XIcon } from "lucide-react";
import { PeoplePicker } from "@/components/kit/pickers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useCall } from "@/lib/api/call";
import { userApi } from "@/lib/contract/system/user";

/** Members of a new group: chosen with the people picker, shown as name chips. */
export function MembersField({ value, onChange, disabled }: { value: unknown; onChange: (ids: number[]) => void; disabled: boolean }) {
  const t = useTranslations("system.group");
  const [open, setOpen] = React.useState(false);
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const { data } = useCall(userApi.page, ids.length ? { current: 1, size: 9999 } : null);
  const names = new Map((data?.records ?? []).map((u) => [u.id, u.realname || u.username]));
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="group-members-choose">
          <UserPlusIcon />
          {t("chooseMembers")}
        </Button>
      </div>
      {ids.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {ids.map((id) => (
            <Badge key={id} variant="secondary" className="gap-1">
              {names.get(id) ?? id}
              {!disabled && (
                <button type="button" aria-label={t("removeMember")} onClick={() => onChange(ids.filter((x) => x !== id))}>
                  <XIcon className="size-3" />
                </button>
              )}
            </Badge>
          ))}
        </div>
      )}
      <PeoplePicker open={open} onOpenChange={setOpen} tabs={["user"]} value={{ userIds: ids }} onConfirm={(v) => onChange(v.userIds)} title={t("chooseMembers")} />
    </div>
  );
}
