// The figures of a generated report, shared by the PDF, the D1 row (report_results.figures_json), the
// preview endpoint and the browser preview panel. Pure: imports nothing server-only, so app/ may import it.
// Numbers are stored at full precision; only display rounds (3 significant figures, docs/engines.md §1).
/**
 * The card code a report was built for. A plain string here: the figures sit below the cards (every card's model
 * fills them), so they cannot name the registry's CardCode without a circle; the registry checks the codes.
 */
export type ReportCard = string;

export interface HeadlineFigures {
  /** Annual electricity saving, kWh (motor); recovered heat kWh_th (stenter); storage losses as a negative change (electricity). */
  savingKwh: number | null;
  /** What savingKwh measures on this card (Chinese label). */
  savingKwhLabel: string;
  /** The kWh/tce/tCO2 are an increase (the electricity card's storage losses), shown with a plus sign. */
  energyIncrease?: boolean;
  /** Annual cost saving, 元. */
  savingYuan: number;
  tce: number;
  /** Null when no CO2 factor exists for the carrier (coal). */
  tco2: number | null;
  /** Total investment, 元; null when nothing has a cost basis. */
  investmentYuan: number | null;
  /** True when some measure has no investment figure, so the total is a lower bound. */
  investmentIncomplete: boolean;
  paybackYears: number | null;
  /** Electricity card: total optimisation room as a share of the annual bill (0–1). */
  roomShare: number | null;
  /** Baseline the saving compares with: annual kWh (motor), annual bill 元 (electricity), annual fuel (stenter). */
  baseline: { label: string; value: number; unit: string } | null;
  /** Stenter: fuel displaced. */
  fuel: { name: string; amount: number; unit: string } | null;
}

export interface MeasureFigure {
  code: string;
  name: string;
  savingKwh: number | null;
  savingYuan: number;
  investmentYuan: number | null;
  paybackYears: number | null;
  /** Short Chinese remark (e.g. 与其他措施不可叠加). */
  remark: string;
}

export interface ReportFigures {
  version: 1;
  card: ReportCard;
  cardName: string;
  reportNo: string;
  generatedAt: number;
  company: { name: string; province: string | null; city: string | null; industry: string | null };
  headline: HeadlineFigures;
  measures: MeasureFigure[];
}

// ---- display formatting (the PDF and the preview use the same functions) ----

/**
 * `n.toLocaleString("en-US", options)` builds a new Intl.NumberFormat on every call (tens of µs each): a 100-motor
 * report formats tens of thousands of cells, and that was most of its model's CPU time in the app's isolate
 * (issue 26 item 2). The same formatters, built once: one per fraction-digit count, a bounded set.
 */
const fixedFormats: Intl.NumberFormat[] = [];
const FIXED_FORMATS_MAX = 20; // toFixed's own limit on digits after the point
function fixedDecimals(n: number, decimals: number): string {
  if (decimals > FIXED_FORMATS_MAX) return n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  fixedFormats[decimals] ??= new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return fixedFormats[decimals].format(n);
}
const UP_TO_2_DECIMALS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat("en-US");

/** 3 significant figures, thousands separators, no exponent: 123456 → "123,000", 0.04567 → "0.0457". */
export function sig3(n: number): string {
  if (!Number.isFinite(n)) return "—";
  if (n === 0) return "0";
  const abs = Math.abs(n);
  const digits = Math.floor(Math.log10(abs)) + 1;
  const decimals = Math.max(0, 3 - digits);
  const factor = 10 ** (digits - 3);
  const rounded = decimals > 0 ? Number(n.toFixed(decimals)) : Math.round(n / factor) * factor;
  return fixedDecimals(rounded, decimals);
}

export const fmt = (n: number | null | undefined, unit = ""): string => (n === null || n === undefined ? "—" : `${sig3(n)}${unit ? " " + unit : ""}`);

/**
 * A share as a percentage: 3 significant figures but never more than 2 decimals, so a rounding residue reads
 * "<0.01%" instead of "0.0000255%" (issue 15).
 */
