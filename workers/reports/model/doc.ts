// The card-agnostic report document (sections of paragraphs, tables and charts) that document.tsx lays out,
// and the helpers every card's model shares: company block, figure base, investment text, the report shell.
// Pure: no I/O and no react-pdf, so tests can check every figure against the engine without rendering.
import type { Period } from "../../engines/standards/tariffs/types";
import { INDUSTRY_OPTIONS, PROVINCE_OPTIONS, type OptionItem } from "../../engines/inputs/options";
import { chinaDate, fmt, fmtYears, type ReportCard, type ReportFigures } from "../figures";
import { appendixFor, type AppendixSection } from "../appendix";

// ---- document model ----

export interface TableColumn {
  label: string;
  /** Relative width. */
  width: number;
  align?: "left" | "right";
}

export type Block =
  | { kind: "para"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "kv"; rows: [string, string][] }
  | { kind: "table"; title?: string; columns: TableColumn[]; rows: string[][]; total?: string[] }
  | {
      kind: "bar";
      title: string;
      unit: string;
      items: { label: string; value: number }[];
      /** A second series drawn beside the first (legend names in `series`). */
      series?: [string, string];
      items2?: number[];
    }
  | { kind: "pie"; title: string; unit: string; items: { label: string; value: number }[] }
  | {
      kind: "loadCurve";
      title: string;
      /** Period of each 15-minute slot (96). */
      bands: Period[];
      /** Price of each period that month, 元/kWh. */
      prices: Partial<Record<Period, number>> | null;
      /** Average load per 15-minute slot over the curve's days (96), or null without a curve. */
      loadKw: number[] | null;
    };

export interface Section {
  title: string;
  blocks: Block[];
}

export interface ReportDoc {
  figures: ReportFigures;
  cover: { company: string; cardName: string; date: string; reportNo: string; location: string };
  summary: Block[];
  sections: Section[];
  assumptions: string[];
  appendix: AppendixSection[];
}

export interface ModelContext {
  card: ReportCard;
  cardName: string;
  reportNo: string;
  generatedAt: number;
  answers: Record<string, readonly string[]>;
}

export const PERIOD_NAMES: Record<Period, string> = { critical: "尖峰", peak: "高峰", flat: "平段", valley: "低谷", deep_valley: "深谷" };
export const PERIOD_ORDER: Period[] = ["critical", "peak", "flat", "valley", "deep_valley"];

export const optionName = (items: readonly OptionItem[], key: string | undefined) => (key ? (items.find((o) => o.key === key)?.optionName ?? key) : null);
export const first = (ctx: ModelContext, key: string) => (ctx.answers[key]?.[0] ?? "").trim();

export function company(ctx: ModelContext): ReportFigures["company"] {
  return {
    name: first(ctx, "company_name"),
    province: optionName(PROVINCE_OPTIONS, first(ctx, "province") || undefined),
    city: first(ctx, "city") || null,
    industry: optionName(INDUSTRY_OPTIONS, first(ctx, "industry") || undefined),
  };
}


/** The fields every card's figures open with. */
export function figureBase(ctx: ModelContext): Pick<ReportFigures, "version" | "card" | "cardName" | "reportNo" | "generatedAt" | "company"> {
  return { version: 1, card: ctx.card, cardName: ctx.cardName, reportNo: ctx.reportNo, generatedAt: ctx.generatedAt, company: company(ctx) };
}

export const invText = (inv: { yuan: number | null; basis: string }) =>
  inv.yuan === null ? "—（无报价）" : `${fmt(inv.yuan)}${inv.basis === "quote" ? "（报价）" : "（估算）"}`;

/** A per-unit investment for `quantity` units, as invText shows it. */
export const invFor = (inv: { yuan: number | null; basis: string }, quantity: number) => invText({ yuan: inv.yuan === null ? null : inv.yuan * quantity, basis: inv.basis });

/** Table columns: text (left) and figures (right-aligned). */
export const text = (label: string, width: number): TableColumn => ({ label, width });
export const num = (label: string, width: number): TableColumn => ({ label, width, align: "right" });

export function shell(ctx: ModelContext, figures: ReportFigures, summary: Block[], sections: Section[], assumptions: string[]): ReportDoc {
  const c = figures.company;
  return {
    figures,
    cover: {
      company: c.name,
      cardName: ctx.cardName,
      date: chinaDate(ctx.generatedAt),
      reportNo: ctx.reportNo,
      location: [c.province, c.city].filter(Boolean).join(" · "),
    },
    summary,
    sections,
    assumptions,
    appendix: appendixFor(ctx.card),
  };
}

export function headlineTable(figures: ReportFigures): Block {
  return {
    kind: "table",
    title: "各项措施节能效益",
    columns: [
      text("措施", 3),
      num("年节能量 (kWh)", 1.6),
      num("年节约费用 (元)", 1.6),
      num("投资 (元)", 1.5),
      num("回收期", 1.1),
      text("说明", 2.4),
    ],
    rows: figures.measures.map((m) => [m.name, fmt(m.savingKwh), fmt(m.savingYuan), fmt(m.investmentYuan), fmtYears(m.paybackYears), m.remark]),
  };
}
