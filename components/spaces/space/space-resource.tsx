"use client";

import { defineResource, deferredDialogs, type ResourceUi, resourcePage } from "@/components/kit";
import { permsOf } from "@/lib/contract/call";
import { space, spaceApi, type Space } from "@/lib/contract/device/space";
import { multilingualField } from "@/components/kit/form/multilingual-input";

const SpaceDevices = deferredDialogs(() => import("./space-dialogs").then((m) => m.SpaceDevices));

const devices = (r: Space, ui: ResourceUi<Space>) => ui.setParam("members", r.id);

/** /spaces/space: the selected project's spaces, their attachment and bound devices (core §3, §5). */
export const spaceResource = defineResource<Space>({
  entity: space,
  calls: spaceApi,
  search: { keyword: "spaceName" },
  columns: { spaceName: { type: "click" }, deviceNums: { type: "click", width: 100, onClick: devices } },
  form: { columns: 1, placeholders: true, fields: { spaceName: multilingualField } },
  rowActions: ["view", { key: "devices", label: "devices", perm: permsOf(spaceApi.bind)[0], onClick: devices }, "edit", "del"],
  toolbar: ["add", "export"],
  slots: { dialogs: (ui) => <SpaceDevices onChanged={ui.refresh} /> },
});

export const SpaceList = resourcePage(spaceResource);
