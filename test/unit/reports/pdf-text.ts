// Test helper: answers → engine → report document → PDF rendered in Node with the same fonts as production
// (Noto Sans SC from node_modules) → text through poppler's pdftotext. Lets tests compare the printed
// headline figures with the model's own numbers.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assessCard, cardOf, type CardCode, type CardExtras } from "../../../workers/cards";
import type { ModelContext, ReportDoc } from "../../../workers/reports/model";
import { renderReportPdf } from "../../../workers/reports/render";
import { REPORT_FONT_KEYS } from "../../../workers/reports/fonts";

const FONT_FILES: Record<string, string> = {
  [REPORT_FONT_KEYS.regular]: "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  [REPORT_FONT_KEYS.bold]: "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
};

/** An Env whose FILES serves the production fonts from node_modules (renders in Node). */
export const fakeEnv = {
  FILES: {
    get: async (key: string) => {
      const path = FONT_FILES[key];
      if (!path) return null;
      const bytes = readFileSync(path);
      return { arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
    },
  },
} as unknown as Env;

export function docFor(card: CardCode, answers: Record<string, string[]>, extras: CardExtras = {}): ReportDoc {
  const c = cardOf(card)!;
  const ctx: ModelContext = { card, cardName: ({ motor: "电机系统节能", stenter: "定型机余热回收", electricity: "电费优化" } as Record<string, string>)[card] ?? c.listing.surveyName, reportNo: "BG-20261125-000001-ABCD", generatedAt: Date.UTC(2026, 10, 25), answers };
  const built = assessCard(c, answers, extras, ctx);
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join("; "));
  return built.doc;
}

/** The PDF's text (pdftotext -layout), one string per page. */
/** The PDF bytes as production renders them. Set REPORT_PDF_OUT=<dir> to keep the rendered PDFs for a look. */
export async function renderPdfBytes(doc: ReportDoc, issuerQualification?: string): Promise<Uint8Array> {
  const env = issuerQualification ? ({ ...fakeEnv, REPORT_ISSUER_QUALIFICATION: issuerQualification } as unknown as Env) : fakeEnv;
  const { bytes } = await renderReportPdf(env, doc);
  if (process.env.REPORT_PDF_OUT) writeFileSync(join(process.env.REPORT_PDF_OUT, `${doc.figures.card}-${doc.cover.company}-${Date.now()}.pdf`), bytes);
  return bytes;
}

export async function pdfText(doc: ReportDoc, issuerQualification?: string): Promise<string[]> {
  const bytes = await renderPdfBytes(doc, issuerQualification);
  const dir = mkdtempSync(join(tmpdir(), "report-text-"));
  const file = join(dir, "r.pdf");
  writeFileSync(file, bytes);
  const out = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
  return out.split("\f");
}
