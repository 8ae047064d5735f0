// The zip container of .xlsx files, on the platform's own deflate (CompressionStream / DecompressionStream with
// "deflate-raw", native in workerd and Node): reading entries by the central directory, inflating one entry as a
// stream of chunks, and writing a package. Measured several times faster than a JavaScript deflate (docs/decisions/070).

import { chinaParts } from "../lib/china-time";

export class ZipError extends Error {
  constructor(
    public readonly reason: "broken" | "encrypted",
    detail: string,
  ) {
    super(detail);
    this.name = "ZipError";
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

/** Compressed bytes handed to the inflater at once. */
const SLICE = 64 * 1024;

/**
 * Inflated bytes between two turns of the event loop. Native inflate resolves its reads as microtasks, so without a
 * macrotask turn a long read would keep the isolate's other requests, timers and the request's own abort event (a
 * client gone away) waiting until the whole part is done.
 */
const YIELD_EVERY = 1024 * 1024;

/**
 * Only in workerd. Node (unit tests, the bench) has no other requests to serve, and its DecompressionStream adapter,
 * given a turn, keeps pushing output and throws an uncaught ERR_INVALID_STATE when the read is then cancelled.
 */
const YIELDS = typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function u16(b: Uint8Array, o: number) {
  return b[o]! | (b[o + 1]! << 8);
}
function u32(b: Uint8Array, o: number) {
  return (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
}

/** Entries by lower-case name (OOXML part names are case-insensitive); a Map, so no name is ever an object key. */
export function readDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const min = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("broken", "no end of central directory");
  const count = u16(bytes, eocd + 10);
  let p = u32(bytes, eocd + 16);
  if (count === 0xffff || p === 0xffffffff) throw new ZipError("broken", "zip64 is not expected in a 20 MB file");
  const entries = new Map<string, ZipEntry>();
  const utf8 = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== 0x02014b50) throw new ZipError("broken", "bad central directory");
    const nameLen = u16(bytes, p + 28);
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLen)).replace(/^\/+/, "").toLowerCase();
    entries.set(name, { name, flags: u16(bytes, p + 8), method: u16(bytes, p + 10), compressedSize: u32(bytes, p + 20), localOffset: u32(bytes, p + 42) });
    p += 46 + nameLen + u16(bytes, p + 30) + u16(bytes, p + 32);
  }
  return entries;
}

/** The compressed bytes of an entry (located through its local header). */
function entryData(bytes: Uint8Array, e: ZipEntry): Uint8Array {
  if (e.flags & 1) throw new ZipError("encrypted", "encrypted entry");
  const lo = e.localOffset;
  if (lo + 30 > bytes.length || u32(bytes, lo) !== 0x04034b50) throw new ZipError("broken", "bad local header");
  const start = lo + 30 + u16(bytes, lo + 26) + u16(bytes, lo + 28);
  if (start + e.compressedSize > bytes.length) throw new ZipError("broken", "truncated entry");
  return bytes.subarray(start, start + e.compressedSize);
}

/**
 * Inflate one entry chunk by chunk. `onChunk` returns false to stop (the rest is never inflated) and may throw to
 * abort (size limits). Resolves when the entry ends or was stopped.
 */
export async function inflateEntry(bytes: Uint8Array, e: ZipEntry, onChunk: (chunk: Uint8Array) => boolean | void): Promise<void> {
  const data = entryData(bytes, e);
  let sinceTurn = 0;
  if (e.method === 0) {
    for (let p = 0; p < data.length; p += SLICE) {
      if (onChunk(data.subarray(p, p + SLICE)) === false) return;
      if (YIELDS && (sinceTurn += SLICE) >= YIELD_EVERY) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
    return;
  }
  if (e.method !== 8) throw new ZipError("broken", `compression method ${e.method}`);
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feeding = (async () => {
    for (let p = 0; p < data.length; p += SLICE) await writer.write(data.slice(p, p + SLICE));
    await writer.close();
  })().catch(() => undefined);
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (err) {
        throw new ZipError("broken", `inflate: ${String((err as Error)?.message ?? err)}`);
      }
      if (next.done) break;
      if (onChunk(next.value) === false) break;
      if (YIELDS && (sinceTurn += next.value.length) >= YIELD_EVERY) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    await writer.abort().catch(() => undefined);
    await feeding;
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function deflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A zip entry whose data is already deflated (raw deflate), with the CRC and size of the inflated data. */
export interface PackedEntry {
  name: string;
  packed: Uint8Array;
  crc: number;
  size: number;
}

/** Write a zip of the given files (deflated), in the given order. */
export async function writeZip(files: { name: string; data: Uint8Array }[], now = new Date()): Promise<Uint8Array<ArrayBuffer>> {
  const entries: PackedEntry[] = [];
  for (const f of files) entries.push({ name: f.name, packed: await deflateRaw(f.data), crc: crc32(f.data), size: f.data.length });
  return zipOf(entries, now);
}

/** Lay out deflated entries as a zip file (local headers, data, central directory, end record). */
export function zipOf(files: PackedEntry[], now = new Date()): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  // DOS times have no zone and unzip tools show them as local time: stamp China time (the Worker's clock is UTC).
  const t = chinaParts(now)!;
  const time = ((t.hour << 11) | (t.minute << 5) | (t.second >> 1)) & 0xffff;
  const date = (((t.year - 1980) << 9) | (t.month << 5) | t.day) & 0xffff;
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const f of files) {
    const name = enc.encode(f.name);
    const { packed, crc } = f;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true); // UTF-8 names
    lv.setUint16(8, 8, true);
    lv.setUint16(10, time, true);
    lv.setUint16(12, date, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, f.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, 8, true);
    cv.setUint16(12, time, true);
    cv.setUint16(14, date, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, packed.length, true);
    cv.setUint32(24, f.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cd.set(name, 46);
    parts.push(local, packed);
    central.push(cd);
    offset += local.length + packed.length;
  }
  const cdSize = central.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, files.length, true);
  ev.setUint16(10, files.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + 22);
  let p = 0;
  for (const part of [...parts, ...central, end]) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}
