import { Node } from "@tiptap/react";
import { BLOCK_KINDS, type BlockKind } from "@/lib/contract/report/blocks";

/**
 * A data block in the template's document: an atom written as
 * `<div data-report-block="…" data-points="…" data-warn="…" data-alarm="…"></div>` (what the cloud renders from
 * data), shown in the editor as a labelled box. `label` names it in the editor's language.
 */
export const reportBlockNode = (label: (kind: BlockKind, points: number) => string) =>
  Node.create({
    name: "reportBlock",
    group: "block",
    atom: true,
    draggable: true,
    addAttributes() {
      return {
        kind: { default: "pointTable", parseHTML: (el) => el.getAttribute("data-report-block"), renderHTML: (a) => ({ "data-report-block": a.kind }) },
        points: { default: "", parseHTML: (el) => el.getAttribute("data-points") ?? "", renderHTML: (a) => ({ "data-points": a.points }) },
        warn: { default: null, parseHTML: (el) => el.getAttribute("data-warn"), renderHTML: (a) => (a.warn === null || a.warn === "" ? {} : { "data-warn": a.warn }) },
        alarm: { default: null, parseHTML: (el) => el.getAttribute("data-alarm"), renderHTML: (a) => (a.alarm === null || a.alarm === "" ? {} : { "data-alarm": a.alarm }) },
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
        const count = String(node.attrs.points || "").split(",").filter(Boolean).length;
        dom.className = "my-2 rounded-md border border-dashed border-primary/60 bg-primary/5 px-3 py-2 text-xs font-medium text-primary";
        dom.dataset.testid = "report-block";
        const limit = (v: unknown, mark: string) => (v !== null && v !== "" ? ` · ${mark} ${v}` : "");
        dom.textContent = `${label(node.attrs.kind as BlockKind, count)}${limit(node.attrs.warn, "⚠")}${limit(node.attrs.alarm, "⛔")}`;
        return { dom };
      };
    },
  });
