// A small, valid PDF built by hand for the dev provider's sample invoice: one A5-landscape page of text in the
// standard CJK font STSong-Light (Adobe-GB1, UniGB-UCS2-H), which PDF viewers supply themselves, so nothing is
// embedded and the file stays a couple of KB. Byte offsets in the xref table are exact (all content is ASCII).
import { utf8 } from "../../lib/encoding";

/** UTF-16BE hex of a string, the encoding UniGB-UCS2-H expects (BMP only; others become ？). */
const ucs2Hex = (s: string) =>
  [...s].map((ch) => { const c = ch.codePointAt(0)!; return (c > 0xffff ? 0xff1f : c).toString(16).padStart(4, "0"); }).join("").toUpperCase();

export interface PdfLine {
  text: string;
  size: number;
  x: number;
  y: number;
}

export function samplePdf(lines: PdfLine[]): Uint8Array {
  const content = ["BT"].concat(lines.map((l) => `/F1 ${l.size} Tf 1 0 0 1 ${l.x} ${l.y} Tm <${ucs2Hex(l.text)}> Tj`), ["ET", "0.8 0 0 RG 2 w 30 30 535 360 re S"]).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 420] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 >>",
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 626 /StemV 80 >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return utf8(out);
}