export const fmtPct = (share: number | null | undefined): string => {
  if (share === null || share === undefined) return "—";
  if (!Number.isFinite(share)) return "—";
  const pct = share * 100;
  if (pct === 0) return "0%";
  if (Math.abs(pct) < 0.01) return pct > 0 ? "<0.01%" : ">−0.01%";
  const digits = Math.floor(Math.log10(Math.abs(pct))) + 1;
  const decimals = Math.min(2, Math.max(0, 3 - digits));
  return `${fixedDecimals(pct, decimals)}%`;
};

/** An exact sum of entered values (installed kW): up to 2 decimals, no significant-figure rounding (1,512.5 stays 1,512.5). */
export const fmtExact = (n: number, unit = ""): string =>
  `${UP_TO_2_DECIMALS.format(Math.round(n * 100) / 100)}${unit ? " " + unit : ""}`;



/** A payback period: in months below one year ("0.0303 年" reads as nonsense; "0.364 个月" is plain), else years. */
export const fmtYears = (y: number | null | undefined): string => {
  if (y === null || y === undefined) return "—";
  return y > 0 && y < 1 ? `${sig3(y * 12)} 个月` : `${sig3(y)} 年`;
};


/** A measure's payback: "无需投资" for a measure without investment (never "0 年"; issue 22 item 6), else fmtYears. */
export const paybackText = (investmentYuan: number | null | undefined, years: number | null | undefined): string =>
  investmentYuan === 0 ? "无需投资" : fmtYears(years);

/**
 * A factor or coefficient as printed in prose, the assumptions and the sources: at most 4 significant digits and no
 * padding (0.1229 stays 0.1229, 1.2283503255 → 1.228, 2.162 stays 2.162; issue 22).
 */
export const factor4 = (n: number): string => (Number.isFinite(n) ? String(Number(n.toPrecision(4))) : "—");

/** Whole numbers with separators (counts, hours, kW ratings as entered). */
export const fmtInt = (n: number): string => WHOLE.format(Math.round(n));

/** An increase (positive) as "+36,500 kWh"; a decrease keeps its minus sign. */
export const fmtIncrease = (delta: number, unit = ""): string => (delta > 0 ? `+${fmt(delta, unit)}` : fmt(delta, unit));

/** Headline tiles in display order: label, formatted value, and an optional note. */
export function headlineTiles(f: ReportFigures): { label: string; value: string; note?: string }[] {
  const h = f.headline;
  const tiles: { label: string; value: string; note?: string }[] = [];
  // Storage round-trip losses are increases, shown as such (issue 15). Figures stored before the flag existed
  // (electricity reports of 2026-11-25 and earlier) are read the way they were rendered.
  const increases = h.energyIncrease ?? f.card === "electricity";
  if (h.savingKwh !== null) tiles.push(increases ? { label: h.savingKwhLabel, value: fmtIncrease(-h.savingKwh, "kWh"), note: "储能损耗，非节能量" } : { label: h.savingKwhLabel, value: fmt(h.savingKwh, "kWh") });
  tiles.push({ label: "年节约费用", value: fmt(h.savingYuan, "元") });
  if (h.roomShare !== null) tiles.push({ label: "电费优化空间", value: fmtPct(h.roomShare) });
  if (h.fuel) tiles.push({ label: `年节约${h.fuel.name}`, value: fmt(h.fuel.amount, h.fuel.unit) });
  tiles.push(increases ? { label: "储能损耗折标准煤", value: fmtIncrease(-h.tce, "tce") } : { label: "年节约标准煤", value: fmt(h.tce, "tce") });
  tiles.push({
    label: increases ? "储能损耗二氧化碳排放" : "年减排二氧化碳",
    value: h.tco2 === null ? "—" : increases ? fmtIncrease(-h.tco2, "tCO2") : fmt(h.tco2, "tCO2"),
    note: h.tco2 === null ? "燃煤未配置排放因子" : undefined,
  });
  tiles.push({ label: "投资估算", value: fmt(h.investmentYuan, "元"), note: h.investmentIncomplete ? "部分措施缺少报价，未计入" : undefined });
  tiles.push({ label: "静态投资回收期", value: fmtYears(h.paybackYears) });
  return tiles;
}
