import { Node } from "@tiptap/react";
import { BLOCK_KINDS, type BlockKind } from "@/lib/contract/report/blocks";

/** What the editor's box of a block says: its kind and what it shows. */
export type BlockSummary = { kind: BlockKind; points: number; devices: number; curves: number | null; scene: number | null };

const count = (v: unknown) => String(v || "").split(",").filter(Boolean).length;
const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
/** An optional attribute written as `data-<name>` when set. */
const optional = (name: string) => ({
  default: null,
  parseHTML: (el: HTMLElement) => el.getAttribute(`data-${name}`),
  renderHTML: (a: Record<string, unknown>) => (a[name] === null || a[name] === "" ? {} : { [`data-${name}`]: a[name] }),
});

/**
 * A data block in the template's document: an atom written as
 * `<div data-report-block="…" data-points="…" data-warn="…" data-alarm="…" data-devices="…" data-curves="…" data-scene="…"></div>`
 * (what the cloud renders from data), shown in the editor as a labelled box. `label` names it in the editor's language.
 */
export const reportBlockNode = (label: (block: BlockSummary) => string) =>
  Node.create({
    name: "reportBlock",
    group: "block",
    atom: true,
    draggable: true,
    addAttributes() {
      return {
        kind: { default: "pointTable", parseHTML: (el) => el.getAttribute("data-report-block"), renderHTML: (a) => ({ "data-report-block": a.kind }) },
        points: { default: "", parseHTML: (el) => el.getAttribute("data-points") ?? "", renderHTML: (a) => ({ "data-points": a.points }) },
        warn: optional("warn"),
        alarm: optional("alarm"),
        devices: optional("devices"),
        curves: optional("curves"),
        scene: optional("scene"),
      };
    },
    parseHTML() {
      return [{ tag: "div[data-report-block]", getAttrs: (el) => ((BLOCK_KINDS as readonly string[]).includes((el as HTMLElement).getAttribute("data-report-block") ?? "") ? null : false) }];
    },
    renderHTML({ HTMLAttributes }) {
      return ["div", HTMLAttributes];
    },
    addNodeView() {
      return ({ node }) => {
        const dom = document.createElement("div");
        const a = node.attrs;
        dom.className = "my-2 rounded-md border border-dashed border-primary/60 bg-primary/5 px-3 py-2 text-xs font-medium text-primary";
        dom.dataset.testid = "report-block";
        const limit = (v: unknown, mark: string) => (v !== null && v !== "" ? ` · ${mark} ${v}` : "");
        dom.textContent = `${label({ kind: a.kind as BlockKind, points: count(a.points), devices: count(a.devices), curves: num(a.curves), scene: num(a.scene) })}${limit(a.warn, "⚠")}${limit(a.alarm, "⛔")}`;
        return { dom };
      };
    },
  });
