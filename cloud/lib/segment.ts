/**
 * Search tokens for PostgreSQL's `simple` full-text configuration, which does not segment Chinese:
 * a run of CJK characters becomes its overlapping bigrams (沉降 is a token of 累计沉降), other text
 * its lower-case words. The same function makes the stored text and the query, so they agree.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Question words that match everything and say nothing about the subject: cut out before segmenting, so no bigram straddles them. */
const STOP_PHRASES = /为什么|怎么样|怎么|什么|如何|哪些|请问|是否|可以|一下|关于|有没有|吗|呢|的|了/g;
const STOP_WORDS = new Set(["the", "a", "an", "of", "to", "is", "are", "how", "what", "and", "or", "in", "for", "on", "do", "does"]);

export function segment(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(CJK) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  for (const w of text.replace(CJK, " ").toLowerCase().match(WORD) ?? []) if (w.length > 1 || /\d/.test(w)) out.push(w.slice(0, 40));
  return out;
}

/** The stored search text: every token once. */
export const searchTextOf = (...parts: (string | null | undefined)[]) => [...new Set(segment(parts.filter(Boolean).join(" ")))].join(" ");

/**
 * A `to_tsquery('simple', …)` for a question: any of its tokens (ranked by how many match), stop
 * words left out; a lone CJK character matches as a prefix. Null when nothing is left to search.
 */
export function tsQueryOf(question: string): string | null {
  const tokens = [...new Set(segment(question.replace(STOP_PHRASES, " ")))].filter((t) => !STOP_WORDS.has(t));
  if (!tokens.length) return null;
  return tokens.map((t) => (t.length === 1 ? `${t}:*` : t).replace(/[^\p{L}\p{N}:*]/gu, "")).filter(Boolean).join(" | ") || null;
}
