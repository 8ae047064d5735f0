// A streaming .xlsx reader for untrusted uploads (docs/decisions/070): the zip's central directory gives random
// access to the parts, each part is inflated as a stream (zip.ts) and its XML is scanned one <row>/<si> at a
// time. Nothing parsed from the file ever becomes a key of a plain object (Maps and arrays only), comments,
// drawings and other parts are never read, and every size is capped (zip bombs, huge string tables).
import { ZipError, inflateEntry, readDirectory, type ZipEntry } from "./zip";
import { ElementSplitter, decodeXml, parseAttrs, tagEnd, walkXml } from "./xml";

export class SheetReadError extends Error {
  constructor(
    public readonly reason: "broken" | "tooLarge" | "encrypted" | "xlsTooLarge" | "suspicious",
    detail: string,
  ) {
    super(detail);
    this.name = "SheetReadError";
  }
}

export interface ReaderLimits {
  /** Total bytes inflated from all parts read (bounds CPU time against zip bombs). */
  maxInflatedBytes: number;
  /** Bytes one part may inflate to, whatever its compressed size. */
  maxPartInflatedBytes: number;
  /**
   * Inflated-to-compressed ratio a part may reach once past `ratioFloorBytes`. Spreadsheet XML deflates about
   * 5–20:1 (a 19.7 MB workbook holds 94 MB of XML); a bomb is 1000:1, so it is refused after a few MB of work.
   */
  maxRatio: number;
  ratioFloorBytes: number;
  /**
   * All parts read together may inflate to `maxRatio` × the file's size once past this floor: a part under the
   * per-part floor, read again and again (many sheets, or many sheets naming one part), is no way around the ratio.
   */
  totalRatioFloorBytes: number;
  /** Stops the work when the request that asked for it is gone. */
  signal?: AbortSignal;
  /** Characters of the shared string table held in memory. */
  maxSharedStringChars: number;
  maxSharedStrings: number;
}

export const DEFAULT_LIMITS: ReaderLimits = {
  // The largest workbook the import accepts (20 MB) was measured at 94 MB of XML in all; headroom, not 4×.
  maxInflatedBytes: 160 * 1024 * 1024,
  maxPartInflatedBytes: 128 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
  totalRatioFloorBytes: 16 * 1024 * 1024,
  maxSharedStringChars: 8 * 1024 * 1024,
  maxSharedStrings: 1_000_000,
};

/** Excel's last row: a sheet with more rows was not written by a spreadsheet program. */
const EXCEL_MAX_ROWS = 1_048_576;

export type CellType = "n" | "s" | "b" | "e" | "d";

export interface Cell {
  /** 0-based column index. */
  col: number;
  /** The value as written: numbers in their XML form, shared strings resolved. */
  value: string;
  type: CellType;
}

export interface SheetInfo {
  name: string;
  hidden: boolean;
  /** Part name inside the zip (lower case). */
  path: string;
}

export function isXlsx(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** OLE compound file (legacy .xls, or an encrypted .xlsx). */
export function isCfb(head: Uint8Array): boolean {
  const sig = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return head.length >= 8 && sig.every((b, i) => head[i] === b);
}

/** Resolve a relationship target against the folder of the part that owns it. */
function resolvePart(base: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1).toLowerCase();
  const parts = base.split("/").slice(0, -1);
  for (const seg of target.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg && seg !== ".") parts.push(seg);
  }
  return parts.join("/").toLowerCase();
}

