// The card-agnostic report document (sections of paragraphs, tables and charts) that document.tsx lays out,
// and the helpers every card's model shares: company block, figure base, investment text, the report shell.
// Pure: no I/O and no react-pdf, so tests can check every figure against the engine without rendering.
import { chinaDateText } from "../../lib/china-time";
import type { Period } from "../../engines/standards/tariffs/types";
import { INDUSTRY_OPTIONS, PROVINCE_OPTIONS, type OptionItem } from "../../contract/card-options";
import { factor4, fmt, fmtPct, fmtYears, paybackText, type ReportCard, type ReportFigures } from "./figures";
import { DISCOUNT_RATE, irr, npv, SENSITIVITY_CASES, SERVICE_LIFE_YEARS, type LifeClass } from "./finance";
import { ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE, ELECTRICITY_KGCE_PER_KWH_EQUIVALENT } from "../../engines/standards/carbon-factors";
import { appendixWith, type AppendixSection } from "./appendix";

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
  /** The plant roll-up section carries its rows (the xlsx measures tracker reads them, tracker.ts). */
  rollup?: RollupRow[];
}

export interface ReportDoc {
  figures: ReportFigures;
  cover: { company: string; cardName: string; date: string; reportNo: string; location: string };
  summary: Block[];
  sections: Section[];
  assumptions: string[];
  appendix: AppendixSection[];
  /** The data-sources appendix: item, value, source, year. */
  sources: [string, string, string, string][];
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

/** The report around a card's content; `method` is the card's own appendix sections (appendix.ts). */
export function shell(
  ctx: ModelContext,
  figures: ReportFigures,
  summary: Block[],
  sections: Section[],
  assumptions: string[],
  method: AppendixSection[],
  sources: [string, string, string, string][] = [],
): ReportDoc {
  const c = figures.company;
  return {
    figures,
    cover: {
      company: c.name,
      cardName: ctx.cardName,
      date: chinaDateText(ctx.generatedAt),
      reportNo: ctx.reportNo,
      location: [c.province, c.city].filter(Boolean).join(" · "),
    },
    summary,
    sections,
    assumptions,
    appendix: appendixWith(method),
    sources,
  };
}

export function headlineTable(figures: ReportFigures, kwhLabel = "年节能量 (kWh)"): Block {
  return {
    kind: "table",
    title: "各项措施节能效益",
    columns: [
      text("措施", 3),
      num(kwhLabel, 1.6),
      num("年节约费用 (元)", 1.6),
      num("投资 (元)", 1.5),
      num("回收期", 1.1),
      text("说明", 2.4),
    ],
    rows: figures.measures.map((m) => [m.name, fmt(m.savingKwh), fmt(m.savingYuan), fmt(m.investmentYuan), paybackText(m.investmentYuan, m.paybackYears), m.remark]),
  };
}

// ---- plant roll-up, sensitivity, M&V (issue 15) ----

// The equal value (等价值) of electricity lives with the other GB/T 2589 factors (the plant balance engine uses it too).
export { ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE };

export interface RollupRow {
  name: string;
  /** Investment, 元 (0 for management measures, null when unknown). */
  investmentYuan: number | null;
  /** Annual electricity saved, kWh (negative = more electricity used). */
  electricKwh: number;
  /** Annual heat recovered, kWh (thermal), when the measure saves fuel. */
  heatKwh: number;
  yuan: number;
  /** tce, equivalent value (当量) for electricity; fuels at their own coefficient. */
  tceEquivalent: number;
  tco2: number | null;
  life: LifeClass;
  /** False when the measure competes with or is an alternative to another: listed, not in the total. */
  inTotal: boolean;
  remark?: string;
}

/** tce of the row at the equal value (等价) of electricity: fuel tce unchanged, electricity re-valued. */
export const tceEqual = (r: RollupRow) => r.tceEquivalent + (r.electricKwh * (ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE - ELECTRICITY_KGCE_PER_KWH_EQUIVALENT)) / 1000;

const payback = (inv: number | null, yuan: number) => (inv === null || yuan <= 0 ? null : inv / yuan);

export interface RollupTotals {
  /** Investment of the measures in the total; null when one that saves money has no figure. */
  investmentYuan: number | null;
  yuan: number;
  electricKwh: number;
  heatKwh: number;
  tceEquivalent: number;
  /** Null when a measure in the total has no CO2 figure. */
  tco2: number | null;
  paybackYears: number | null;
}

/**
 * The plant total of the roll-up rows in the total: one function for the roll-up's total row, the headline and the
 * charts, so every page prints the same figure (issue 22). A row that saves nothing and has no investment figure
 * (e.g. a capacitor bank with no benefit) does not make the investment unknown.
 */
export function rollupTotals(rows: readonly RollupRow[]): RollupTotals {
  const inTotal = rows.filter((r) => r.inTotal);
  const sum = (f: (r: RollupRow) => number) => inTotal.reduce((s, r) => s + f(r), 0);
  const investmentYuan = inTotal.some((r) => r.investmentYuan === null && r.yuan > 0) ? null : sum((r) => r.investmentYuan ?? 0);
  const yuan = sum((r) => r.yuan);
  return {
    investmentYuan,
    yuan,
    electricKwh: sum((r) => r.electricKwh),
    heatKwh: sum((r) => r.heatKwh),
    tceEquivalent: sum((r) => r.tceEquivalent),
    tco2: inTotal.some((r) => r.tco2 === null) ? null : sum((r) => r.tco2 ?? 0),
    paybackYears: payback(investmentYuan, yuan),
  };
}
const fmtYuanWan = (y: number | null) => (y === null ? "—" : fmt(y));

/**
 * The plant roll-up page, the sensitivity table of the top measures and the M&V note (GB/T 28750-2012 wording).
 * `interaction` says how interactions were removed from the total (each card knows its own).
 */
export function auditSections(rows: RollupRow[], interaction: string, mv: { boundary: string; baseline: string; metering: string }): Section[] {
  const withFinance = rows.map((r) => {
    const life = SERVICE_LIFE_YEARS[r.life];
    const inv = r.investmentYuan;
    return {
      r,
      life,
      payback: payback(inv, r.yuan),
      npv: inv === null ? null : npv(inv, r.yuan, DISCOUNT_RATE, life),
      irr: inv === null ? null : irr(inv, r.yuan, life),
    };
  });
  // Ranked: measures in the total by NPV (highest first), then the alternatives not in the total.
  const rank = (a: (typeof withFinance)[number], b: (typeof withFinance)[number]) => (b.npv ?? -Infinity) - (a.npv ?? -Infinity);
  const ranked = [...withFinance.filter((x) => x.r.inTotal).sort(rank), ...withFinance.filter((x) => !x.r.inTotal).sort(rank)];
  const inTotal = ranked.filter((x) => x.r.inTotal);
  const sum = (f: (r: RollupRow) => number) => inTotal.reduce((s, x) => s + f(x.r), 0);
  const totals = rollupTotals(rows);
  const totalInv = totals.investmentYuan;
  const totalYuan = totals.yuan;
  const hasHeat = rows.some((r) => r.heatKwh !== 0);
  const rollup: Block = {
    kind: "table",
    title: `措施汇总（按净现值排序；折现率${DISCOUNT_RATE * 100}%，寿命期见“寿命”列）`,
    columns: [
      text("措施", 1.8),
      num("投资 (元)", 1.1),
      num("节电 (kWh)", 1.05),
      ...(hasHeat ? [num("回收热量 (kWh热)", 1.1)] : []),
      num("年节约 (元)", 1.05),
      num("当量 (tce)", 0.85),
      num("等价 (tce)", 0.85),
      num("减排 (tCO2)", 0.9),
      // Wide enough for "0.773 个月" on one line.
      num("回收期", 1.15),
      num("寿命 (年)", 0.55),
      num("净现值 (元)", 1.1),
      num("内部收益率", 1.05),
    ],
    rows: ranked.map((x, i) => [
      `${i + 1}. ${x.r.name}${x.r.inTotal ? "" : "（不计入合计）"}`,
      fmtYuanWan(x.r.investmentYuan),
      fmt(x.r.electricKwh),
      ...(hasHeat ? [fmt(x.r.heatKwh)] : []),
      fmt(x.r.yuan),
      fmt(x.r.tceEquivalent),
      fmt(tceEqual(x.r)),
      fmt(x.r.tco2),
      paybackText(x.r.investmentYuan, x.payback),
      String(x.life),
      fmt(x.npv),
      x.r.investmentYuan === 0 ? "无需投资" : fmtPct(x.irr),
    ]),
    total: [
      "合计（已扣除相互作用）",
      fmtYuanWan(totalInv),
      fmt(sum((r) => r.electricKwh)),
      ...(hasHeat ? [fmt(sum((r) => r.heatKwh))] : []),
      fmt(totalYuan),
      fmt(sum((r) => r.tceEquivalent)),
      fmt(sum(tceEqual)),
      fmt(totals.tco2),
      fmtYears(totals.paybackYears),
      "",
      "",
      "",
    ],
  };
  const remarks = ranked.filter((x) => x.r.remark).map((x) => `${x.r.name}：${x.r.remark}`);
  const sections: Section[] = [
    {
      title: "全厂节能措施汇总",
      rollup: rows,
      blocks: [
        {
          kind: "para",
          text:
            `${interaction}净现值按折现率${DISCOUNT_RATE * 100}%、各措施寿命期内年节约费用不变计算（首年数据，不计价格变化与设备衰减）；内部收益率为使净现值为零的折现率。` +
            `当量值按0.1229 kgce/kWh（GB/T 2589-2020），等价值按${ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE} kgce/kWh（假设值：近年全国供电标准煤耗约0.300–0.305 kgce/kWh，以当年公布值为准）；热量与燃料的折标煤当量值、等价值相同。`,
        },
        rollup,
        ...(remarks.length ? [{ kind: "bullets", items: remarks } as Block] : []),
      ],
    },
  ];
  // Sensitivity: the top three measures with an investment by annual saving.
  const top = withFinance.filter((x) => x.r.inTotal && (x.r.investmentYuan ?? 0) > 0 && x.r.yuan > 0).sort((a, b) => b.r.yuan - a.r.yuan).slice(0, 3);
  if (top.length) {
    const cols = [text("措施", 2), num("基准", 0.9), ...SENSITIVITY_CASES.map((c) => num(c.label, 1))];
    const caseRows = (f: (x: (typeof top)[number], c: { savingFactor: number; investmentFactor: number }) => string) =>
      top.map((x) => [x.r.name, f(x, { savingFactor: 1, investmentFactor: 1 }), ...SENSITIVITY_CASES.map((c) => f(x, c))]);
    sections.push({
      title: "敏感性分析",
      blocks: [
        {
          kind: "para",
          text: "对年节约费用最大的措施，分别将能源价格或年运行时间（两者对年节约费用的影响均为线性，结果相同，合为一列；储能的运行时间指年运行天数）与投资变动±20%，并给出节约减少20%且投资增加20%的不利组合，计算静态回收期与净现值。",
        },
        {
          kind: "table",
          title: "静态投资回收期",
          columns: cols,
          rows: caseRows((x, c) => fmtYears(payback((x.r.investmentYuan ?? 0) * c.investmentFactor, x.r.yuan * c.savingFactor))),
        },
        {
          kind: "table",
          title: `净现值（元，折现率${DISCOUNT_RATE * 100}%）`,
          columns: cols,
          rows: caseRows((x, c) => fmt(npv((x.r.investmentYuan ?? 0) * c.investmentFactor, x.r.yuan * c.savingFactor, DISCOUNT_RATE, x.life))),
        },
      ],
    });
  }
  sections.push({
    title: "节能量测量与验证（M&V）说明",
    blocks: [
      {
        kind: "para",
        text:
          "本报告的节能量为改造前的预测值。项目实施后，建议按GB/T 28750-2012《节能量测量和验证技术通则》确认节能量：节能量 = 基期能耗 − 统计报告期能耗 ± 调整量。" +
          "其中基期为改造前具有代表性的连续运行期，统计报告期为改造后的同等时长运行期；调整量用于将两期能耗折算到相同条件（常规调整：产量、运行时间、气温等影响能耗的变量；非常规调整：测量边界内设备、工艺的非预期变化）。",
      },
      {
        kind: "kv",
        rows: [
          ["测量边界", mv.boundary],
          ["基期能耗", mv.baseline],
          ["计量与数据", mv.metering],
          ["节能量确认", "由用能单位与实施方共同确认（必要时委托第三方节能量审核机构），以实测数据为准；本报告预测值不作为结算依据。"],
        ],
      },
    ],
  });
  return sections;
}

/** The "data and sources" appendix table: every factor with its value, source and year. */
export function sourcesTable(rows: [string, string, string, string][]): Section {
  return {
    title: "附录：计算数据来源与年份",
    blocks: [
      {
        kind: "table",
        columns: [text("数据项", 2), text("取值", 1.8), text("来源", 3), text("年份", 1)],
        rows,
      },
    ],
  };
}

/** Sources every card shares (carbon.md, GB/T 2589, GB/T 28750). */
export function commonSources(grid: { kgCo2PerKwh: number; label: string; year: number; source: string } | null): [string, string, string, string][] {
  const rows: [string, string, string, string][] = [
    ["电力折标准煤系数（当量值）", `${ELECTRICITY_KGCE_PER_KWH_EQUIVALENT} kgce/kWh`, "GB/T 2589-2020《综合能耗计算通则》（3.6 MJ/kWh）", "2020年发布，2021年实施"],
    ["电力折标准煤系数（等价值）", `${ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE} kgce/kWh`, "假设值：全国平均供电标准煤耗约0.300–0.305 kgce/kWh（以国家统计局当年公布值为准）", "近年"],
  ];
  if (grid) rows.push(["电网二氧化碳排放因子", `${factor4(grid.kgCo2PerKwh)} kgCO2/kWh（${grid.label}）`, grid.source, `${grid.year}年因子`]);
  rows.push(["节能量测量和验证", "节能量 = 基期能耗 − 统计报告期能耗 ± 调整量", "GB/T 28750-2012《节能量测量和验证技术通则》", "2012年"]);
  rows.push(["净现值折现率", `${DISCOUNT_RATE * 100}%/年`, "项目约定（工业节能项目常用税前基准收益率）", "—"]);
  rows.push([
    "措施寿命期",
    `电机${SERVICE_LIFE_YEARS.motor}年、变频器${SERVICE_LIFE_YEARS.vfd}年、皮带${SERVICE_LIFE_YEARS.belt}年、余热回收${SERVICE_LIFE_YEARS.heat_recovery}年、储能${SERVICE_LIFE_YEARS.storage}年、电容器${SERVICE_LIFE_YEARS.capacitor}年`,
    "假设值（常见设计寿命）",
    "—",
  ]);
  return rows;
}

/** Bar charts show at most this many bars: the largest, then one bar for the rest (a 100-bar chart is unreadable and slow to lay out). */
export const MAX_BARS = 15;

export function limitBars(block: Extract<Block, { kind: "bar" }>, max = MAX_BARS): Extract<Block, { kind: "bar" }> {
  if (block.items.length <= max) return block;
  const order = block.items.map((it, i) => ({ it, i, v2: block.items2?.[i] ?? 0 })).sort((a, b) => b.it.value - a.it.value);
  const keep = order.slice(0, max - 1);
  const rest = order.slice(max - 1);
  const items = [...keep.map((x) => x.it), { label: `其余${rest.length}项合计`, value: rest.reduce((s, x) => s + x.it.value, 0) }];
  const items2 = block.items2 ? [...keep.map((x) => x.v2), rest.reduce((s, x) => s + x.v2, 0)] : undefined;
  return { ...block, title: `${block.title}（前${max - 1}项及其余合计）`, items, ...(items2 ? { items2 } : {}) };
}
