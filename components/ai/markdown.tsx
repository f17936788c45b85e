import * as React from "react";

/**
 * The assistant's markdown, rendered to React elements (never to HTML, so nothing in an answer can
 * run): fenced code blocks, headings, lists, quotes, paragraphs; inline code, bold and links (only
 * site paths and http(s), opened in the console's own tab for site paths).
 */
const SAFE_HREF = /^(\/(?!\/)|https?:\/\/)/i;

function inline(text: string, key: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  const re = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${i++}`;
    if (m[1]) out.push(<code key={k} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{m[1].slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong key={k}>{m[2].slice(2, -2)}</strong>);
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(m[3])!;
      out.push(
        SAFE_HREF.test(href) ? (
          <a key={k} href={href} className="text-primary underline underline-offset-2" {...(href.startsWith("/") ? { target: "_blank", rel: "noreferrer" } : { target: "_blank", rel: "noreferrer noopener" })}>
            {label}
          </a>
        ) : (
          label
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const blocks: React.ReactNode[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    const key = `b${i}`;
    if (line.startsWith("```")) {
      const lang = line.slice(3).trim();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) body.push(lines[i]);
      i++;
      blocks.push(
        <pre key={key} className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed" data-lang={lang || undefined}>
          <code>{body.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push(<p key={key} className="font-semibold">{inline(heading[2], key)}</p>);
      i++;
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const items: React.ReactNode[] = [];
      const ordered = /^\s*\d+\./.test(line);
      while (i < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length))) {
        const item = lines[i].replace(/^\s*([-*]|\d+\.)\s+/, "");
        if (/^\s{2,}>\s?/.test(lines[i])) items.push(<blockquote key={`${key}-${i}`} className="ml-1 border-l-2 pl-2 text-muted-foreground">{inline(lines[i].replace(/^\s*>\s?/, ""), `${key}-${i}`)}</blockquote>);
        else items.push(<li key={`${key}-${i}`}>{inline(item, `${key}-${i}`)}</li>);
        i++;
      }
      blocks.push(ordered ? <ol key={key} className="list-decimal space-y-1 pl-5">{items}</ol> : <ul key={key} className="list-disc space-y-1 pl-5">{items}</ul>);
      continue;
    }
    if (/^\s*>\s?/.test(line)) {
      blocks.push(<blockquote key={key} className="border-l-2 pl-3 text-muted-foreground">{inline(line.replace(/^\s*>\s?/, ""), key)}</blockquote>);
      i++;
      continue;
    }
    if (line.trim()) blocks.push(<p key={key}>{inline(line, key)}</p>);
    i++;
  }
  return <div className="space-y-2 text-sm leading-relaxed break-words">{blocks}</div>;
}
