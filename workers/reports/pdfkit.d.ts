// pdfkit (react-pdf's PDF writer) ships no types and @types/pdfkit is not installed; the report only patches one
// method of its document class (pdfkit-fonts.ts).
declare module "pdfkit" {
  const PDFDocument: { prototype: object };
  export default PDFDocument;
}
