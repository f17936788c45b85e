"use client";

import { toast } from "@/lib/toast";
import { useTranslations } from "next-intl";
import type { ResourceUi } from "@/components/kit/resource/define-resource";
import { CatalogPicker } from "@/components/product-set/pickers";
import { call } from "@/lib/api/call";
import { prodCopyApi, type ProdCopy } from "@/lib/contract/device/product";

/** Subscribing to a platform copy (`?pick=prodCopy`); loaded after the list (`deferredDialogs`). */
export function SubscribePicker({ ui }: { ui: ResourceUi<ProdCopy> }) {
  const t = useTranslations("product.prodCopy");
  const subscribe = async (ids: (number | string)[]) => {
    await call(prodCopyApi.subscribe, { copyId: ids[0] });
    toast.success(t("subscribed"));
  };
  return <CatalogPicker kind="prodCopy" multiple={false} params={{ unsubscribed: 1 }} ui={ui} bind={subscribe} />;
}
