// Tiny XML helpers for SpreadsheetML: escaping for the writer, entity decoding and a tag walker for the reader.
// The reader never builds a DOM; it walks one small element (a <row> or an <si>) at a time.

// Characters XML 1.0 forbids (C0 controls except tab/newline/return, lone surrogates are left to the encoder).
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, "").replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"));
}

const NAMED: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["quot", '"'],
  ["apos", "'"],
]);

/** XML entities, then OOXML's _xHHHH_ escapes (used for control characters such as _x000D_). */
export function decodeXml(text: string): string {
  let out = text;
  if (out.includes("&")) {
    out = out.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
      if (body[0] === "#") {
        const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return NAMED.get(body) ?? whole;
    });
  }
  if (out.includes("_x")) out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/** Attributes of a start tag, keyed by their name without a namespace prefix. A Map: names such as __proto__ stay inert. */
export function parseAttrs(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const name = m[1]!;
    const local = name.slice(name.indexOf(":") + 1);
    out.set(local, decodeXml(m[3] ?? m[4] ?? ""));
  }
  return out;
}

export type TagKind = "open" | "close" | "empty";

export interface WalkHandler {
  tag(local: string, kind: TagKind, attrs: string): void;
  text(raw: string): void;
}

/** Walk the tags and text of a small, complete XML fragment. Comments, processing instructions and CDATA are handled. */
export function walkXml(xml: string, h: WalkHandler): void {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) {
      h.text(xml.slice(i));
      return;
    }
    if (lt > i) h.text(xml.slice(i, lt));
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      const body = xml.slice(lt + 9, end < 0 ? n : end);
      // Hand CDATA on as already-escaped text so the caller's decoding leaves it as written.
      h.text(escapeXml(body));
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (xml[lt + 1] === "?" || xml[lt + 1] === "!") {
      const end = xml.indexOf(">", lt);
      i = end < 0 ? n : end + 1;
      continue;
    }
    const end = tagEnd(xml, lt);
    if (end < 0) return;
    const closing = xml[lt + 1] === "/";
    const inner = xml.slice(lt + (closing ? 2 : 1), xml[end - 1] === "/" ? end - 1 : end);
    const nameEnd = inner.search(/[\s/>]|$/);
    const name = inner.slice(0, nameEnd);
    const local = name.slice(name.indexOf(":") + 1);
    h.tag(local, closing ? "close" : xml[end - 1] === "/" ? "empty" : "open", inner.slice(nameEnd));
    i = end + 1;
  }
}

/** Index of the ">" ending the tag that starts at `lt`, skipping quoted attribute values; -1 when incomplete. */
export function tagEnd(xml: string, lt: number): number {
  let quote = "";
  for (let i = lt + 1; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return -1;
}

/** End (exclusive) of the closing tag `</qname>` (whitespace allowed before ">") at or after `from`; -1 if absent. */
function closeOf(xml: string, qname: string, from: number): number {
  const needle = `</${qname}`;
  for (let i = xml.indexOf(needle, from); i >= 0; i = xml.indexOf(needle, i + 1)) {
    let j = i + needle.length;
    while (j < xml.length && (xml[j] === " " || xml[j] === "\t" || xml[j] === "\n" || xml[j] === "\r")) j++;
    if (j >= xml.length) return -1;
    if (xml[j] === ">") return j + 1;
  }
  return -1;
}

/**
 * Splits a stream of XML text into complete elements of one local name (e.g. every <row> of a sheet), so a
 * sheet of any size is parsed holding one element at a time. `onElement` returns false to stop early.
 */
/** Whitespace allowed between a close tag's name and its ">" when the tag is split across chunks. */
const CLOSE_TAG_SPACE = 256;

export class ElementSplitter {
  private buf = "";
  private stopped = false;
  /**
   * While an element's start tag is complete but its close tag has not arrived, its text is kept as a list of
   * chunks and only the new chunk (plus a short tail of the old) is searched: a row of megabytes streamed in small
   * chunks costs linear time, never a rescan or a copy per chunk.
   */
  private open: { qname: string; parts: string[]; length: number; tail: string } | null = null;
  private readonly start: RegExp;
  /** The longest text that can be the beginning of a start tag split across chunks ("<x:row"): anything else is dropped. */
  private readonly maxTagHead: number;

  constructor(
    local: string,
    private readonly onElement: (xml: string) => boolean | void,
    private readonly maxElementChars = 8 * 1024 * 1024,
    /** A start tag longer than this is not a spreadsheet's (a row's attributes are a few dozen characters). */
    private readonly maxStartTagChars = 64 * 1024,
  ) {
    this.start = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${local}(?=[\\s/>])`, "g");
    this.maxTagHead = 1 + 64 + 1 + local.length + 1;
  }

  get done(): boolean {
    return this.stopped;
  }

  /**
   * Characters handed to a search so far: the work the splitter did. Tests bound it against the input's length
   * (linear, never a rescan per chunk) instead of timing the splitter on a busy machine.
   */
  scannedChars = 0;

  push(text: string): void {
    if (this.stopped) return;
    if (this.open) {
      const o = this.open;
      const window = o.tail + text;
      this.scannedChars += window.length;
      const c = closeOf(window, o.qname, 0);
      if (c < 0) {
        o.parts.push(text);
        o.length += text.length;
        if (o.length > this.maxElementChars) throw new RangeError("element too large");
        o.tail = window.slice(-(o.qname.length + 2 + CLOSE_TAG_SPACE));
        return;
      }
      const cut = c - o.tail.length;
      o.parts.push(text.slice(0, cut));
      this.open = null;
      this.buf = text.slice(cut);
      if (this.onElement(o.parts.join("")) === false) {
        this.stopped = true;
        this.buf = "";
        return;
      }
      this.scan();
      return;
    }
    this.buf = this.buf ? this.buf + text : text;
    this.scannedChars += this.buf.length;
    this.scan();
  }

  /** Emit every complete element in `buf`; keep the incomplete one (or a possible tag head) for the next chunk. */
  private scan(): void {
    let pos = 0;
    for (;;) {
      this.start.lastIndex = pos;
      const s = this.start.exec(this.buf);
      if (!s) {
        // Text with no element in it (a 200 MB comment) is dropped as it streams instead of growing and being
        // rescanned: only a bounded tail that could begin a start tag split across chunks is kept.
        const lt = this.buf.lastIndexOf("<");
        this.buf = lt >= pos && this.buf.length - lt <= this.maxTagHead ? this.buf.slice(lt) : "";
        return;
      }
      const gt = tagEnd(this.buf, s.index);
      if (gt < 0) {
        if (this.buf.length - s.index > this.maxStartTagChars) throw new RangeError("start tag too large");
        this.buf = this.buf.slice(s.index);
        return;
      }
      let end: number;
      if (this.buf[gt - 1] === "/") end = gt + 1;
      else {
        const qname = s[0].slice(1);
        const c = closeOf(this.buf, qname, gt + 1);
        if (c < 0) {
          const element = this.buf.slice(s.index);
          if (element.length > this.maxElementChars) throw new RangeError("element too large");
          const tailFrom = Math.max(gt + 1 - s.index, element.length - (qname.length + 2 + CLOSE_TAG_SPACE));
          this.open = { qname, parts: [element], length: element.length, tail: element.slice(tailFrom) };
          this.buf = "";
          return;
        }
        end = c;
      }
      if (this.onElement(this.buf.slice(s.index, end)) === false) {
        this.stopped = true;
        this.buf = "";
        return;
      }
      pos = end;
    }
  }
}
