"use client";

import { useTranslations } from "next-intl";
import { LinkIcon } from "lucide-react";
import { MembersDialog } from "@/components/kit/dialogs/members-dialog";
import { ListPicker } from "@/components/kit/pickers";
import { useUrlParam } from "@/components/kit/url-param";
import { permsOf } from "@/lib/contract/call";
import { spaceApi, type SpaceDevice } from "@/lib/contract/device/space";

const ALL = { current: 1, size: 9999 };

/** The devices of a space (`?members=<spaceId>`): unbind one here, bind more from the project's others. */
export function SpaceDevices({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const t = useTranslations("devices.space");
  const te = useTranslations("enums");
  const name = (d: SpaceDevice) => d.deviceName;
  return (
    <MembersDialog<SpaceDevice>
      list={{ call: spaceApi.bindDevicePage, params: ALL }}
      owner="spaceId"
      members="deviceIds"
      remove={spaceApi.unBind}
      perm={permsOf(spaceApi.unBind)[0]}
      columns={[
        { title: t("device.deviceName"), cell: name },
        { title: t("device.deviceSn"), cell: (d) => <span className="font-mono text-xs">{d.deviceSn}</span> },
        { title: t("device.prodName"), cell: (d) => d.prodName ?? "-" },
        { title: t("device.status"), cell: (d) => te(`deviceStatus.${d.status}`) },
      ]}
      labels={{ title: t("devicesTitle"), add: t("bindDevices"), remove: t("unbind"), empty: t("noDevices") }}
      addIcon={<LinkIcon />}
      testId="space-devices-dialog"
      addTestId="space-devices-bind"
      picker={({ open, onOpenChange, save }) => (
        <SpaceDevicePicker open={open} onOpenChange={onOpenChange} onConfirm={(ids) => (ids.length ? save(spaceApi.bind, ids) : undefined)} />
      )}
      onChanged={onChanged}
    />
  );
}

/** The project's devices outside the open space (binding one in another space moves it). */
function SpaceDevicePicker({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: (ids: number[]) => unknown }) {
  const t = useTranslations("devices.space");
  // The devices dialog keeps the open space in the URL.
  const [spaceId] = useUrlParam("members");
  return (
    <ListPicker<SpaceDevice>
      open={open}
      onOpenChange={onOpenChange}
      title={t("pickDevices")}
      call={spaceApi.unBindDevicePage}
      params={{ spaceId: spaceId ?? undefined }}
      columns={[
        { key: "deviceName", title: t("device.deviceName") },
        { key: "deviceSn", title: t("device.deviceSn") },
        { key: "prodName", title: t("device.prodName") },
        { key: "spaceName", title: t("device.currentSpace") },
      ]}
      multiple
      onConfirm={(ids) => onConfirm(ids.map(Number))}
    />
  );
}
