// react-pdf's pdf().toBlob(), in its three steps, so the laid-out document can be touched between layout and
// drawing: element → react-pdf's node tree (its own reconciler) → layout (yoga, textkit, paginator) → the page
// numbers stamped (page-numbers.ts) → pdfkit. The PDFDocument options are the ones pdf() passes.
import * as ReactPdf from "@react-pdf/renderer";
import type { DocumentProps } from "@react-pdf/renderer";
import layoutDocument from "@react-pdf/layout";
import renderToPdfkit from "@react-pdf/render";
import PDFDocument from "pdfkit";
import type { ReactElement } from "react";
import { stampPageNumbers, type FooterStyle } from "./page-numbers";

interface NodeTree {
  props?: DocumentProps;
  children?: { type: string }[];
}
interface Container {
  type: "ROOT";
  document: NodeTree | null;
}
interface Reconciler {
  createContainer(container: Container): unknown;
  updateContainer(element: ReactElement | null, root: unknown, parent: null, callback?: () => void): void;
}

// createRenderer is exported at run time (index.d.ts omits it). One renderer per isolate, as pdf() keeps.
let reconciler: Reconciler | null = null;
const reconcilerOf = () => (reconciler ??= (ReactPdf as unknown as { createRenderer(o: object): Reconciler }).createRenderer({}));

/** The react-pdf node tree of a <Document> element (what pdf() lays out). */
function nodeTree(element: ReactElement<DocumentProps>): NodeTree {
  const container: Container = { type: "ROOT", document: null };
  const r = reconcilerOf();
  const root = r.createContainer(container);
  // React 18's legacy root commits synchronously, as pdf() relies on too.
  r.updateContainer(element, root, null);
  if (!container.document) throw new Error("report document did not render");
  return container.document;
}

interface PdfStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): void;
  on(event: "end", listener: () => void): void;
  on(event: "error", listener: (e: unknown) => void): void;
}

/** Lay out, stamp page numbers, draw: the PDF bytes. */
export async function renderDocument(element: ReactElement<DocumentProps>, footer: FooterStyle): Promise<Uint8Array> {
  const tree = nodeTree(element);
  const props = tree.props ?? {};
  const layout = (await (layoutDocument as unknown as (doc: NodeTree, fonts: unknown) => Promise<NodeTree>)(tree, ReactPdf.Font)) as NodeTree;
  const { root } = stampPageNumbers(layout as { children?: never[] }, footer);
  const ctx = new (PDFDocument as unknown as new (options: object) => PdfStream)({
    compress: true,
    lang: props.language,
    displayTitle: true,
    autoFirstPage: false,
    info: Object.fromEntries(
      Object.entries({ Title: props.title, Author: props.author, Subject: props.subject, Keywords: props.keywords, Creator: props.creator ?? "react-pdf", Producer: props.producer ?? "react-pdf", CreationDate: new Date() }).filter(([, v]) => v != null),
    ),
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    ctx.on("data", (chunk) => chunks.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk)));
    ctx.on("end", () => resolve());
    ctx.on("error", reject);
  });
  (renderToPdfkit as unknown as (ctx: unknown, doc: unknown) => void)(ctx, root);
  await done;
  let length = 0;
  for (const c of chunks) length += c.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}
