"use client";

import { useTranslations } from "next-intl";
import { LinkIcon } from "lucide-react";
import { defineResource, ResourcePage, type ResourceUi } from "@/components/kit";
import { MembersDialog } from "@/components/kit/dialogs/members-dialog";
import { ListPicker } from "@/components/kit/pickers";
import { useUrlParam } from "@/components/kit/url-param";
import { space, type Space, type SpaceDevice } from "@/lib/contract/device/space";

const ALL = { current: 1, size: 9999 };

/** The devices of a space (`?members=<spaceId>`): unbind one here, bind more from the project's others. */
function SpaceDevices({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const t = useTranslations("devices.space");
  const te = useTranslations("enums");
  const name = (d: SpaceDevice) => d.deviceName;
  return (
    <MembersDialog<SpaceDevice>
      list={{ path: "device/space/bindDevicePage", params: ALL }}
      owner="spaceId"
      members="deviceIds"
      removePath="device/space/unBind"
      perm="dev:space:upd"
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
        <SpaceDevicePicker open={open} onOpenChange={onOpenChange} onConfirm={(ids) => (ids.length ? save("device/space/bind", ids) : undefined)} />
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
      endpoint="device/space/unBindDevicePage"
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

const devices = (r: Space, ui: ResourceUi<Space>) => ui.setParam("members", r.id);

/** /spaces/space: the selected project's spaces, their attachment and bound devices (core §3, §5). */
export const spaceResource = defineResource<Space>({
  entity: space,
  api: "device/space",
  needsProject: true,
  perm: "dev:space",
  search: { keyword: "spaceName", keywordPlaceholder: "placeholders.spaceName" },
  columns: { spaceName: { type: "click" }, deviceNums: { type: "click", width: 100, onClick: devices } },
  form: { columns: 1, placeholders: true },
  rowActions: ["view", { key: "devices", label: "devices", perm: "dev:space:upd", onClick: devices }, "edit", "del"],
  toolbar: ["add", "export"],
  slots: { dialogs: (ui) => <SpaceDevices onChanged={ui.refresh} /> },
});

export function SpaceList() {
  return <ResourcePage resource={spaceResource} />;
}
