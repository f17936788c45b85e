"use client";

import * as React from "react";
import { Switch } from "@/components/ui/switch";
import { Badge } from "@/components/ui/badge";
import { fileUrl } from "@/lib/file-url";
import { formatDate, formatDateTime, formatMoney, formatText } from "@/lib/format";
import { dictLabel, useDict } from "../dict/use-dict";
import type { AnyRow, KitColumn, ResourceUi, StatusTone } from "../resource/define-resource";

const get = (row: unknown, key: string | undefined) => (key ? (row as AnyRow)?.[key] : undefined);

export function DictText({ dict, value }: { dict: KitColumn["dict"]; value: unknown }) {
  const options = useDict(dict);
  const text = dictLabel(options, value);
  return <>{text || "-"}</>;
}

function StatusCell({ col, value }: { col: KitColumn; value: unknown }) {
  const options = useDict(col.dict);
  if (value === null || value === undefined || value === "") return <>-</>;
  const tone: StatusTone = col.tones?.[String(value)] ?? "default";
  return <Badge variant={tone}>{dictLabel(options, value)}</Badge>;
}

/** switch: 1 on / 2 off; switch1: 1 on / 0 off. Disabled while the call runs. */
function SwitchCell<Row extends AnyRow>({ col, row, ui, allowed }: { col: KitColumn<Row>; row: Row; ui: ResourceUi<Row>; allowed: boolean }) {
  const value = get(row, col.prop);
  const off = col.type === "switch1" ? 0 : 2;
  const [busy, setBusy] = React.useState(false);
  return (
    <Switch
      checked={Number(value) === 1}
      disabled={busy || !allowed}
      aria-label={ui.t(col.label)}
      onCheckedChange={async (checked) => {
        setBusy(true);
        try {
          const next = checked ? 1 : off;
          if (col.onToggle) await col.onToggle(row, next, ui);
          else await ui.toggle(row, next);
          await ui.refresh();
        } catch {
          /* the fetcher already showed the error; the switch stays as the server has it */
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function TreeText({ value, itemKey, childrenKey }: { value: unknown; itemKey?: string; childrenKey: string }) {
  const names: string[] = [];
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const n of nodes) {
      names.push(String(itemKey ? get(n, itemKey) : n));
      walk(get(n, childrenKey));
    }
  };
  walk(value);
  return <>{names.length ? names.join(", ") : "-"}</>;
}

/** One cell of a kit column, by type (widgets §3). */
export function KitCell<Row extends AnyRow>({ col, row, ui, allowed }: { col: KitColumn<Row>; row: Row; ui: ResourceUi<Row>; allowed: boolean }) {
  if (col.render) return <>{col.render(row, ui)}</>;
  const value = get(row, col.prop);
  switch (col.type) {
    case "click":
      return (
        <button type="button" className="block max-w-full truncate text-left text-primary hover:underline" onClick={() => (col.onClick ? col.onClick(row, ui) : ui.open("view", row))}>
          {formatText(value)}
        </button>
      );
    case "switch":
    case "switch1":
      return <SwitchCell col={col} row={row} ui={ui} allowed={allowed} />;
    case "icon":
      return <>{col.icon?.(row) ?? "-"}</>;
    case "money":
      return <span className="tabular-nums">{formatMoney(value)}</span>;
    case "date":
      return <span className="tabular-nums">{formatDate(value)}</span>;
    case "time":
      return <span className="tabular-nums">{formatDateTime(value)}</span>;
    case "timeRange":
    case "dataRange": {
      const end = get(row, col.prop2);
      const f = col.type === "timeRange" ? formatDateTime : formatText;
      return value === null || value === undefined || value === "" ? <>-</> : <span className="tabular-nums">{`${f(value)} ~ ${f(end)}`}</span>;
    }
    case "dict":
      return <DictText dict={col.dict} value={value} />;
    case "status":
      return <StatusCell col={col as KitColumn} value={value} />;
    case "arr":
      return <>{Array.isArray(value) && value.length ? value.map((v) => String(col.itemKey ? get(v, col.itemKey) : v)).join(", ") : "-"}</>;
    case "tree":
      return <TreeText value={value} itemKey={col.itemKey} childrenKey={col.childrenKey ?? "childrens"} />;
    case "image": {
      const first = Array.isArray(value) ? value[0] : value;
      return first ? <img src={fileUrl(String(first))} alt="" className="h-8 w-12 rounded object-cover" /> : <>-</>;
    }
    default:
      return <span className="break-all">{formatText(value)}</span>;
  }
}
