// Write-time tokens for Chinese full-text search (ARCHITECTURE.md "Search (Chinese)", docs/decisions/022): each CJK
// run becomes its overlapping bigrams plus the run's last character as a unigram (so every character starts some
// token and a one-character query can run as a prefix query); runs of other letters/digits are kept whole,
// lower-cased. Tokens are joined by spaces and stored in FTS5 unicode61 tables, which then only split on those
// spaces. Pure: no I/O. The query side (words, synonyms, the MATCH expression) is query.ts.

/** Han (incl. extensions and compatibility), kana, hangul: scripts written without spaces. */
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\u31f0-\u31ff\uac00-\ud7af\u{20000}-\u{323af}]/u;
const WORD = /[\p{L}\p{N}]/u;
/** Inside the CJK blocks sit punctuation and symbols (゠ ・ ゛) and unassigned points: only letters, digits and marks count. */
const TOKEN_CHAR = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;

export type Segment = { kind: "cjk" | "word"; text: string };

/** Normalise one character the way both sides see it: NFKC (full-width → ASCII) and lower case. */
export function normaliseChar(ch: string): string {
  return ch.normalize("NFKC").toLowerCase();
}

/** Split text into CJK runs and word runs; everything else separates. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let kind: Segment["kind"] | null = null;
  let buf = "";
  const flush = () => {
    if (kind && buf) out.push({ kind, text: buf });
    kind = null;
    buf = "";
  };
  for (const raw of text) {
    for (const ch of normaliseChar(raw)) {
      // A combining mark joins the run before it and never starts one (NFKC turns ゛ into a space and U+3099).
      if (MARK.test(ch)) {
        if (kind) buf += ch;
        continue;
      }
      const k: Segment["kind"] | null = !TOKEN_CHAR.test(ch) ? null : CJK.test(ch) ? "cjk" : WORD.test(ch) ? "word" : null;
      if (k !== kind) flush();
      if (k) {
        kind = k;
        buf += ch;
      }
    }
  }
  flush();
  return out;
}

/** Bigrams of a CJK run (by code point). A run of one character yields itself. */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** Index tokens of a text, in order. */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const s of segments(text)) {
    if (s.kind === "word") {
      out.push(s.text);
      continue;
    }
    const chars = Array.from(s.text);
    out.push(...bigrams(s.text));
    // The last character as a unigram, so a one-character prefix query finds it at the end of a run.
    if (chars.length > 1) out.push(chars[chars.length - 1]);
  }
  return out;
}

/** The string stored in an FTS5 column. */
export function indexText(text: string): string {
  return indexTokens(text).join(" ");
}
