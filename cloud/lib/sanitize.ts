import sanitizeHtml from "sanitize-html";

/**
 * The one sanitiser for HTML that users write (rich-text fields): an allow-list of what the
 * console's editor produces, links forced to open safely, images only from http(s) or our own
 * file paths. Everything else (scripts, handlers, styles, iframes, data: URLs) is dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "hr", "strong", "b", "em", "i", "s", "strike", "del", "u", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "a", "img", "span", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : "";
}

/** A report template's HTML: the rich-text allow-list plus the data blocks' tags (`lib/contract/report/blocks.ts`). */
const TEMPLATE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), "div"],
  allowedAttributes: { ...OPTIONS.allowedAttributes, div: ["data-report-block", "data-points", "data-warn", "data-alarm", "data-devices", "data-curves", "data-scene"] },
};

export function sanitizeReportTemplate(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, TEMPLATE_OPTIONS) : "";
}
