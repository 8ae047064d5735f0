// Render a report document to PDF bytes inside workerd. Loaded only by the queue job through `await import()`,
// so @react-pdf/renderer never enters the Remix build nor the start-up of ordinary requests.
import { pdf } from "@react-pdf/renderer";
import { ReportDocument } from "./document";
import { ensureReportFonts } from "./fonts";
import { opt } from "../lib/env";
import { COMPANY_NAME, ISSUER_QUALIFICATION_ENV } from "../lib/operator";
import type { ReportDoc } from "./model";

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
  /** Wall time of the render itself (fonts already loaded), ms. */
  renderMs: number;
  /** Wall time spent loading fonts from R2 (0 when this isolate had them), ms. */
  fontMs: number;
}

/** Page objects in pdfkit's output (pages are never inside compressed object streams there). */
export function countPages(bytes: Uint8Array): number {
  const text = new TextDecoder("latin1").decode(bytes);
  return (text.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

export async function renderReportPdf(env: Env, doc: ReportDoc): Promise<RenderedPdf> {
  const f0 = Date.now();
  await ensureReportFonts(env);
  const t0 = Date.now();
  const issuer = { name: COMPANY_NAME, qualification: opt(env, ISSUER_QUALIFICATION_ENV) ?? null };
  const blob = await pdf(<ReportDocument doc={doc} issuer={issuer} />).toBlob();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bytes, pages: countPages(bytes), renderMs: Date.now() - t0, fontMs: t0 - f0 };
}
