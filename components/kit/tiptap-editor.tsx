"use client";

/**
 * The tiptap body of `RichTextEditor` (starter kit + images), controlled with HTML in
 * `value`/`onChange` ("" when empty). Images go through `uploadApi.upload` so the session
 * authorises them: images only, at most 20 MB each and 10 per pick, 5 s time-out (widgets §5, §9).
 * The cloud sanitises what it stores with `cloud/lib/sanitize.ts`. Import `RichTextEditor`, not
 * this module: it keeps tiptap out of the pages' first load.
 */
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { EditorContent, useEditor, useEditorState, type AnyExtension, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { BoldIcon, CodeSquareIcon, Heading1Icon, Heading2Icon, Heading3Icon, ImageIcon, ItalicIcon, LinkIcon, ListIcon, ListOrderedIcon, QuoteIcon, Redo2Icon, StrikethroughIcon, Undo2Icon } from "lucide-react";
import { apiUrl } from "@/lib/api/fetcher";
import { Code, isEnvelope } from "@/lib/contract/envelope";
import { EDITOR_IMAGE_EXTS, UPLOAD_LIMITS, checkUpload, uploadApi } from "@/lib/contract/upload";
import { fileUrl } from "@/lib/file-url";
import { cn } from "@/lib/utils";

const LIMIT = UPLOAD_LIMITS.editor;
/** Typography for the editable area (the reset stylesheet flattens headings and lists). */
const CONTENT_CLASS =
  "min-h-40 p-3 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:font-mono [&_h1]:my-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:my-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:my-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_pre]:my-2 [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * One image upload with its own 5 s time-out; fetch rather than the XHR `upload()` because an
 * abandoned upload must be aborted, not left running.
 */
async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch(apiUrl(uploadApi.upload.path, { maxMb: LIMIT.sizeMb, accept: EDITOR_IMAGE_EXTS.join(",") }), {
    method: "POST",
    body: form,
    credentials: "same-origin",
    signal: AbortSignal.timeout(LIMIT.timeoutMs),
  });
  const env: unknown = await res.json().catch(() => null);
  if (!isEnvelope(env) || env.code !== Code.OK || typeof env.data !== "string") throw new Error(isEnvelope(env) ? env.msg : "");
  return env.data;
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn("rounded p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:opacity-40", active && "bg-accent text-primary")}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, disabled, onImage }: { editor: Editor; disabled?: boolean; onImage: () => void }) {
  const t = useTranslations("widgets.editor");
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("codeBlock"),
      link: e.isActive("link"),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const headings = [
    [1, Heading1Icon, s.h1],
    [2, Heading2Icon, s.h2],
    [3, Heading3Icon, s.h3],
  ] as const;
  return (
    <div className="flex flex-wrap gap-0.5 border-b p-1" role="toolbar">
      <ToolButton label={t("bold")} active={s.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <BoldIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("italic")} active={s.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <ItalicIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("strike")} active={s.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughIcon className="size-4" />
      </ToolButton>
      {headings.map(([level, Icon, active]) => (
        <ToolButton key={level} label={t("heading", { level })} active={active} disabled={disabled} onClick={() => chain().toggleHeading({ level }).run()}>
          <Icon className="size-4" />
        </ToolButton>
      ))}
      <ToolButton label={t("bulletList")} active={s.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
        <ListIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("orderedList")} active={s.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrderedIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("blockquote")} active={s.quote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
        <QuoteIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("code")} active={s.code} disabled={disabled} onClick={() => chain().toggleCodeBlock().run()}>
        <CodeSquareIcon className="size-4" />
      </ToolButton>
      <ToolButton
        label={t("link")}
        active={s.link}
        disabled={disabled}
        onClick={() => {
          const href = window.prompt(t("linkPrompt"), editor.getAttributes("link").href ?? "https://");
          if (href === null) return;
          if (!href.trim()) chain().extendMarkRange("link").unsetLink().run();
          else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
        }}
      >
        <LinkIcon className="size-4" />
      </ToolButton>
      <ToolButton label={t("image")} disabled={disabled} onClick={onImage}>
        <ImageIcon className="size-4" />
      </ToolButton>
      <span className="mx-1 w-px self-stretch bg-border" />
      <ToolButton label={t("undo")} disabled={disabled || !s.undo} onClick={() => chain().undo().run()}>
        <Undo2Icon className="size-4" />
      </ToolButton>
      <ToolButton label={t("redo")} disabled={disabled || !s.redo} onClick={() => chain().redo().run()}>
        <Redo2Icon className="size-4" />
      </ToolButton>
    </div>
  );
}

export type RichTextEditorProps = {
  value?: string | null;
  onChange: (html: string) => void;
  disabled?: boolean;
  className?: string;
  id?: string;
  "aria-invalid"?: boolean;
  /** Nodes of a document of its own (a report template's data blocks), beside the starter kit; fixed for the editor's life. */
  extensions?: AnyExtension[];
  /** The editor once made, for a palette outside the toolbar that inserts into it. */
  onReady?: (editor: Editor) => void;
};

export function TiptapEditor({ value, onChange, disabled, className, id, "aria-invalid": invalid, extensions = [], onReady }: RichTextEditorProps) {
  const t = useTranslations("widgets");
  const input = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] } }), Image, ...extensions],
    content: value ?? "",
    editable: !disabled,
    // Server rendering has no DOM to render into; the editor appears once the page hydrates.
    immediatelyRender: false,
    editorProps: { attributes: { class: CONTENT_CLASS, ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });
  useEffect(() => editor?.setEditable(!disabled), [editor, disabled]);
  useEffect(() => {
    if (editor) onReady?.(editor);
  }, [editor, onReady]);
  // A value set from outside (form reset, loaded record) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const html = value ?? "";
    if (html !== (editor.isEmpty ? "" : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, value]);

  async function addImages(files: File[]) {
    if (!editor) return;
    if (files.length > LIMIT.files) {
      toast.warning(t("upload.tooMany", { n: LIMIT.files }));
      return;
    }
    for (const file of files) {
      const problem = checkUpload(file, { accept: EDITOR_IMAGE_EXTS, maxMb: LIMIT.sizeMb });
      if (problem) {
        toast.warning(t(`upload.${problem.key}`, problem.values));
        continue;
      }
      try {
        const path = await uploadImage(file);
        editor.chain().focus().setImage({ src: fileUrl(path), alt: file.name }).run();
      } catch (e) {
        const name = (e as Error).name;
        toast.error(name === "TimeoutError" ? t("editor.timeout") : name === "TypeError" ? t("upload.retry") : (e as Error).message || t("upload.failed"));
      }
    }
  }

  return (
    <div className={cn("overflow-hidden rounded-md border border-input bg-background focus-within:border-primary", invalid && "border-destructive", disabled && "opacity-70", className)}>
      {editor && <Toolbar editor={editor} disabled={disabled} onImage={() => input.current?.click()} />}
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={EDITOR_IMAGE_EXTS.map((e) => `.${e}`).join(",")}
        data-testid="editor-image-input"
        onChange={(e) => {
          void addImages([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <EditorContent editor={editor} className="max-h-[60vh] overflow-y-auto [&_img]:max-w-full" />
    </div>
  );
}
