// pdfkit's font() with a fontkit font object (what react-pdf passes for every text run it draws) has no cache key:
// each call opens a new EmbeddedFont (a fresh subset, glyph 0, metrics) and only then finds the one already embedded
// by comparing the two fonts' name tables through JSON.stringify. A 100-motor report draws about ten thousand runs,
// and that comparison alone was ~8 % of its render (issue 22 profile). Here each document keeps the embedded font per
// fontkit object, so a run in a font already used switches to it directly: the same object pdfkit itself would have
// picked (its name matches), so the output is byte for byte the same.
import PDFDocument from "pdfkit";

interface FontState {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  fontSize(size: number): unknown;
}

type FontMethod = (this: FontState, src: unknown, family?: unknown, size?: unknown) => unknown;

const isFontkitFont = (src: unknown): src is object => typeof src === "object" && src !== null && typeof (src as { layout?: unknown }).layout === "function";

const PATCHED = Symbol.for("energy.reports.reuseEmbeddedFonts");

/** Patch pdfkit's PDFDocument once per isolate (idempotent); returns the prototype's font method now in use. */
export function reuseEmbeddedFonts(): FontMethod {
  const proto = (PDFDocument as unknown as { prototype: { font: FontMethod & { [PATCHED]?: true } } }).prototype;
  if (proto.font[PATCHED]) return proto.font;
  const original = proto.font;
  // Per document: fontkit font → the EmbeddedFont pdfkit made for it. Dropped with the document.
  const embedded = new WeakMap<object, Map<object, unknown>>();
  const font: FontMethod & { [PATCHED]?: true } = function (this: FontState, src, family, size) {
    if (!isFontkitFont(src)) return original.call(this, src, family, size);
    // pdfkit's own argument shuffle: font(src, size).
    if (typeof family === "number") {
      size = family;
      family = null;
    }
    let fonts = embedded.get(this);
    if (!fonts) embedded.set(this, (fonts = new Map()));
    const known = fonts.get(src);
    if (known === undefined || family != null) {
      original.call(this, src, family, size);
      if (family == null) fonts.set(src, this._font);
      return this;
    }
    // What pdfkit's font() does when it finds the font already embedded under its name.
    this._fontSource = src;
    this._fontFamily = family;
    if (size != null) this.fontSize(size as number);
    this._font = known;
    return this;
  };
  font[PATCHED] = true;
  proto.font = font;
  return font;
}
