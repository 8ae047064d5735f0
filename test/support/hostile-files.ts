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
