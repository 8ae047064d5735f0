// "第 n 页 / 共 N 页" without react-pdf's second pagination round. A footer drawn by a render prop makes the
// paginator run twice (the first round only counts the pages: issue 22 profile, a quarter of a 100-motor render).
// Instead the footer is a fixed <Canvas> whose paint is a placeholder; once the document is laid out (page count
// known), each page's placeholder is replaced by a painter that draws that page's own label with pdfkit.

/** The footer canvas's paint before layout; stampPageNumbers replaces it on every laid-out page. */
export function pageNumberSlot(): null {
  return null;
}

export const pageLabel = (pageNumber: number, totalPages: number): string => `第 ${pageNumber} 页 / 共 ${totalPages} 页`;

/** The subset of react-pdf's canvas painter (pdfkit's methods) the footer uses. */
export interface FooterPainter {
  font(src: unknown, size?: number): FooterPainter;
  fillColor(color: string): FooterPainter;
  text(text: string, x: number, y: number, options: { width: number; align: "center"; lineBreak: boolean }): FooterPainter;
}

export interface FooterStyle {
  /** The fontkit font react-pdf lays the document out with (regular weight). */
  font: unknown;
  size: number;
  color: string;
}

interface LaidOutNode {
  type: string;
  props?: { paint?: unknown } & Record<string, unknown>;
  children?: LaidOutNode[];
}

/** A painter drawing one page's label, centred in the canvas. */
export const footerPaint = (label: string, style: FooterStyle) => (painter: FooterPainter, width: number) => {
  painter.font(style.font, style.size).fillColor(style.color).text(label, 0, 0, { width, align: "center", lineBreak: false });
  return null;
};

/**
 * The laid-out document with every page-number placeholder replaced by its page's painter (page numbers count every
 * page, the cover included). Returns how many placeholders were stamped, so the caller can tell a footer was drawn.
 */
export function stampPageNumbers<T extends { children?: LaidOutNode[] }>(root: T, style: FooterStyle): { root: T; stamped: number } {
  const pages = root.children ?? [];
  let stamped = 0;
  const stamp = (node: LaidOutNode, label: string): LaidOutNode => {
    if (node.props?.paint === pageNumberSlot) {
      stamped++;
      return { ...node, props: { ...node.props, paint: footerPaint(label, style) } };
    }
    if (!node.children) return node;
    return { ...node, children: node.children.map((c) => stamp(c, label)) };
  };
  const children = pages.map((page, i) => stamp(page, pageLabel(i + 1, pages.length)));
  return { root: { ...root, children }, stamped };
}
