// Hand-written xlsx packages for reader tests: the parts other producers write (prefixes, rich text, 1904 dates…).
import { writeZip } from "../../../workers/spreadsheets/zip";

const strToU8 = (s: string) => new TextEncoder().encode(s);

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export async function xlsxOf(sheets: { name: string; xml: string; state?: string }[], extra: Record<string, string> = {}, opts: { sst?: string; workbookPr?: string } = {}) {
  return writeZip(Object.entries(xlsxParts(sheets, extra, opts)).map(([name, data]) => ({ name, data })));
}

/** The parts of a minimal workbook by name (sheet XML wrapped in <worksheet><sheetData>). */
export function xlsxParts(sheets: { name: string; xml: string; state?: string }[], extra: Record<string, string> = {}, opts: { sst?: string; workbookPr?: string } = {}) {
  const files: Record<string, Uint8Array> = {};
  const rels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
  if (opts.sst !== undefined) rels.push(`<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="/xl/sharedStrings.xml"/>`);
  files["_rels/.rels"] = strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  files["xl/workbook.xml"] = strToU8(
    `<?xml version="1.0"?><workbook ${NS}>${opts.workbookPr ?? ""}<sheets>${sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ""} r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
  );
  files["xl/_rels/workbook.xml.rels"] = strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`);
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(`<?xml version="1.0"?><worksheet ${NS}><sheetData>${s.xml}</sheetData></worksheet>`)));
  if (opts.sst !== undefined) files["xl/sharedStrings.xml"] = strToU8(`<?xml version="1.0"?><sst ${NS}>${opts.sst}</sst>`);
  for (const [k, v] of Object.entries(extra)) files[k] = strToU8(v);
  return files;
}
