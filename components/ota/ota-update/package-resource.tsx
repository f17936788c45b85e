"use client";

import { defineResource, remoteOptions } from "@/components/kit";
import { lazyParts } from "@/components/kit/lazy-parts";
import { formatSize } from "@/lib/format";
import { otaApi } from "@/lib/contract/ota/api";
import { OTA_UPGRADE_TYPE } from "@/lib/contract/ota/enums";
import { otaPackage, type OtaPackage } from "@/lib/contract/ota/package";
import { multilingualField } from "@/components/kit/form/multilingual-input";

const { FirmwareField } = lazyParts(() => import("./ota-fields"), ["FirmwareField"]);
const PRODUCTS = remoteOptions(otaApi.productList, "prodName", "id");
const TENANTS = remoteOptions(otaApi.tenantList, "tenantName", "id");

/** Upgrade packages (/OTAUpdate, first tab): per product, version, module, type, file with its hashes, tenants, devices on each version. */
export const otaPackageResource = defineResource<OtaPackage>({
  entity: otaPackage,
  calls: otaApi,
  search: { items: { productId: { type: "select2", remote: PRODUCTS }, upgradeType: false, module: false } },
  columns: {
    packageName: { minWidth: 160 },
    productName: { minWidth: 140 },
    version: { width: 110 },
    module: { width: 100 },
    upgradeType: { width: 110 },
    fileName: { minWidth: 160 },
    // At 1440 px in English (issue 40) the device count, then the size give way: the package's details show both.
    // The size readable (an image of a few MB, not seven digits), the exact bytes on hover.
    fileSize: { width: 120, align: "right", dropOrder: 2, render: (r) => <span title={r.fileSize.toLocaleString()}>{formatSize(r.fileSize)}</span> },
    deviceCount: { width: 130, align: "center", dropOrder: 1 },
  },
  form: {
    columns: 2,
    width: 820,
    placeholders: ["version", "module", "fromVersion", "minMasterVersion", "tenantIds"],
    fields: {
      packageName: multilingualField,
      productId: { type: "select", remote: PRODUCTS, required: true },
      upgradeType: { type: "radio" },
      fromVersion: { show: (v) => Number(v.upgradeType) === OTA_UPGRADE_TYPE.diff, required: true },
      filePath: { type: "custom", render: (p) => <FirmwareField {...p} />, full: true, required: true },
      tenantIds: { type: "select", multiple: true, remote: TENANTS },
      versionOrder: false,
    },
    defaults: { module: "default", upgradeType: 1, tenantIds: [] },
  },
  detail: { sha256: { full: true }, md5: { full: true } },
  rowActions: ["view", "edit", "del"],
  toolbar: ["add", "batchDelete"],
});
