// Render a report document to PDF bytes inside workerd. Loaded only by the queue job through `await import()`,
// so @react-pdf/renderer never enters the Remix build nor the start-up of ordinary requests.
import { Font, type DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { PlantReportDocument } from "./plant-document";
import type { PlantDoc } from "./plant-model";
import { ReportDocument } from "./document";
import { COLORS } from "./charts";
import { ensureReportFonts, REPORT_FONT_FAMILY } from "./fonts";
import { PAGE_FOOTER_PT } from "./document";
import { renderDocument } from "./pdf-pipeline";
import { reuseEmbeddedFonts } from "./pdfkit-fonts";
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

/** Who prepared the report: the operator, with the qualification the deployment states (blank line when unset). */
const issuerOf = (env: Env) => ({ name: COMPANY_NAME, qualification: opt(env, ISSUER_QUALIFICATION_ENV) ?? null });

async function renderPdf(env: Env, element: (issuer: ReturnType<typeof issuerOf>) => ReactElement<DocumentProps>): Promise<RenderedPdf> {
  const f0 = Date.now();
  await ensureReportFonts(env);
  reuseEmbeddedFonts();
  const t0 = Date.now();
  const footer = { font: Font.getFont({ fontFamily: REPORT_FONT_FAMILY, fontWeight: 400 })?.data, size: PAGE_FOOTER_PT, color: COLORS.muted };
  const bytes = await renderDocument(element(issuerOf(env)), footer);
  return { bytes, pages: countPages(bytes), renderMs: Date.now() - t0, fontMs: t0 - f0 };
}

export const renderReportPdf = (env: Env, doc: ReportDoc): Promise<RenderedPdf> => renderPdf(env, (issuer) => <ReportDocument doc={doc} issuer={issuer} />);

/** The plant summary PDF (plant-document.tsx), same fonts, same issuer. */
export const renderPlantReportPdf = (env: Env, doc: PlantDoc): Promise<RenderedPdf> => renderPdf(env, (issuer) => <PlantReportDocument doc={doc} issuer={issuer} />);
