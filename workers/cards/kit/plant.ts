// The plant page every card's survey ends with (issue 22 item 9): annual output and the plant's own meters, which
// the plant energy balance (engines/balance) reads beside what each card's engine says. It is the last page, not a
// group of the company page, so the definition ids of every existing question stay where they are
// (docs/decisions/030: ids follow definition order; appending keeps them). See docs/plant-balance.md.
import { checkNumber, numberRuleOf } from "../../contract/survey-rules";
import type { PageDef, QuestionDef } from "../../contract/survey-definition";
import type { PlantOutput, PlantUse } from "../../engines/balance/types";
import { OUTPUT_UNIT_NAMES, type OutputUnit } from "../../engines/standards/plant-balance";
import type { Answers } from "./answers";
import { num, select } from "./survey";

export const PLANT_PAGE_KEY = "plant";

/** What one card's engine result says about the plant's energy (its `plant` hook). */
export interface PlantContribution {
  uses: Omit<PlantUse, "source">[];
  gasLhvMjPerM3?: number;
  steamEnthalpyKjPerKg?: number;
  coalLhvMjPerKg?: number;
}

const OUTPUT_UNIT_OPTIONS = (Object.keys(OUTPUT_UNIT_NAMES) as OutputUnit[]).map((key) => ({
  key,
  optionName: key === "cloth_100m" ? "百米（机织物等按长度计）" : "吨（针织物、纱线等按重量计）",
}));

const PLANT_QUESTIONS: QuestionDef[] = [
  num("plant_output", "年产量", 0, "统计期内的合格产品产量，单位在下一项选择；填写后计算单位产品综合能耗并与行业限额对比", { min: 0, minExclusive: true, max: 1e9 }),
  select("plant_output_unit", "产量单位", 0, "印染机织物按百米计，针织物、纱线按吨计", OUTPUT_UNIT_OPTIONS),
  num("plant_unit_limit", "单位产品综合能耗限额（kgce/产量单位）", 0, "适用的地方标准或行业限额；不清楚留空（印染行业按《印染行业规范条件》对比）", { min: 0, minExclusive: true, max: 1e6, unit: "kgce" }),
  num("plant_electricity_kwh", "全厂年用电量（kWh）", 0, "按全年电费账单合计；已填电费优化调查表的可留空", { min: 0, minExclusive: true, max: 1e11, unit: "kWh" }),
  num("plant_gas_m3", "全厂年天然气用量（m³）", 0, "按全年燃气结算单合计，未使用天然气留空", { min: 0, minExclusive: true, max: 1e10, unit: "m³" }),
  num("plant_steam_t", "全厂年外购蒸汽量（t）", 0, "按全年蒸汽结算单合计，未外购蒸汽留空", { min: 0, minExclusive: true, max: 1e9, unit: "t" }),
];

/** Every key of the plant page (read by readPlantFacts, not by the cards' own mappings). */
export const PLANT_PAGE_KEYS = PLANT_QUESTIONS.map((q) => q.key);

/** The plant page appended to every card's definition (one line in each workers/cards/<card>/survey.ts). */
export function plantPage(): PageDef {
  return {
    key: PLANT_PAGE_KEY,
    pageName: "全厂能源与产量（选填）",
    sections: [{ key: "plant_energy", kind: "input", moldName: "全厂能源与产量（选填）", multiple: 0, groups: [{ moldName: "用于全厂能源平衡与单位产品能耗", questions: PLANT_QUESTIONS }] }],
  };
}

export interface PlantFacts {
  output?: PlantOutput;
  /** The plant's own meters (role "metered"). */
  uses: Omit<PlantUse, "source">[];
  /** Answers that could not be read, as Chinese messages (the summary lists them). */
  problems: string[];
}

/** The plant page's answers of one survey. */
export function readPlantFacts(answers: Answers): PlantFacts {
  const problems: string[] = [];
  const value = (key: string): number | undefined => {
    const q = PLANT_QUESTIONS.find((x) => x.key === key)!;
    const raw = (answers[key]?.[0] ?? "").trim();
    const rule = numberRuleOf(q);
    if (raw === "" || !rule) return undefined;
    const r = checkNumber(rule, raw);
    if (!r.ok) problems.push(r.message);
    return r.ok ? r.value : undefined;
  };
  const uses: Omit<PlantUse, "source">[] = [];
  const kwh = value("plant_electricity_kwh");
  if (kwh !== undefined) uses.push({ carrier: "electricity", role: "metered", quantity: kwh, label: "全厂年用电量" });
  const gas = value("plant_gas_m3");
  if (gas !== undefined) uses.push({ carrier: "natural_gas", role: "metered", quantity: gas, label: "全厂年天然气用量" });
  const steam = value("plant_steam_t");
  if (steam !== undefined) uses.push({ carrier: "steam", role: "metered", quantity: steam, label: "全厂年外购蒸汽量" });
  const quantity = value("plant_output");
  const unitRaw = (answers.plant_output_unit?.[0] ?? "").trim();
  const unit = unitRaw in OUTPUT_UNIT_NAMES ? (unitRaw as OutputUnit) : undefined;
  const limit = value("plant_unit_limit");
  let output: PlantOutput | undefined;
  if (quantity !== undefined && unit) output = { quantity, unit, ...(limit !== undefined ? { limitKgcePerUnit: limit } : {}) };
  else if (quantity !== undefined) problems.push("已填写年产量但未选择产量单位");
  return { output, uses, problems };
}
