// Write-time and query-time tokens for Chinese full-text search (ARCHITECTURE.md "Search (Chinese)").
// Pure: no I/O, shared by the services, the seed builder, the bench and the unit tests.
//
// Index side: each CJK run becomes its overlapping bigrams plus the run's last character as a unigram
// (so every character starts some token and a one-character query can run as a prefix query);
// runs of other letters/digits are kept whole, lower-cased. Tokens are joined by spaces and stored
// in an FTS5 unicode61 table, which then only splits on those spaces.
// Query side: question words and particles (如何, 怎么, 的 …) are cut out first; a CJK run of 2+ characters
// then gives its bigrams, a single character the prefix query "电"*, a word the token "vfd". The first pass
// ANDs every token; when that finds nothing, an OR pass keeps questions holding at least half of them
// (MIN_OVERLAP) or covering half of the query's characters (bridging bigrams such as 低电 match nothing), ranked by bm25. The robot matches its knowledge base on the same tokens.

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

/** At most this many query segments are used (long queries are cut, not refused). */
export const MAX_QUERY_SEGMENTS = 8;
/** At most this many distinct tokens make a query (a pasted paragraph is cut, not refused). */
export const MAX_QUERY_TOKENS = 16;

/**
 * Question words and particles that carry no topic (如何降低电费 is about 降低电费). Removed from the query's CJK runs
 * before bigramming, longest first, so they neither have to match nor create bridging bigrams (了怎, 费的).
 * Query side only: the index keeps every bigram. Kept short on purpose: a character like 是 or 有 also starts real
 * words (是否 aside, 有功功率), so only unambiguous particles are listed.
 */
export const STOP_PHRASES = [
  "为什么", "怎么办", "怎么样", "是什么", "有什么", "有哪些", "有没有", "是不是", "能不能", "可不可以",
  "什么", "怎么", "怎样", "如何", "哪些", "哪个", "请问", "是否", "能否", "可以", "一下", "一些",
  "的", "了", "吗", "呢", "吧", "啊", "呀", "么",
].sort((a, b) => b.length - a.length);

/** A query's segments with the stop phrases cut out of its CJK runs; the plain segments when nothing else is left. */
export function querySegments(query: string): Segment[] {
  const plain = segments(query);
  const out: Segment[] = [];
  for (const s of plain) {
    if (s.kind === "word") {
      out.push(s);
      continue;
    }
    let rest = s.text;
    for (const stop of STOP_PHRASES) rest = rest.split(stop).join(" ");
    for (const part of rest.split(" ")) if (part) out.push({ kind: "cjk", text: part });
  }
  return (out.length ? out : plain).slice(0, MAX_QUERY_SEGMENTS);
}

/** A query token: a whole word, a CJK bigram, or a lone CJK character (matched as a prefix). */
export interface QueryToken {
  text: string;
  prefix: boolean;
}

/** The distinct tokens of a query, in order: words, the bigrams of each CJK run, a one-character run as a prefix. */
export function queryTokens(query: string): QueryToken[] {
  const seen = new Map<string, QueryToken>();
  const add = (t: QueryToken) => {
    if (seen.size < MAX_QUERY_TOKENS && !seen.has(t.text)) seen.set(t.text, t);
  };
  for (const s of querySegments(query)) {
    if (s.kind === "word") add({ text: s.text, prefix: false });
    else if (Array.from(s.text).length === 1) add({ text: s.text, prefix: true });
    else for (const b of bigrams(s.text)) add({ text: b, prefix: false });
  }
  return Array.from(seen.values());
}

const quote = (t: QueryToken) => `"${t.text}"${t.prefix ? "*" : ""}`;

/**
 * The FTS5 MATCH expression requiring every token of a query (the first, precise pass), or null when the query
 * has nothing searchable. Bigrams are ANDed, not phrased, so 变频器节能改造 finds 变频器的节能改造 too.
 */
export function matchExpression(query: string): string | null {
  const toks = queryTokens(query);
  return toks.length ? toks.map(quote).join(" AND ") : null;
}

/** The FTS5 MATCH expression for any of a query's tokens (the fallback pass, filtered by MIN_OVERLAP). */
export function anyMatchExpression(query: string): string | null {
  const toks = queryTokens(query);
  return toks.length > 1 ? toks.map(quote).join(" OR ") : null;
}

/** The fallback pass keeps a question only when it holds at least this share of the query's tokens. */
export const MIN_OVERLAP = 0.5;

/** How many of the query tokens occur among a document's index tokens (a prefix token: any token it starts). */
export function overlap(tokens: QueryToken[], indexed: Iterable<string>): number {
  const set = new Set(indexed);
  let n = 0;
  for (const t of tokens) {
    if (t.prefix ? [...set].some((x) => x.startsWith(t.text)) : set.has(t.text)) n++;
  }
  return n;
}

/** True when a document holding `hits` of `total` query tokens is close enough to show. */
export function enoughOverlap(hits: number, total: number): boolean {
  return total > 0 && hits >= Math.max(1, Math.ceil(total * MIN_OVERLAP));
}

/**
 * The share of the query's characters that the tokens a document holds cover. A bigram that bridges two words
 * (低电 in 降低电费) is in no document, so counting tokens alone held a question about 电费 to one third of
 * 如何降低电费; counted by characters it covers half.
 */
export function characterCoverage(tokens: QueryToken[], indexed: Iterable<string>): number {
  const set = new Set(indexed);
  const all = new Set<string>();
  const covered = new Set<string>();
  for (const t of tokens) {
    const chars = Array.from(t.text);
    for (const ch of chars) all.add(ch);
    if (t.prefix ? [...set].some((x) => x.startsWith(t.text)) : set.has(t.text)) for (const ch of chars) covered.add(ch);
  }
  return all.size ? covered.size / all.size : 0;
}

/**
 * The search's fallback rule: a document is close enough when it holds at least MIN_OVERLAP of the query's tokens
 * or its matched tokens cover at least MIN_OVERLAP of the query's characters.
 */
export function closeEnough(tokens: QueryToken[], indexed: string[]): boolean {
  return enoughOverlap(overlap(tokens, indexed), tokens.length) || characterCoverage(tokens, indexed) >= MIN_OVERLAP;
}

/** An OR expression over a text's distinct tokens (similar questions), capped to keep it cheap. */
export function anyTokenExpression(text: string, maxTokens = 16): string | null {
  const seen = new Set<string>();
  for (const s of segments(text)) {
    const toks = s.kind === "word" ? (s.text.length > 1 ? [s.text] : []) : bigrams(s.text).filter((t) => Array.from(t).length === 2);
    for (const t of toks) {
      if (seen.size >= maxTokens) break;
      seen.add(t);
    }
  }
  return seen.size ? Array.from(seen, (t) => `"${t}"`).join(" OR ") : null;
}

/** The query's tokens as highlight terms (normalised): each matched bigram is marked, so partial matches show. */
export function queryTerms(query: string): string[] {
  return queryTokens(query).map((t) => t.text);
}
