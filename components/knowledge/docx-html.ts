/**
 * A Word document (.docx) as HTML that is safe to put in the page: mammoth converts it in the
 * browser, sanitize-html keeps only structure, text, tables, links to http(s) / mail / the
 * document's own anchors and inline images (mammoth writes them as data URIs). Both libraries
 * load with the first docx opened, not with the knowledge screen.
 */
export async function docxHtml(data: ArrayBuffer): Promise<string> {
  const [{ default: mammoth }, { default: sanitizeHtml }] = await Promise.all([import("mammoth"), import("sanitize-html")]);
  // Prefixed ids: a footnote or bookmark cannot take the name of one of the page's own elements.
  const { value } = await mammoth.convertToHtml({ arrayBuffer: data }, { idPrefix: "docx-" });
  return sanitizeHtml(value, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
    allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"], "*": ["id"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["data"] },
    // Links out of the document open apart, without the opener; its own anchors stay in place.
    transformTags: {
      a: (tagName, attribs) => (attribs.href?.startsWith("#") ? { tagName, attribs } : { tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }),
    },
  });
}
