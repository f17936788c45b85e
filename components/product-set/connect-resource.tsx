"use client";

import { defineResource, resourcePage } from "@/components/kit";
import { connectApi } from "@/lib/contract/device/connect";
import { connect, type Connect } from "@/lib/contract/device/product";

/** Connections (comm connect): system or device, BASE (an address) or FUNCTION (a product function). */
export const connectResource = defineResource<Connect>({
  entity: connect,
  calls: connectApi,
  // At 1440 px in English (issue 40) the method holds "FUNCTION (product function)", and the creation time, then the id give way.
  columns: { methodType: { width: 230 }, createTime: { dropOrder: 1 }, id: { dropOrder: 2 } },
  form: {
    columns: 2,
    fields: {
      connectType: { type: "radio" },
      methodType: { type: "radio" },
      address: { show: (v) => v.methodType !== "FUNCTION", required: true },
      port: { show: (v) => v.methodType !== "FUNCTION" },
      netType: { show: (v) => v.methodType !== "FUNCTION" },
      functionIdentifier: { show: (v) => v.methodType === "FUNCTION", required: true },
    },
    defaults: { connectType: "system", methodType: "BASE" },
  },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});

export const ConnectList = resourcePage(connectResource);
