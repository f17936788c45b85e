import type { DeviceTreeNode } from "@/lib/contract/device/device";

/**
 * The device tree of widgets §2 (products with their devices as `subItem`), flattened to pickable
 * devices. Apart from the pickers: the alarm rule form's device select reads it without a dialog.
 */
export function deviceRowsOf(data: unknown): Record<string, unknown>[] {
  const products = Array.isArray(data) ? (data as DeviceTreeNode[]) : [];
  return products.flatMap((p) => (p.subItem ?? []).map((d) => ({ id: d.id, deviceName: d.name, deviceSn: d.sn ?? "", prodName: p.name, productId: p.productId })));
}
