// Issued invoice files are typed by their content, never by name or MIME header (as images are in image-type.ts):
// a 数电发票 comes as PDF, OFD (GB/T 33190: a ZIP package whose root holds OFD.xml) or XML. Each check looks past
// the first bytes so that a renamed file of another kind, or a truncated one, is refused.
import type { InvoiceFileType } from "../../contract/invoice";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** %PDF-1.x / %PDF-2.0 header and an %%EOF marker in the last KB (a complete file). */
function isPdf(b: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d/.test(ascii(b, 0, 8))) return false;
  return ascii(b, Math.max(0, b.length - 1024), b.length).includes("%%EOF");
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** A ZIP whose central directory lists OFD.xml at the package root (the OFD entry file). */
function isOfd(b: Uint8Array): boolean {
  if (b.length < 22 || u32(b, 0) !== 0x04034b50) return false;
  // End of central directory: signature 0x06054b50 within the last 64 KB + 22 bytes (its comment is at most 64 KB).
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--) {
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return false;
  const entries = u16(b, eocd + 10);
  let at = u32(b, eocd + 16);
  for (let n = 0; n < entries && n < 10_000; n++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) return false;
    const nameLen = u16(b, at + 28);
    const name = ascii(b, at + 46, at + 46 + nameLen);
    if (name === "OFD.xml") return true;
    at += 46 + nameLen + u16(b, at + 30) + u16(b, at + 32);
  }
  return false;
}

/** UTF-8 text starting with an XML declaration, without a DOCTYPE (no entities), whose last tag closes the root. */
function isXml(b: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return false;
  }
  const t = text.replace(/^\uFEFF/, "").trim();
  if (!t.startsWith("<?xml") || /<!DOCTYPE|<!ENTITY/i.test(t)) return false;
  const root = /<\?xml[^>]*\?>\s*(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.:-]*)/.exec(t)?.[1];
  return !!root && new RegExp(`</${root.replace(/[.]/g, "\\.")}\\s*>$`).test(t);
}

/** The invoice file's type from its content; null for anything else (or an incomplete file). */
export function invoiceFileTypeOf(bytes: Uint8Array): InvoiceFileType | null {
  if (isPdf(bytes)) return "pdf";
  if (isOfd(bytes)) return "ofd";
  if (isXml(bytes)) return "xml";
  return null;
}
