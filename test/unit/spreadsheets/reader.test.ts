import { describe, expect, it } from "vitest";
import { writeZip } from "../../../workers/spreadsheets/zip";
import { SheetReadError, XlsxReader, columnIndex, columnName, type Cell } from "../../../workers/spreadsheets/xlsx-reader";
import { ElementSplitter, decodeXml } from "../../../workers/spreadsheets/xml";
import { STYLE, writeXlsx } from "../../../workers/spreadsheets/xlsx-writer";
import { xlsxOf } from "./parts";

async function rowsOf(bytes: Uint8Array, sheet = 0) {
  const r = await XlsxReader.open(bytes);
  const out: [number, Cell[]][] = [];
  await r.readRows(r.sheets[sheet]!, (row, cells) => void out.push([row, cells]));
  return { reader: r, rows: out };
}

describe("columns", () => {
  it("maps letters and indexes both ways", () => {
    for (const [n, s] of [[0, "A"], [25, "Z"], [26, "AA"], [701, "ZZ"], [702, "AAA"], [16383, "XFD"]] as const) {
      expect(columnName(n)).toBe(s);
      expect(columnIndex(`${s}12`)).toBe(n);
    }
    expect(columnIndex("__proto__")).toBe(-1);
    expect(columnIndex("12")).toBe(-1);
  });
});

describe("xml", () => {
  it("decodes entities and OOXML _xHHHH_ escapes", () => {
    expect(decodeXml("a&lt;b&gt;&amp;&quot;&apos;&#20013;&#x6587;_x000D_")).toBe("a<b>&\"'中文\r");
    expect(decodeXml("&unknown;")).toBe("&unknown;");
  });

  it("splits elements across any chunk boundary", () => {
    const xml = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><x:row r="2"/><row r="3" spans="1:2"><c r="B3" t="inlineStr"><is><t>a&gt;b</t></is></c></row></sheetData>';
    for (const size of [1, 2, 3, 7, 1000]) {
      const got: string[] = [];
      const s = new ElementSplitter("row", (e) => void got.push(e));
      for (let i = 0; i < xml.length; i += size) s.push(xml.slice(i, i + size));
      expect(got).toEqual(['<row r="1"><c r="A1"><v>1</v></c></row>', '<x:row r="2"/>', '<row r="3" spans="1:2"><c r="B3" t="inlineStr"><is><t>a&gt;b</t></is></c></row>']);
    }
  });

  it("refuses an element that never ends within the cap", () => {
    const s = new ElementSplitter("row", () => undefined, 1000);
    expect(() => s.push(`<row>${"<c><v>1</v></c>".repeat(200)}`)).toThrow(RangeError);
  });
});

