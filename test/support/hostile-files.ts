// Hostile spreadsheets built in memory (Node and workerd alike): zip bombs whose one sheet part inflates to
// hundreds of MB of a single XML comment, from a file of a few hundred KB.
import { crc32, zipOf, type PackedEntry } from "../../workers/spreadsheets/zip";
import { xlsxParts } from "../unit/spreadsheets/parts";

async function deflateStream(chunks: () => AsyncGenerator<Uint8Array>): Promise<Uint8Array> {
  const cs = new CompressionStream("deflate-raw");
  const writer = cs.writable.getWriter();
  const feeding = (async () => {
    for await (const c of chunks()) await writer.write(c as Uint8Array<ArrayBuffer>);
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(cs.readable).arrayBuffer());
  await feeding;
  return out;
}

const enc = new TextEncoder();
const packed = async (name: string, data: Uint8Array): Promise<PackedEntry> => ({
  name,
  packed: await deflateStream(async function* () {
    yield data;
  }),
  crc: crc32(data),
  size: data.length,
});

/**
 * A workbook whose first sheet is `<worksheet><sheetData>` + head + `fill` repeated until `inflatedMb` MB + tail.
 * The default is the reported file: one 200 MB comment (about 200 KB on disk).
 */
export async function sheetBomb(opts: { inflatedMb?: number; head?: string; fill?: string; tail?: string } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { inflatedMb = 200, head = "<!--", fill = "a", tail = "-->" } = opts;
  const parts = xlsxParts([{ name: "S", xml: "" }]);
  const sheetName = "xl/worksheets/sheet1.xml";
  const wrapper = new TextDecoder().decode(parts[sheetName]!).split("<sheetData>");
  const before = enc.encode(`${wrapper[0]}<sheetData>${head}`);
  const after = enc.encode(`${tail}${wrapper[1]}`);
  const block = enc.encode(fill.repeat(Math.ceil((1024 * 1024) / fill.length)).slice(0, 1024 * 1024));
  const entries: PackedEntry[] = [];
  for (const [name, data] of Object.entries(parts)) if (name !== sheetName) entries.push(await packed(name, data));
  const sheet = await deflateStream(async function* () {
    yield before;
    for (let i = 0; i < inflatedMb; i++) yield block;
    yield after;
  });
  entries.push({ name: sheetName, packed: sheet, crc: 0, size: before.length + after.length + inflatedMb * block.length });
  return zipOf(entries);
}

/**
 * A sibling of the reported bomb: `sheets` sheet parts, each one `inflatedMb` MB XML comment (by default just under
 * the 8 MB a part may inflate to whatever its ratio), listed `refs` times each in the workbook. One part is deflated
 * once and stored under every name, so the file stays small.
 */
export async function manySheetBomb(opts: { sheets?: number; refs?: number; inflatedMb?: number } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { sheets = 40, refs = 1, inflatedMb = 7.9 } = opts;
  const names = Array.from({ length: sheets * refs }, (_, i) => ({ name: `S${i + 1}`, xml: "" }));
  const parts = xlsxParts(names);
  // Point the extra references at the first `sheets` parts.
  const relsName = "xl/_rels/workbook.xml.rels";
  const rels = new TextDecoder().decode(parts[relsName]!).replace(/Target="worksheets\/sheet(\d+)\.xml"/g, (_m, n: string) => `Target="worksheets/sheet${((Number(n) - 1) % sheets) + 1}.xml"`);
  parts[relsName] = enc.encode(rels);
  const sheetOne = new TextDecoder().decode(parts["xl/worksheets/sheet1.xml"]!).split("<sheetData>");
  const before = enc.encode(`${sheetOne[0]}<sheetData><!--`);
  const after = enc.encode(`-->${sheetOne[1]}`);
  const block = enc.encode("a".repeat(64 * 1024));
  const blocks = Math.floor((inflatedMb * 1024 * 1024) / block.length);
  const packedSheet = await deflateStream(async function* () {
    yield before;
    for (let i = 0; i < blocks; i++) yield block;
    yield after;
  });
  const size = before.length + after.length + blocks * block.length;
  const entries: PackedEntry[] = [];
  for (const [name, data] of Object.entries(parts)) {
    const m = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name);
    if (!m) entries.push(await packed(name, data));
    else if (Number(m[1]) <= sheets) entries.push({ name, packed: packedSheet, crc: 0, size });
  }
  return zipOf(entries);
}
