import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const has = (cmd: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
/** Whether the tools that read a produced file are installed (Debian's poppler-utils and unzip). */
export const HAS_PDFTOTEXT = has("pdftotext");
export const HAS_UNZIP = has("unzip");

function withFile<T>(bytes: Uint8Array, name: string, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "report-"));
  try {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF's text, as `pdftotext` reads it. */
export const pdfText = (bytes: Uint8Array) => withFile(bytes, "r.pdf", (p) => execFileSync("pdftotext", ["-layout", p, "-"], { encoding: "utf8" }));
/** The text of a .docx's body: its `word/document.xml` with the tags dropped. */
export const docxText = (bytes: Uint8Array) => withFile(bytes, "r.docx", (p) => execFileSync("unzip", ["-p", p, "word/document.xml"], { encoding: "utf8", maxBuffer: 64 << 20 }).replace(/<[^>]+>/g, " "));