describe("XlsxReader", () => {
  it("reads what the writer writes: text, numbers, odd characters, sparse cells", async () => {
    const text = ' 前后空格 <a href="x">&amp;</a>\n第二行 ';
    const bytes = await writeXlsx([
      { name: "表一", rows: [{ cells: [{ v: "名称", s: STYLE.header }, { v: 1.5 }, null, { v: text }] }, { cells: [] }, { cells: [{ v: -0.000123 }, { v: 1e21 }] }] },
      { name: "hidden", hidden: true, rows: [{ cells: [{ v: "x" }] }] },
    ]);
    const { reader, rows } = await rowsOf(bytes);
    expect(reader.sheets.map((s) => [s.name, s.hidden])).toEqual([["表一", false], ["hidden", true]]);
    expect(rows).toEqual([
      [1, [{ col: 0, value: "名称", type: "s" }, { col: 1, value: "1.5", type: "n" }, { col: 3, value: text, type: "s" }]],
      [2, []],
      [3, [{ col: 0, value: "-0.000123", type: "n" }, { col: 1, value: "1e+21", type: "n" }]],
    ]);
  });

  it("reads shared strings (rich text, phonetic runs skipped), prefixes, missing refs, booleans and errors", async () => {
    const sst = '<si><t>plain</t></si><si><r><rPr><b/></rPr><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh sb="0" eb="1"><t>フリ</t></rPh></si><si><t>__proto__</t></si>';
    const sheet = '<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="s"><x:v>0</x:v></x:c></x:row><row r="5"><c r="C5" t="b"><v>1</v></c><c r="D5" t="e"><v>#N/A</v></c><c r="E5" t="s"><v>99</v></c><c r="F5" t="s"><v>2</v></c><c r="G5" t="str"><f>A1</f><v>calc</v></c></row>';
    const { rows } = await rowsOf(await xlsxOf([{ name: "S", xml: sheet.replace(/<(\/?)x:/g, "<$1x:") }], {}, { sst }));
    expect(rows).toEqual([
      [1, [{ col: 0, value: "rich ", type: "s" }, { col: 1, value: "plain", type: "s" }]],
      [5, [{ col: 2, value: "TRUE", type: "b" }, { col: 3, value: "#N/A", type: "e" }, { col: 5, value: "__proto__", type: "s" }, { col: 6, value: "calc", type: "s" }]],
    ]);
  });

  it("knows the 1904 date system flag", async () => {
    const r = await XlsxReader.open(await xlsxOf([{ name: "S", xml: "" }], {}, { workbookPr: '<workbookPr date1904="1"/>' }));
    expect(r.date1904).toBe(true);
  });

  it("stops inflating when the row callback says so", async () => {
    const xml = Array.from({ length: 20000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join("");
    const r = await XlsxReader.open(await xlsxOf([{ name: "S", xml }]));
    let seen = 0;
    await r.readRows(r.sheets[0]!, () => ++seen < 10);
    expect(seen).toBe(10);
    // Only the first slices of a ~1 MB sheet were inflated.
    expect(r.inflatedBytes).toBeLessThan(700_000);
  });

  it("refuses zip bombs, huge string tables, non-zip and encrypted input", async () => {
    const bomb = await xlsxOf([{ name: "S", xml: `<row r="1"><c><v>1</v></c></row>${" ".repeat(5_000_000)}` }]);
    const r = await XlsxReader.open(bomb, { maxInflatedBytes: 1_000_000, maxSharedStringChars: 1e6, maxSharedStrings: 1e6 });
    await expect(r.readRows(r.sheets[0]!, () => undefined)).rejects.toMatchObject({ reason: "tooLarge" });
    const sst = await xlsxOf([{ name: "S", xml: '<row><c t="s"><v>0</v></c></row>' }], {}, { sst: "<si><t>一二三四五六七八九十</t></si>".repeat(2000) });
    const r2 = await XlsxReader.open(sst, { maxInflatedBytes: 1e9, maxSharedStringChars: 10_000, maxSharedStrings: 1e6 });
    await expect(r2.readRows(r2.sheets[0]!, () => undefined)).rejects.toBeInstanceOf(SheetReadError);
    await expect(XlsxReader.open(new TextEncoder().encode("not a zip at all"))).rejects.toMatchObject({ reason: "broken" });
    const cfb = new Uint8Array(512);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(XlsxReader.open(cfb)).rejects.toMatchObject({ reason: "encrypted" });
    await expect(XlsxReader.open(await writeZip([{ name: "a.txt", data: new TextEncoder().encode("x") }]))).rejects.toMatchObject({ reason: "broken" });
  });

  it("leaves Object.prototype alone whatever names and refs the file uses (CVE-2023-30533 shape)", async () => {
    const evil = await xlsxOf(
      [
        { name: "__proto__", xml: '<row r="1"><c r="__proto__" t="inlineStr"><is><t>polluted</t></is></c><c r="A1" t="inlineStr"><is><t>constructor</t></is></c></row>' },
        { name: "constructor", xml: '<row r="__proto__"><c r="prototype"><v>1</v></c></row>' },
      ],
      {
        "xl/comments1.xml": '<comments><authors><author>a</author></authors><commentList><comment ref="__proto__" authorId="0"><text><t>polluted</t></text></comment></commentList></comments>',
        "xl/worksheets/_rels/sheet1.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="__proto__" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="../comments1.xml"/></Relationships>',
      },
    );
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const r = await XlsxReader.open(evil);
    for (const s of r.sheets) await r.readRows(s, () => undefined);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>)["0"]).toBeUndefined();
  });
});

describe("zip timestamps", () => {
  it("stamps China time: unzip tools show DOS times as local time, and the Worker's clock is UTC", async () => {
    // 2026-11-25 23:30:10 in Beijing is 15:30:10 UTC.
    const zip = await writeZip([{ name: "a.txt", data: new TextEncoder().encode("x") }], new Date("2026-11-25T15:30:10Z"));
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    const time = view.getUint16(10, true);
    const date = view.getUint16(12, true);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([23, 30, 10]);
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 11, 25]);
  });
});