export class XlsxReader {
  private readonly entries: Map<string, ZipEntry>;
  private inflated = 0;
  private sst: string[] | null = null;
  private sstPath: string | null = null;
  sheets: SheetInfo[] = [];
  date1904 = false;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ReaderLimits,
  ) {
    try {
      this.entries = readDirectory(bytes);
    } catch (e) {
      throw e instanceof ZipError ? new SheetReadError(e.reason, e.message) : e;
    }
  }

  /** Open an .xlsx held in memory; reads the workbook's sheet list and relationships (small parts). */
  static async open(bytes: Uint8Array, limits: Partial<ReaderLimits> = {}): Promise<XlsxReader> {
    if (!isXlsx(bytes)) throw new SheetReadError(isCfb(bytes) ? "encrypted" : "broken", "not a zip");
    const r = new XlsxReader(bytes, { ...DEFAULT_LIMITS, ...limits });
    await r.readWorkbook();
    return r;
  }

  /** Bytes inflated so far (for figures and limits). */
  get inflatedBytes(): number {
    return this.inflated;
  }

  private entry(path: string): ZipEntry | undefined {
    return this.entries.get(path.toLowerCase());
  }

  /** Inflate one part, handing decoded text to `onText` in chunks; `onText` returns false to stop. */
  private async streamPart(path: string, onText: (text: string) => boolean | void): Promise<void> {
    const e = this.entry(path);
    if (!e) throw new SheetReadError("broken", `missing part ${path}`);
    const decoder = new TextDecoder("utf-8");
    const partCap = Math.min(this.limits.maxPartInflatedBytes, Math.max(this.limits.ratioFloorBytes, e.compressedSize * this.limits.maxRatio));
    const totalCap = Math.min(this.limits.maxInflatedBytes, Math.max(this.limits.totalRatioFloorBytes, this.bytes.length * this.limits.maxRatio));
    let part = 0;
    try {
      await inflateEntry(this.bytes, e, (chunk) => {
        if (this.limits.signal?.aborted) throw new SheetReadError("broken", "request aborted");
        this.inflated += chunk.length;
        part += chunk.length;
        if (part > partCap) {
          throw new SheetReadError(part > this.limits.maxPartInflatedBytes ? "tooLarge" : "suspicious", `part ${path} inflates past ${partCap} bytes`);
        }
        if (this.inflated > totalCap) {
          throw new SheetReadError(this.inflated > this.limits.maxInflatedBytes ? "tooLarge" : "suspicious", `parts inflate past ${totalCap} bytes`);
        }
        const text = decoder.decode(chunk, { stream: true });
        return text ? onText(text) : undefined;
      });
    } catch (err) {
      if (err instanceof ZipError) throw new SheetReadError(err.reason, err.message);
      if (err instanceof RangeError) throw new SheetReadError("tooLarge", err.message);
      throw err;
    }
    const rest = decoder.decode();
    if (rest) onText(rest);
  }

  /** A small part as one string (workbook, relationships), capped. */
  private async smallPart(path: string, max = 4 * 1024 * 1024): Promise<string> {
    let out = "";
    await this.streamPart(path, (t) => {
      out += t;
      if (out.length > max) throw new SheetReadError("tooLarge", `${path} too large`);
    });
    return out;
  }

  private async relationships(ofPart: string): Promise<Map<string, { type: string; target: string }>> {
    const slash = ofPart.lastIndexOf("/");
    const relsPath = `${ofPart.slice(0, slash + 1)}_rels/${ofPart.slice(slash + 1)}.rels`;
    const out = new Map<string, { type: string; target: string }>();
    if (!this.entry(relsPath)) return out;
    walkXml(await this.smallPart(relsPath), {
      tag: (local, kind, raw) => {
        if (local !== "Relationship" || kind === "close") return;
        const a = parseAttrs(raw);
        const id = a.get("Id");
        if (id && a.get("TargetMode") !== "External") out.set(id, { type: a.get("Type") ?? "", target: resolvePart(ofPart, a.get("Target") ?? "") });
      },
      text: () => undefined,
    });
    return out;
  }

  private async readWorkbook(): Promise<void> {
    let workbookPath = "xl/workbook.xml";
    for (const rel of (await this.relationships("")).values()) if (rel.type.endsWith("/officeDocument")) workbookPath = rel.target;
    if (!this.entry(workbookPath)) throw new SheetReadError("broken", "no workbook part");
    const rels = await this.relationships(workbookPath);
    for (const rel of rels.values()) if (rel.type.endsWith("/sharedStrings")) this.sstPath = rel.target;
    walkXml(await this.smallPart(workbookPath), {
      tag: (local, kind, raw) => {
        if (kind === "close") return;
        if (local === "workbookPr") this.date1904 = /^(1|true)$/i.test(parseAttrs(raw).get("date1904") ?? "");
        if (local !== "sheet") return;
        const a = parseAttrs(raw);
        const rel = rels.get(a.get("id") ?? "");
        if (!rel || !rel.type.endsWith("/worksheet")) return;
        this.sheets.push({ name: a.get("name") ?? "", hidden: (a.get("state") ?? "visible") !== "visible", path: rel.target });
      },
      text: () => undefined,
    });
  }

  private async sharedStrings(): Promise<string[]> {
    if (this.sst) return this.sst;
    const list: string[] = [];
    let chars = 0;
    if (this.sstPath && this.entry(this.sstPath)) {
      const splitter = new ElementSplitter("si", (xml) => {
        const s = textOf(xml);
        chars += s.length;
        if (chars > this.limits.maxSharedStringChars || list.length >= this.limits.maxSharedStrings) throw new SheetReadError("tooLarge", "shared strings");
        list.push(s);
      });
      await this.streamPart(this.sstPath, (t) => splitter.push(t));
    }
    this.sst = list;
    return list;
  }

  /**
   * Stream the rows of a sheet in file order. `onRow(rowNumber, cells)` gets 1-based row numbers and the row's
   * non-empty cells; return false to stop reading (the rest of the part is never inflated). `maxColumn` (0-based)
   * lets the caller skip the cells right of the columns it maps (a grid export may carry a hundred).
   */
  async readRows(sheet: SheetInfo, onRow: (row: number, cells: Cell[]) => boolean | void, maxColumn: () => number = () => Infinity): Promise<void> {
    const sst = await this.sharedStrings();
    let lastRow = 0;
    let count = 0;
    const splitter = new ElementSplitter("row", (xml) => {
      if (++count > EXCEL_MAX_ROWS) throw new SheetReadError("tooLarge", "more rows than Excel allows");
      const parsed = parseRow(xml, lastRow, sst, maxColumn());
      if (parsed.row > EXCEL_MAX_ROWS) throw new SheetReadError("tooLarge", "row number past Excel's last row");
      lastRow = parsed.row;
      return onRow(parsed.row, parsed.cells);
    });
    await this.streamPart(sheet.path, (t) => {
      splitter.push(t);
      return !splitter.done;
    });
  }
}

