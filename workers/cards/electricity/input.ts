// Electricity card answers (+ an imported load curve) → ElectricityInput, with Chinese messages.
import { componentsSupported, tariffFor } from "../../engines/electricity/periods";
import type { BasicChargeBasis, ElectricityInput, LoadCurveInput, MonthlyBill, PriceInput, StorageInput } from "../../engines/electricity/types";
import type { PfStandard } from "../../engines/standards/power-factor-adjustment";
import type { TariffCategory } from "../../engines/standards/tariffs/types";
import { ELECTRICITY_COST_SURVEY } from "./survey";
import { checkOf, ruleLookup } from "../../contract/survey-rules";
import { AnswerReader, YES_NO, type Answers, type MappingResult, type NumberSpec } from "../kit/answers";
import { readCompany } from "../kit/company";
import type { LoadCurveExtra } from "../kit/card";
import {
  BASIC_BASIS_OPTIONS,
  INTERVAL_OPTIONS,
  PF_STANDARD_OPTIONS,
  PRICE_MODE_OPTIONS,
  TARIFF_CATEGORY_OPTIONS,
  TARIFF_PROVINCE_KEYS,
} from "../../contract/card-options";

/** A load curve from the spreadsheet import, passed next to the survey answers. */

export const ELECTRICITY_PLANT_KEYS = [
  "tariff_category",
  "price_mode",
  "floating_base_price",
  "non_floating_price",
  "price_critical",
  "price_peak",
  "price_flat",
  "price_valley",
  "funds_per_kwh",
  "jiangsu_critical_peak",
  "transformer_kva",
  "basic_basis",
  "capacity_price",
  "demand_price",
  "contract_demand_kw",
  "demand_discount_260",
  "pf_standard",
  "load_curve_start_date",
  "load_curve_interval",
  "operating_days",
  "critical_peak_days",
  "shiftable_share_pct",
  "storage_power_kw",
  "storage_energy_kwh",
  "storage_capex_yuan",
  "storage_dod_pct",
  "storage_rte_pct",
  "storage_om_pct",
] as const;

export const BILL_SECTION_KEYS = [
  "bill_month",
  "bill_kwh_critical",
  "bill_kwh_peak",
  "bill_kwh_flat",
  "bill_kwh_valley",
  "bill_kwh_deep_valley",
  "bill_kvarh",
  "bill_max_demand_kw",
  "bill_basic_charge_yuan",
  "bill_energy_charge_yuan",
  "bill_funds_yuan",
  "bill_pf_adjustment_yuan",
  "bill_total_yuan",
] as const;

/** Pseudo question key for errors in the imported load curve. */
export const LOAD_CURVE_KEY = "load_curve";

/** Limits and messages of every numeric question: the survey definition's rules (the form checks the same). */
const { rules: RULES, rule } = ruleLookup(ELECTRICITY_COST_SURVEY);

const SPECS = {
  floating: rule("floating_base_price"),
  nonFloating: rule("non_floating_price"),
  critical: rule("price_critical"),
  peak: rule("price_peak"),
  flat: rule("price_flat"),
  valley: rule("price_valley"),
  funds: rule("funds_per_kwh"),
  kva: rule("transformer_kva"),
  capPrice: rule("capacity_price"),
  demPrice: rule("demand_price"),
  contract: rule("contract_demand_kw"),
  days: rule("operating_days"),
  criticalDays: rule("critical_peak_days"),
  shift: rule("shiftable_share_pct"),
  storagePower: rule("storage_power_kw"),
  storageEnergy: rule("storage_energy_kwh"),
  capex: rule("storage_capex_yuan"),
  dod: rule("storage_dod_pct"),
  rte: rule("storage_rte_pct"),
  om: rule("storage_om_pct"),
  kvarh: rule("bill_kvarh"),
  md: rule("bill_max_demand_kw"),
};

const CHECKS = {
  periodOrder: checkOf(ELECTRICITY_COST_SURVEY, "descending", "price_peak"),
  criticalAbovePeak: checkOf(ELECTRICITY_COST_SURVEY, "notLess", "price_critical"),
  storagePair: checkOf(ELECTRICITY_COST_SURVEY, "together", "storage_power_kw"),
};

const keysOf = (o: readonly { key: string }[]) => o.map((x) => x.key);

