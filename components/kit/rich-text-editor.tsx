"use client";

import dynamic from "next/dynamic";

type RichTextEditorProps = import("./tiptap-editor").RichTextEditorProps;

/**
 * Rich-text editor, controlled with HTML in `value`/`onChange` ("" when empty). tiptap and
 * ProseMirror (≈ 240 KB gzip) load when an editor first renders, e.g. when a dialog with a
 * rich-text field opens, never with the page; until then a frame of the editor's size holds the place.
 *
 *   <RichTextEditor value={html} onChange={setHtml} />
 */
export const RichTextEditor = dynamic<RichTextEditorProps>(() => import("./tiptap-editor").then((m) => m.TiptapEditor), {
  ssr: false,
  loading: () => <EditorFrame />,
});

function EditorFrame() {
  return <div className="h-[12.25rem] animate-pulse rounded-md border border-input bg-muted/40" aria-busy="true" data-testid="editor-loading" />;
}
