// Highlight search matches in plain text: HTML-escaped output with <em> around every match. Pure.
import { escapeHtml } from "../../lib/encoding";
import { normaliseChar } from "./search-tokens";
import { highlightWords, queryTerms } from "./query";

export { escapeHtml };

/**
 * Wrap each occurrence of the query's words (or the given words: a search's terms with their synonyms) in <em>.
 * Matching runs on the same normalisation as the index (NFKC, lower case), mapped back to the original characters
 * so the text shown is unchanged.
 */
export function highlight(text: string, query: string | readonly string[]): string {
  const terms = (typeof query === "string" ? (query ? highlightWords(queryTerms(query)) : []) : query).filter(Boolean);
  if (!terms.length || !text) return escapeHtml(text);
  // Normalised string plus, per normalised UTF-16 unit, the index of the original code point.
  const original = Array.from(text);
  let norm = "";
  const owner: number[] = [];
  original.forEach((ch, i) => {
    const n = normaliseChar(ch);
    norm += n;
    for (let k = 0; k < n.length; k++) owner.push(i);
  });
  const marked = new Array<boolean>(original.length).fill(false);
  for (const term of terms) {
    let from = 0;
    for (;;) {
      const at = norm.indexOf(term, from);
      if (at < 0) break;
      for (let k = at; k < at + term.length; k++) marked[owner[k]] = true;
      from = at + term.length;
    }
  }
  let out = "";
  let open = false;
  original.forEach((ch, i) => {
    if (marked[i] && !open) {
      out += "<em>";
      open = true;
    } else if (!marked[i] && open) {
      out += "</em>";
      open = false;
    }
    out += escapeHtml(ch);
  });
  if (open) out += "</em>";
  return out;
}