function readBill(r: AnswerReader, i: number): MonthlyBill | undefined {
  const before = r.errors.length;
  const month = r.month("bill_month", i, "账单月份", true);
  const kwhByPeriod = {
    critical: r.number("bill_kwh_critical", i, rule("bill_kwh_critical"), false),
    peak: r.number("bill_kwh_peak", i, rule("bill_kwh_peak"), true),
    flat: r.number("bill_kwh_flat", i, rule("bill_kwh_flat"), true),
    valley: r.number("bill_kwh_valley", i, rule("bill_kwh_valley"), true),
    deep_valley: r.number("bill_kwh_deep_valley", i, rule("bill_kwh_deep_valley"), false),
  };
  const bill: MonthlyBill = { month: month ?? "", kwhByPeriod: {} };
  for (const [p, v] of Object.entries(kwhByPeriod)) if (v !== undefined) bill.kwhByPeriod[p as keyof typeof kwhByPeriod] = v;
  const optional: [keyof MonthlyBill, string, NumberSpec][] = [
    ["kvarh", "bill_kvarh", SPECS.kvarh],
    ["maxDemandKw", "bill_max_demand_kw", SPECS.md],
    ["basicChargeYuan", "bill_basic_charge_yuan", rule("bill_basic_charge_yuan")],
    ["energyChargeYuan", "bill_energy_charge_yuan", rule("bill_energy_charge_yuan")],
    ["fundsYuan", "bill_funds_yuan", rule("bill_funds_yuan")],
    ["totalYuan", "bill_total_yuan", rule("bill_total_yuan")],
  ];
  for (const [field, key, spec] of optional) {
    const v = r.number(key, i, spec, false);
    if (v !== undefined) (bill as unknown as Record<string, number>)[field] = v;
  }
  // The PF adjustment may be a credit, so it alone may be negative (its rule allows it).
  const pfAdj = r.number("bill_pf_adjustment_yuan", i, rule("bill_pf_adjustment_yuan"), false);
  if (pfAdj !== undefined) bill.pfAdjustmentYuan = pfAdj;
  const total = Object.values(bill.kwhByPeriod).reduce((s, v) => s + (v ?? 0), 0);
  if (r.errors.length === before && total <= 0) r.error("bill_kwh_peak", i, "该月各时段电量合计为0，请核对");
  return r.errors.length > before ? undefined : bill;
}

function readCurve(r: AnswerReader, extra: LoadCurveExtra): LoadCurveInput | undefined {
  const kw = extra.loadCurveKw;
  if (!kw || kw.length === 0) return undefined;
  const intervalKey = r.option("load_curve_interval", 0, "负荷数据间隔", keysOf(INTERVAL_OPTIONS), false);
  const interval: 15 | 60 = extra.intervalMinutes ?? (intervalKey === "min60" ? 60 : 15);
  const perDay = interval === 15 ? 96 : 24;
  const start = extra.startDate ?? r.date("load_curve_start_date", 0, "负荷数据起始日期", true);
  if (!start) return undefined;
  if (kw.length % perDay !== 0) {
    r.error(LOAD_CURVE_KEY, 0, `负荷数据应为整天数据（${interval}分钟间隔每天${perDay}个点），当前共${kw.length}个点`);
    return undefined;
  }
  if (kw.length / perDay > 366) {
    r.error(LOAD_CURVE_KEY, 0, `负荷数据最多一年（366天），当前为${kw.length / perDay}天`);
    return undefined;
  }
  let bad = 0;
  for (let i = 0; i < kw.length; i++) {
    const v = kw[i];
    if (!Number.isFinite(v) || v < 0) {
      if (bad < 5) r.error(LOAD_CURVE_KEY, i, `负荷数据第${i + 1}个点无效（${String(v)}），功率应为不小于0的数字`);
      bad++;
    }
  }
  if (bad > 5) r.error(LOAD_CURVE_KEY, 0, `负荷数据共有${bad}个无效点，请检查导入文件`);
  return bad ? undefined : { kw, intervalMinutes: interval, startDate: start };
}

