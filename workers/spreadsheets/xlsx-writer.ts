// A small styled .xlsx writer (docs/decisions/070): SpreadsheetML written as strings and zipped by zip.ts.
// It covers what the survey templates and exports need — a fixed style table (header, required header, key row,
// text/number body, title, note), column widths, frozen header rows, hidden rows and sheets, list dropdowns and
// input prompts — and nothing else.
import { writeZip } from "./zip";
import { escapeXml } from "./xml";
import { columnName } from "./xlsx-reader";

/** Style ids of the fixed style table (cellXfs order in STYLES_XML). */
export const STYLE = {
  default: 0,
  header: 1,
  headerRequired: 2,
  key: 3,
  text: 4,
  number: 5,
  title: 6,
  note: 7,
  label: 8,
} as const;

export type StyleId = (typeof STYLE)[keyof typeof STYLE];

export interface WCell {
  v: string | number;
  s?: StyleId;
}

export interface WRow {
  cells: (WCell | null | undefined)[];
  hidden?: boolean;
  /** Height in points. */
  height?: number;
}

export interface WValidation {
  /** Range, e.g. "C3:C502". */
  sqref: string;
  /** A list formula, e.g. '选项'!$A$1:$A$5; omitted for an input prompt only. */
  list?: string;
  promptTitle?: string;
  prompt?: string;
}

export interface WSheet {
  name: string;
  hidden?: boolean;
  /** Widths in characters, by column. */
  widths?: number[];
  rows: WRow[];
  /** Rows kept visible while scrolling. */
  freezeRows?: number;
  validations?: WValidation[];
  /** Style applied to whole columns (so cells a user adds below the data keep text format). */
  columnStyles?: (StyleId | undefined)[];
  merges?: string[];
}

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<fonts count="4">
<font><sz val="11"/><name val="等线"/><family val="2"/><charset val="134"/></font>
<font><b/><sz val="11"/><name val="等线"/><family val="2"/><charset val="134"/></font>
<font><sz val="9"/><color rgb="FF808080"/><name val="等线"/><family val="2"/><charset val="134"/></font>
<font><b/><sz val="14"/><name val="等线"/><family val="2"/><charset val="134"/></font>
</fonts>
<fills count="5">
<fill><patternFill patternType="none"/></fill>
<fill><patternFill patternType="gray125"/></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFDDEBF7"/><bgColor indexed="64"/></patternFill></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFFCE4D6"/><bgColor indexed="64"/></patternFill></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFF2F2F2"/><bgColor indexed="64"/></patternFill></fill>
</fills>
<borders count="2">
<border><left/><right/><top/><bottom/><diagonal/></border>
<border><left style="thin"><color rgb="FFBFBFBF"/></left><right style="thin"><color rgb="FFBFBFBF"/></right><top style="thin"><color rgb="FFBFBFBF"/></top><bottom style="thin"><color rgb="FFBFBFBF"/></bottom><diagonal/></border>
</borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="9">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="49" fontId="1" fillId="2" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment horizontal="center" vertical="center" wrapText="1"/></xf>
<xf numFmtId="49" fontId="1" fillId="3" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment horizontal="center" vertical="center" wrapText="1"/></xf>
<xf numFmtId="49" fontId="2" fillId="4" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="49" fontId="0" fillId="0" borderId="1" xfId="0" applyNumberFormat="1" applyBorder="1"/>
<xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1"/>
<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>
<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1" applyAlignment="1"><alignment vertical="top"/></xf>
</cellXfs>
<cellStyles count="1"><cellStyle name="常规" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

