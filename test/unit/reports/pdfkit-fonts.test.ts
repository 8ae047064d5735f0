// pdfkit's font() with a fontkit object reuses the font already embedded in the document (pdfkit-fonts.ts): no new
// EmbeddedFont per text run, the same font object and size as pdfkit itself would end up with.
import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { reuseEmbeddedFonts } from "../../../workers/reports/pdfkit-fonts";

const REGULAR = "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";
const BOLD = "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf";

interface Doc {
  font(src: unknown, family?: unknown, size?: number): Doc;
  _font: { name: string; id: string };
  _fontSize: number;
  _fontCount: number;
}

describe("pdfkit embedded font reuse", () => {
  const regular = fontkit.create(readFileSync(REGULAR));
  const bold = fontkit.create(readFileSync(BOLD));
  const newDoc = () => new (PDFDocument as unknown as new (o: object) => Doc)({ autoFirstPage: false });

  it("switches to the font already embedded instead of opening it again for every run", () => {
    reuseEmbeddedFonts();
    const doc = newDoc();
    const opened = doc._fontCount; // Helvetica, pdfkit's default
    doc.font(regular, 7.8);
    const first = doc._font;
    for (let i = 0; i < 50; i++) doc.font(regular, 9 + (i % 3));
    expect(doc._font).toBe(first);
    expect(doc._fontSize).toBe(10);
    // Before: one EmbeddedFont (a subset, metrics, a name-table comparison) per call, 51 here.
    expect(doc._fontCount).toBe(opened + 1);
    doc.font(bold, 13);
    expect(doc._font).not.toBe(first);
    expect(doc._font.name).toBe("NotoSansSC-Bold");
    doc.font(regular, 8);
    expect(doc._font).toBe(first);
    expect(doc._fontCount).toBe(opened + 2);
    // Standard fonts by name still go through pdfkit's own path.
    doc.font("Helvetica", 8);
    expect(doc._font.name).toBe("Helvetica");
  });

  it("keeps each document's fonts to itself and installs once", () => {
    expect(reuseEmbeddedFonts()).toBe(reuseEmbeddedFonts());
    const a = newDoc().font(regular, 8)._font;
    const b = newDoc().font(regular, 8)._font;
    expect(a).not.toBe(b);
  });
});
