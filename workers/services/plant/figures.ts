// The plant summary's printed figures (全厂能源平衡): one formatter for the page (/workbench/plant) and the signable
// PDF (workers/reports/plant-*), so both print the same text for every figure (issue 22: one set of figures).
// Pure and type-only imports: the page's browser bundle takes it.
import type { CarrierBalance, PlantBalanceResult, PlantCheckLevel } from "../../engines/balance/types";
import type { PlantSummary } from "../../cards/plant";

const INT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const ONE = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const TWO_MAX = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** Whole units (quantities). */
export const plantInt = (n: number) => INT.format(n);
/** At most 4 significant digits (factors). */
export const sig4 = (n: number) => String(Number(n.toPrecision(4)));
export const plantPct = (r: number | null) => (r === null ? "—" : `${ONE.format(r * 100)}%`);
/** tce, one decimal. */
export const plantTce = (n: number) => ONE.format(n);
/** kgce per unit of product: 4 significant digits, at most two decimals (21.37, 100.7). */
export const plantPerUnit = (n: number) => TWO_MAX.format(Number(n.toPrecision(4)));

export interface PlantHeadlineItem {
  label: string;
  value: string;
  unit: string;
}

export function plantHeadline(b: PlantBalanceResult): PlantHeadlineItem[] {
  const items: PlantHeadlineItem[] = [
    { label: "综合能耗（当量值）", value: plantTce(b.totalTceEquivalent), unit: "tce/年" },
    { label: "综合能耗（等价值）", value: plantTce(b.totalTceEqual), unit: "tce/年" },
    { label: "计量覆盖", value: plantPct(b.meteredShare), unit: "按计量值计入的能耗占比" },
  ];
  if (b.perUnit) items.push({ label: "单位产品综合能耗（当量值）", value: plantPerUnit(b.perUnit.kgceEquivalent), unit: `kgce/${b.perUnit.unitName}` });
  return items;
}

/** One row of the balance table, every cell as printed. */
export interface PlantCarrierCells {
  carrier: CarrierBalance["carrier"];
  name: string;
  quantity: string;
  basis: string;
  /** The meter counted, when the basis is a meter. */
  basisDetail: string | null;
  factor: string;
  tceEquivalent: string;
  tceEqual: string;
  share: string;
  equipment: string;
  coverage: string;
}

export const PLANT_BALANCE_COLUMNS = ["能源品种", "全厂年用量", "计入依据", "折标系数（当量值）", "当量值 (tce)", "等价值 (tce)", "占比", "调查设备年用量", "设备占计量值"] as const;

export const PLANT_BASIS_TEXT = { metered: "计量值", equipment: "设备合计（下限）" } as const;

export function plantCarrierCells(c: CarrierBalance): PlantCarrierCells {
  return {
    carrier: c.carrier,
    name: c.name,
    quantity: `${plantInt(c.quantity)} ${c.unit}`,
    basis: PLANT_BASIS_TEXT[c.basis],
    basisDetail: c.basis === "metered" ? c.meteredBy : null,
    factor: `${sig4(c.factorEquivalent.value)} ${c.factorEquivalent.unit}`,
    tceEquivalent: plantTce(c.tceEquivalent),
    tceEqual: plantTce(c.tceEqual),
    share: plantPct(c.share),
    equipment: c.equipmentQuantity > 0 ? `${plantInt(c.equipmentQuantity)} ${c.unit}` : "—",
    coverage: plantPct(c.coverage),
  };
}

export const PLANT_FACTOR_NOTE =
  "电力当量值按0.1229 kgce/kWh，等价值按0.300 kgce/kWh（假设值：全国平均供电标准煤耗约0.300–0.305 kgce/kWh）；天然气、蒸汽、原煤的等价值与当量值相同。蒸汽按焓值减20 °C给水焓折算热量。";

export interface PlantPerUnitText {
  /** 年产量 … 单位产品综合能耗 … (当量值, 等价值). */
  text: string;
  /** The comparison with the limit, or the note that none is configured. */
  verdict: { level: "error" | "success" | "info"; message: string };
}

export function plantPerUnitText(b: PlantBalanceResult): PlantPerUnitText | null {
  const p = b.perUnit;
  if (!p) return null;
  const unit = `kgce/${p.unitName}`;
  const text = `年产量 ${plantInt(p.output)} ${p.unitName}；单位产品综合能耗 ${plantPerUnit(p.kgceEquivalent)} ${unit}（当量值），${plantPerUnit(p.kgceEqual)} ${unit}（等价值）。`;
  const verdict: PlantPerUnitText["verdict"] = p.limit
    ? {
        level: p.exceeds ? "error" : "success",
        message: `${p.exceeds ? "超过" : "未超过"}限额：${p.limit.product} ${sig4(p.limit.kgcePerUnit)} ${unit}（${p.limit.source}），为限额的${plantPct(p.ratio)}（按当量值对比）`,
      }
    : { level: "info", message: "所属行业与产量单位没有配置限额，可在调查表「全厂能源与产量」页填写适用的限额" };
  return { text, verdict };
}

export const PLANT_CHECK_LEVEL_TEXT: Record<PlantCheckLevel, string> = { error: "错误", warning: "提示", ok: "正常" };

export interface PlantSourceRow {
  key: string;
  title: string;
  card: string;
  counted: boolean;
  countedText: string;
  text: string;
}

/** The surveys the summary was read from (counted or not, with the figures each put in or the reason). */
export function plantSourceRows(summary: PlantSummary, skipped: readonly { surveyId: number; title: string; reason: string }[]): PlantSourceRow[] {
  return [
    ...summary.surveys.map((s) => ({
      key: `s${s.surveyId}`,
      title: s.title || "未命名调查表",
      card: s.cardName,
      counted: s.counted,
      countedText: s.counted ? "已计入" : "未计入",
      text: [s.reason, ...s.uses.map((u) => `${u.label} ${plantInt(u.quantity)}`), ...s.problems].filter(Boolean).join("；"),
    })),
    ...skipped.map((s) => ({ key: `k${s.surveyId}`, title: s.title || "未命名调查表", card: "", counted: false, countedText: "未计入", text: s.reason })),
  ];
}