function cellXml(ref: string, cell: WCell): string {
  const s = cell.s ? ` s="${cell.s}"` : "";
  if (typeof cell.v === "number") {
    // Non-finite numbers have no SpreadsheetML form; they are written as text so nothing is lost silently.
    if (Number.isFinite(cell.v)) return `<c r="${ref}"${s}><v>${cell.v}</v></c>`;
    return `<c r="${ref}"${s} t="inlineStr"><is><t>${String(cell.v)}</t></is></c>`;
  }
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.v)}</t></is></c>`;
}

function attr(v: string): string {
  return escapeXml(v).replace(/\n/g, "&#10;");
}

function sheetXml(sheet: WSheet): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">',
  ];
  out.push("<sheetViews><sheetView workbookViewId=\"0\">");
  if (sheet.freezeRows) {
    const top = `A${sheet.freezeRows + 1}`;
    out.push(`<pane ySplit="${sheet.freezeRows}" topLeftCell="${top}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="${top}" sqref="${top}"/>`);
  }
  out.push("</sheetView></sheetViews><sheetFormatPr defaultRowHeight=\"15\"/>");
  const widths = sheet.widths ?? [];
  const colStyles = sheet.columnStyles ?? [];
  const ncols = Math.max(widths.length, colStyles.length);
  if (ncols) {
    out.push("<cols>");
    for (let i = 0; i < ncols; i++) {
      const w = widths[i] ?? 10;
      const st = colStyles[i];
      out.push(`<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"${st ? ` style="${st}"` : ""}/>`);
    }
    out.push("</cols>");
  }
  out.push("<sheetData>");
  sheet.rows.forEach((row, r) => {
    const attrs = `${row.hidden ? ' hidden="1"' : ""}${row.height ? ` ht="${row.height}" customHeight="1"` : ""}`;
    const cells: string[] = [];
    row.cells.forEach((cell, c) => {
      if (cell && cell.v !== "") cells.push(cellXml(`${columnName(c)}${r + 1}`, cell));
      else if (cell?.s) cells.push(`<c r="${columnName(c)}${r + 1}" s="${cell.s}"/>`);
    });
    out.push(`<row r="${r + 1}"${attrs}>${cells.join("")}</row>`);
  });
  out.push("</sheetData>");
  if (sheet.merges?.length) out.push(`<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join("")}</mergeCells>`);
  const v = sheet.validations ?? [];
  if (v.length) {
    out.push(`<dataValidations count="${v.length}">`);
    for (const d of v) {
      const type = d.list ? ' type="list"' : "";
      const prompt = d.prompt ? ` showInputMessage="1" promptTitle="${attr((d.promptTitle ?? "").slice(0, 32))}" prompt="${attr(d.prompt.slice(0, 255))}"` : "";
      const err = d.list ? ' showErrorMessage="1" errorTitle="输入有误" error="请从下拉列表中选择"' : "";
      out.push(`<dataValidation${type} allowBlank="1"${prompt}${err} sqref="${d.sqref}">${d.list ? `<formula1>${escapeXml(d.list)}</formula1>` : ""}</dataValidation>`);
    }
    out.push("</dataValidations>");
  }
  out.push('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>');
  return out.join("");
}

/** Sheet names: ≤31 characters, none of []:*?/\ (Excel's rules), unique. */
export function safeSheetName(name: string, taken: Set<string>): string {
  const base = (name.replace(/[[\]:*?/\\]/g, "_").trim() || "Sheet").slice(0, 31);
  let out = base;
  for (let i = 2; taken.has(out.toLowerCase()); i++) out = `${base.slice(0, 28)}(${i})`;
  taken.add(out.toLowerCase());
  return out;
}

/** A reference to a range on another sheet, quoted as formulas need it. */
export function sheetRange(sheetName: string, range: string): string {
  return `'${sheetName.replace(/'/g, "''")}'!${range}`;
}

const strToU8 = (s: string) => new TextEncoder().encode(s);

export async function writeXlsx(sheets: WSheet[]): Promise<Uint8Array<ArrayBuffer>> {
  // [Content_Types].xml first, as Office writes it (some readers sniff the first entry).
  const files: Record<string, Uint8Array> = { "[Content_Types].xml": new Uint8Array(0) };
  const sheetFiles: Record<string, Uint8Array> = {};
  const ct: string[] = [];
  const rels: string[] = [];
  const list: string[] = [];
  sheets.forEach((sheet, i) => {
    const n = i + 1;
    sheetFiles[`xl/worksheets/sheet${n}.xml`] = strToU8(sheetXml(sheet));
    ct.push(`<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`);
    rels.push(`<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`);
    list.push(`<sheet name="${attr(sheet.name)}" sheetId="${n}"${sheet.hidden ? ' state="hidden"' : ""} r:id="rId${n}"/>`);
  });
  const stylesId = sheets.length + 1;
  files["[Content_Types].xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${ct.join("")}</Types>`,
  );
  files["_rels/.rels"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const firstVisible = Math.max(0, sheets.findIndex((s) => !s.hidden));
  files["xl/workbook.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr/><bookViews><workbookView activeTab="${firstVisible}"/></bookViews><sheets>${list.join("")}</sheets></workbook>`,
  );
  files["xl/_rels/workbook.xml.rels"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}<Relationship Id="rId${stylesId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  );
  files["xl/styles.xml"] = strToU8(STYLES_XML);
  return writeZip(Object.entries({ ...files, ...sheetFiles }).map(([name, data]) => ({ name, data })));
}
