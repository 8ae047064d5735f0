// Page numbers are stamped after layout (page-numbers.ts): react-pdf paginates once, and every content page still
// prints "第 n 页 / 共 N 页" counted over the whole document, the cover included.
import { describe, expect, it } from "vitest";
import { pageLabel, pageNumberSlot, stampPageNumbers, type FooterPainter } from "../../../workers/reports/page-numbers";
import { motorAnswers } from "../engines/answers-fixtures";
import { docFor, pdfText } from "./pdf-text";

const style = { font: {}, size: 8, color: "#64748b" };
interface Node {
  type: string;
  props?: Record<string, unknown>;
  children?: Node[];
}
const slot: Node & { props: { paint: unknown } } = { type: "CANVAS", props: { fixed: true, paint: pageNumberSlot } };

describe("page numbers", () => {
  it("replaces each page's placeholder by a painter of that page's label, leaving other nodes alone", () => {
    const other: Node = { type: "TEXT", props: {} };
    const laid: { type: string; children: Node[] } = { type: "DOCUMENT", children: [{ type: "PAGE", children: [other] }, { type: "PAGE", children: [{ type: "VIEW", children: [slot] }] }, { type: "PAGE", children: [slot] }] };
    const { root, stamped } = stampPageNumbers(laid, style);
    expect(stamped).toBe(2);
    expect(root.children[0]!.children![0]).toBe(other);
    const drawn: string[] = [];
    const painter: FooterPainter = {
      font: () => painter,
      fillColor: () => painter,
      text: (t, _x, _y, o) => (drawn.push(`${t}@${o.width}`), painter),
    };
    const paintOf = (n: unknown) => (n as { props: { paint: (p: FooterPainter, w: number) => null } }).props.paint;
    paintOf(root.children[1]!.children![0]!.children![0]!)(painter, 500);
    paintOf(root.children[2]!.children![0]!)(painter, 500);
    expect(drawn).toEqual([`${pageLabel(2, 3)}@500`, `${pageLabel(3, 3)}@500`]);
    // The input tree is not mutated (the layout's nodes may be shared).
    expect(slot.props.paint).toBe(pageNumberSlot);
  });

  it("prints the right number on every page of a rendered report", async () => {
    const pages = (await pdfText(docFor("motor", motorAnswers()))).filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(3);
    expect(pages[0]).not.toMatch(/第 \d+ 页/);
    // pdftotext keeps or drops the label's narrow spaces depending on the page's other text.
    const squeeze = (t: string) => t.replace(/\s+/g, "");
    pages.slice(1).forEach((p, i) => expect(squeeze(p)).toContain(squeeze(pageLabel(i + 2, pages.length))));
  }, 120_000);
});