export function electricityInputFromAnswers(answers: Answers, extra: LoadCurveExtra = {}): MappingResult<ElectricityInput> {
  const r = new AnswerReader(answers);
  const company = readCompany(r, TARIFF_PROVINCE_KEYS);
  const category = r.option("tariff_category", 0, "用电类别", keysOf(TARIFF_CATEGORY_OPTIONS), true) as TariffCategory | undefined;
  const mode = r.option("price_mode", 0, "电价填写方式", keysOf(PRICE_MODE_OPTIONS), true);
  let prices: PriceInput | undefined;
  if (mode === "components") {
    const pb = r.number("floating_base_price", 0, SPECS.floating, true);
    const pnf = r.number("non_floating_price", 0, SPECS.nonFloating, true);
    const tariff = company.province ? tariffFor(company.province) : undefined;
    if (tariff && category && !componentsSupported(tariff, category)) {
      r.error("price_mode", 0, `${tariff.name}该用电类别的分时浮动比例未收录，请选择“直接填写各时段电价”并按电费单填写`);
    }
    if (pb !== undefined && pnf !== undefined) prices = { mode, floatingBaseYuanPerKwh: pb, nonFloatingYuanPerKwh: pnf };
  } else if (mode === "periods") {
    const critical = r.number("price_critical", 0, SPECS.critical, false);
    const peak = r.number("price_peak", 0, SPECS.peak, true);
    const flat = r.number("price_flat", 0, SPECS.flat, true);
    const valley = r.number("price_valley", 0, SPECS.valley, true);
    if (peak !== undefined && flat !== undefined && valley !== undefined) {
      r.cross(CHECKS.periodOrder, 0, RULES);
      if (critical !== undefined) r.cross(CHECKS.criticalAbovePeak, 0, RULES);
      prices = { mode, peak, flat, valley, ...(critical !== undefined ? { critical } : {}) };
      if (critical === undefined) r.warn("price_critical", 0, "未填写尖峰电价，尖峰时段按高峰电价计算");
    }
  }
  const funds = r.number("funds_per_kwh", 0, SPECS.funds, false);
  const jiangsuCritical = r.option("jiangsu_critical_peak", 0, "是否执行尖峰电价", YES_NO, false) === "yes";
  const discount = r.option("demand_discount_260", 0, "是否执行需量电价九折（月用电量≥260 kWh/kVA）", YES_NO, false);

  let basic: ElectricityInput["basic"];
  if (category === "two_part") {
    const kva = r.number("transformer_kva", 0, SPECS.kva, true);
    const basis = r.option("basic_basis", 0, "基本电费计费方式", keysOf(BASIC_BASIS_OPTIONS), true) as BasicChargeBasis | undefined;
    const cap = r.number("capacity_price", 0, SPECS.capPrice, true);
    const dem = r.number("demand_price", 0, SPECS.demPrice, true);
    const contract = r.number("contract_demand_kw", 0, SPECS.contract, basis === "contract");
    if (kva !== undefined && contract !== undefined && (contract < 0.4 * kva || contract > kva)) {
      r.error("contract_demand_kw", 0, `合同最大需量应在变压器容量的40%–100%之间（${0.4 * kva}–${kva} kW）`);
    }
    if (kva !== undefined && basis && cap !== undefined && dem !== undefined) {
      basic = { transformerKva: kva, currentBasis: basis, capacityPriceYuanPerKva: cap, demandPriceYuanPerKw: dem };
      if (contract !== undefined) basic.contractDemandKw = contract;
    }
  }
  const pfKey = r.option("pf_standard", 0, "功率因数考核标准", keysOf(PF_STANDARD_OPTIONS), false);
  const pfStandard: PfStandard | null = pfKey === "pf_090" ? 0.9 : pfKey === "pf_085" ? 0.85 : pfKey === "pf_080" ? 0.8 : null;

  const n = r.repeatCount(BILL_SECTION_KEYS);
  const seen = new Set<string>();
  const bills: MonthlyBill[] = r.repeats(BILL_SECTION_KEYS, (i) => {
    const b = readBill(r, i);
    if (b && seen.has(b.month)) r.error("bill_month", i, `账单月份${b.month}重复`);
    if (b) seen.add(b.month);
    return b;
  });
  const curve = readCurve(r, extra);
  if (!extra.loadCurveKw?.length && n === 0) r.error("bill_month", 0, "请导入负荷曲线，或至少填写一个月的电费单");

  const operatingDays = r.number("operating_days", 0, SPECS.days, false);
  const criticalDays = r.number("critical_peak_days", 0, SPECS.criticalDays, false);
  if (criticalDays !== undefined && criticalDays > (operatingDays ?? 330)) r.error("critical_peak_days", 0, "年尖峰电价天数不应超过年运行天数");
  const shift = r.number("shiftable_share_pct", 0, SPECS.shift, false);
  const sp = r.number("storage_power_kw", 0, SPECS.storagePower, false);
  const se = r.number("storage_energy_kwh", 0, SPECS.storageEnergy, false);
  if (!r.errors.some((e) => e.questionKey.startsWith("storage_"))) r.cross(CHECKS.storagePair, 0, RULES);
  let storage: StorageInput | undefined;
  if (sp !== undefined && se !== undefined) {
    storage = { powerKw: sp, energyKwh: se };
    const capex = r.number("storage_capex_yuan", 0, SPECS.capex, false);
    const dod = r.number("storage_dod_pct", 0, SPECS.dod, false);
    const rte = r.number("storage_rte_pct", 0, SPECS.rte, false);
    const om = r.number("storage_om_pct", 0, SPECS.om, false);
    if (capex !== undefined) storage.capexYuan = capex;
    if (dod !== undefined) storage.depthOfDischarge = dod / 100;
    if (rte !== undefined) storage.roundTripEfficiency = rte / 100;
    if (om !== undefined) storage.omRatePerYear = om / 100;
  }

  const input: ElectricityInput = {
    province: company.province ?? "",
    category: category ?? "two_part",
    prices: prices ?? { mode: "periods", peak: 0, flat: 0, valley: 0 },
    powerFactorStandard: pfStandard,
    bills,
    options: { jiangsuCriticalPeak: jiangsuCritical, demandDiscount260: discount !== "no" },
  };
  if (funds !== undefined) input.fundsYuanPerKwh = funds;
  if (basic) input.basic = basic;
  if (curve) input.loadCurve = curve;
  if (operatingDays !== undefined) input.operatingDaysPerYear = operatingDays;
  if (criticalDays !== undefined) input.criticalPeakDaysPerYear = criticalDays;
  if (shift !== undefined) input.shiftableShare = shift / 100;
  if (storage) input.storage = storage;
  return r.result(input);
}
