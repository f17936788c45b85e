// The layer rules of DEVELOPERS.md as a lint rule. It resolves every specifier (`@/…` and relative ones, in
// imports, re-exports, `import()` and `vi.mock`) to a path in the repository, because a string pattern cannot
// tell `cloud/lib` from the top-level `lib/`.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

// Folders under components/ that are shared building blocks, not domains.
const shared = new Set(["kit", "ui", "charts", "maps", "shell", "video"]);

/** @type {{ from: RegExp, to: (target: string) => boolean, what: string }[]} */
const layerRules = [
  { from: /^cloud\//, to: (t) => /^(app|components)(\/|$)/.test(t), what: "cloud/ must not import app/ or components/" },
  { from: /^(app|components)\//, to: (t) => /^cloud(\/|$)/.test(t), what: "app/ and components/ must not import cloud/" },
  {
    from: /^components\/(kit|ui)\//,
    to: (t) => {
      const m = /^components\/([^/]+)(\/|$)/.exec(t);
      return !!m && !shared.has(m[1]);
    },
    what: "components/kit/ and components/ui/ must not import a domain folder of components/",
  },
  { from: /^lib\//, to: (t) => /^(app|components|cloud)(\/|$)/.test(t), what: "lib/ must not import components/, app/ or cloud/" },
];

/** Where `spec`, imported from `file`, points inside the repository, or null for a package. */
function resolveTarget(file, spec) {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join("/");
  return null;
}

const noCrossLayer = {
  meta: { type: "problem", schema: [], messages: { cross: "{{what}} (imports {{spec}})." } },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const active = layerRules.filter((r) => r.from.test(file));
    const nextOnly = /^cloud\//.test(file);
    if (active.length === 0) return {};
    const check = (node) => {
      if (!node || node.type !== "Literal" || typeof node.value !== "string") return;
      const spec = node.value;
      if (nextOnly && (spec === "next" || spec.startsWith("next/"))) {
        context.report({ node, messageId: "cross", data: { what: "cloud/ must not import next/*", spec } });
        return;
      }
      const target = resolveTarget(context.filename, spec);
      if (target === null) return;
      for (const r of active) {
        if (r.to(target)) context.report({ node, messageId: "cross", data: { what: r.what, spec } });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument?.literal ?? n.argument),
      // vi.mock("…") / vi.importActual("…") name modules too.
      CallExpression: (n) => {
        const c = n.callee;
        if (c.type === "MemberExpression" && c.object.type === "Identifier" && c.object.name === "vi") check(n.arguments[0]);
      },
    };
  },
};

export default { meta: { name: "layers" }, rules: { "no-cross-layer": noCrossLayer } };
