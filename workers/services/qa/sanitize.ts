// Answer HTML sanitising (ARCHITECTURE.md "UI"): xss in strict mode with a whitelist fitting the Tiptap toolbar,
// URL checks on href/src, forced target/rel on links; plus plain-text extraction for excerpts and search. Pure.
import xssDefault, { type IWhiteList } from "xss";
import { EXCERPT_LENGTH } from "../../contract/qa";
import { escapeHtml, toHex } from "../../lib/encoding";

// xss is CommonJS: its default export (module.exports) carries every helper in Node, Vite and workerd alike.
const xss = xssDefault as unknown as typeof import("xss");
const { FilterXSS, friendlyAttrValue } = xss;

const WHITELIST: IWhiteList = {
  p: [],
  br: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href"],
  img: ["src", "alt"],
  code: [],
  pre: [],
  blockquote: [],
  h3: [],
  h4: [],
};

/** Link targets: http(s), mailto, or a site-relative path (not protocol-relative "//host"). */
const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i;
/** Images only from our own file store. */
const SAFE_SRC = /^\/files\/[A-Za-z0-9/_.-]+$/;
export const LINK_REL = "nofollow ugc noopener noreferrer";


function checkedUrl(pattern: RegExp, value: string): string {
  // Decode entities and strip control/blank characters first, so "&#106;avascript:" or "java\tscript:" cannot slip by.
  // eslint-disable-next-line no-control-regex
  const decoded = friendlyAttrValue(value).replace(/[\u0000-\u0020\u007f-\u00a0\u2000-\u200f\u2028\u2029\ufeff]/g, "");
  if (!pattern.test(decoded) || decoded.includes("..")) return "";
  return escapeHtml(decoded);
}

const filter = new FilterXSS({
  whiteList: WHITELIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "svg", "math", "object", "embed", "noscript", "template", "textarea", "select"],
  allowCommentTag: false,
  css: false,
  safeAttrValue(tag, name, value) {
    if (tag === "a" && name === "href") return checkedUrl(SAFE_HREF, value);
    if (tag === "img" && name === "src") return checkedUrl(SAFE_SRC, value);
    if (name === "alt") return escapeHtml(friendlyAttrValue(value).slice(0, 200));
    return "";
  },
});

/** Sanitise answer HTML for storage and display. */
export function sanitizeAnswerHtml(html: string): string {
  let out = filter.process(html)
    // Unbalanced stripped tags (e.g. an unclosed <svg>) leave xss's markers behind; they carry nothing.
    .replace(/\[\/?removed\]/g, "");
  // Links open in a new tab without access to the opener and without passing rank (user content).
  out = out.replace(/<a( href="[^"]*")?>/g, (_m, href: string | undefined) =>
    href ? `<a${href} target="_blank" rel="${LINK_REL}">` : "<a>",
  );
  out = out.replace(/<a href>/g, "<a>");
  // An image whose src was refused carries nothing worth keeping.
  out = out.replace(/<img(?: src)?(?: alt="[^"]*")?>/g, "");
  return out.trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, body: string) => {
    if (body[0] === "#") {
      const cp = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
    }
    return ENTITIES[body.toLowerCase()] ?? m;
  });
}

/** Plain text of (sanitised) HTML: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|li|h3|h4|pre|blockquote)>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t\u00a0\u3000]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

/** True when the answer has no text and no image (an editor with only line breaks or empty tags). */
export function isEmptyAnswer(sanitizedHtml: string): boolean {
  return htmlToText(sanitizedHtml).replace(/\s/g, "") === "" && !/<img /.test(sanitizedHtml);
}

/** One-line plain-text excerpt of about EXCERPT_LENGTH characters. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : chars.slice(0, length).join("") + "…";
}

/** Text normalised for the duplicate check: NFKC, lower case, no whitespace or punctuation. */
export function normaliseForDuplicate(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]/gu, "");
}

export async function textHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(normaliseForDuplicate(text)));
  return toHex(new Uint8Array(digest).slice(0, 16));
}