/** The text of an <si> or <is>: every <t> outside phonetic runs (<rPh>). */
function textOf(xml: string): string {
  let out = "";
  let inT = false;
  let phonetic = 0;
  walkXml(xml, {
    tag: (local, kind) => {
      if (local === "rPh") phonetic += kind === "open" ? 1 : kind === "close" ? -1 : 0;
      else if (local === "t") inT = kind === "open";
    },
    text: (raw) => {
      if (inT && phonetic === 0) out += decodeXml(raw);
    },
  });
  return out;
}

/** "AB12" → 27 (0-based column); -1 when the reference is not a cell reference. */
export function columnIndex(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  if (i === 0 || col > 16384) return -1;
  return col - 1;
}

/** 0 → "A", 27 → "AB". */
export function columnName(index: number): string {
  let n = index + 1;
  let s = "";
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const ROW_NUMBER = /\sr\s*=\s*["'](\d+)["']/;
const CELL_REF = /\sr\s*=\s*["']([^"']*)["']/;
const CELL_TYPE = /\st\s*=\s*["']([^"']*)["']/;
const CELL_END = /<\/(?:[A-Za-z_][\w.-]*:)?c\s*>/g;
const VALUE = /<(?:[A-Za-z_][\w.-]*:)?v(?:\s[^>]*)?>([^<]*)<\//;
const SIMPLE_INLINE = /^\s*<(?:[A-Za-z_][\w.-]*:)?is>\s*<(?:[A-Za-z_][\w.-]*:)?t(?:\s[^>]*)?>([^<]*)<\/(?:[A-Za-z_][\w.-]*:)?t>\s*<\/(?:[A-Za-z_][\w.-]*:)?is>\s*$/;

/**
 * One <row> element → its row number and non-empty cells. A dedicated scanner (not the generic walker): this runs
 * for every row of a sheet, 35,040 times for a year of load data.
 */
function parseRow(xml: string, previousRow: number, sst: readonly string[], maxColumn = Infinity): { row: number; cells: Cell[] } {
  const startEnd = tagEnd(xml, 0);
  if (startEnd < 0) return { row: previousRow + 1, cells: [] };
  const rowMatch = ROW_NUMBER.exec(xml.slice(0, startEnd));
  const r = rowMatch ? Number(rowMatch[1]) : NaN;
  const row = Number.isInteger(r) && r > 0 && r <= 1_048_576 ? r : previousRow + 1;
  const cells: Cell[] = [];
  if (xml[startEnd - 1] === "/") return { row, cells };
  let col = -1;
  let i = startEnd + 1;
  for (;;) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) break;
    const te = tagEnd(xml, lt);
    if (te < 0) break;
    i = te + 1;
    if (xml[lt + 1] === "/" || xml[lt + 1] === "?" || xml[lt + 1] === "!") continue;
    let nameEnd = lt + 1;
    for (let ch = xml.charCodeAt(nameEnd); nameEnd < te && ch !== 32 && ch !== 47 && ch !== 62 && ch !== 9 && ch !== 10 && ch !== 13; ch = xml.charCodeAt(++nameEnd));
    const name = xml.slice(lt + 1, nameEnd);
    if (name !== "c" && !name.endsWith(":c")) continue;
    const attrs = xml.slice(nameEnd, te);
    const ref = CELL_REF.exec(attrs);
    col = ref ? columnIndex(ref[1]!) : col + 1;
    // Cells come in column order (ECMA-376 §18.3.1.4), so nothing further right is wanted either.
    if (col > maxColumn) break;
    const type = CELL_TYPE.exec(attrs)?.[1] ?? "n";
    if (xml[te - 1] === "/") continue;
    CELL_END.lastIndex = te + 1;
    const end = CELL_END.exec(xml);
    const bodyEnd = end ? end.index : xml.length;
    const body = xml.slice(te + 1, bodyEnd);
    i = end ? end.index + end[0].length : xml.length;
    if (col < 0) continue;
    let value: string | null = null;
    if (type === "inlineStr") {
      const simple = SIMPLE_INLINE.exec(body);
      value = simple ? decodeXml(simple[1]!) : textOf(body);
    } else {
      const v = VALUE.exec(body);
      if (v) value = v[1]!.includes("&") || v[1]!.includes("_x") ? decodeXml(v[1]!) : v[1]!;
    }
    if (value === null) continue;
    const cell = finishCell(col, type, value, sst);
    if (cell) cells.push(cell);
  }
  return { row, cells };
}

function finishCell(col: number, type: string, value: string, sst: readonly string[]): Cell | null {
  switch (type) {
    case "s": {
      const idx = Number(value);
      if (!Number.isInteger(idx) || idx < 0 || idx >= sst.length) return null;
      const s = sst[idx]!;
      return s === "" ? null : { col, value: s, type: "s" };
    }
    case "inlineStr":
    case "str":
      return value === "" ? null : { col, value, type: "s" };
    case "b":
      return { col, value: value.trim() === "1" ? "TRUE" : "FALSE", type: "b" };
    case "e":
      return { col, value, type: "e" };
    case "d":
      return value === "" ? null : { col, value: value.trim(), type: "d" };
    default: {
      const v = value.trim();
      return v === "" ? null : { col, value: v, type: "n" };
    }
  }
}
