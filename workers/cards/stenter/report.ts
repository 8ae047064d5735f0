// The stenter exhaust heat recovery card (定型机余热回收): engine result → stored figures and report document.
import type { StenterInput, StenterResult } from "../../engines";
import { HEATING_OPTIONS } from "../../contract/card-options";
import { STENTER_FOULING_FACTOR } from "../../engines/standards/conventions";
import { factor4, fmt, fmtPct, fmtYears, sig3, type ReportFigures } from "../../reports/model/figures";
import { type Block, type Section, type ReportDoc, type ModelContext, type RollupRow, optionName, text, num, figureBase, shell, headlineTable, auditSections, commonSources, rollupTotals } from "../../reports/model/doc";
import { STENTER_METHOD } from "./method";
import { ELECTRICITY_KGCE_PER_KWH_EQUIVALENT, NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3 } from "../../engines/standards/carbon-factors";

const FUEL_NAMES = { natural_gas: "天然气", coal: "原煤", steam: "蒸汽" } as const;
const CARRIER_NAMES = { electricity: "电力（风机附加电耗）", natural_gas: "天然气", coal: "原煤", steam: "蒸汽", heat: "热力" } as const;
const dedupe = (xs: string[]) => [...new Set(xs)];

const dedupeRows = (rows: [string, string, string, string][]) => [...new Map(rows.map((x) => [x.join("|"), x])).values()];

/** The roll-up rows: one per unit (a withheld unit listed with its reason and no figures) and the fans' added electricity. */
function stenterRollupRows(r: StenterResult): RollupRow[] {
  const t = r.totals;
  const rows: RollupRow[] = r.stenters.map(
    (s): RollupRow =>
      s.withheld
        ? { name: `${s.name} 排风余热回收`, investmentYuan: null, electricKwh: 0, heatKwh: 0, yuan: 0, tceEquivalent: 0, tco2: null, life: "heat_recovery", inTotal: false, remark: s.withheld }
        : {
            name: `${s.name} 排风余热回收`,
            investmentYuan: s.investmentYuan,
            electricKwh: 0,
            heatKwh: s.annualHeatKwh,
            yuan: s.costSavingYuan,
            tceEquivalent: s.carbon.tce,
            tco2: s.carbon.tco2,
            life: "heat_recovery",
            inTotal: true,
          },
  );
  if (t.fanPenaltyKwh > 0) {
    rows.push({
      name: "换热器阻力增加的风机电耗",
      investmentYuan: null,
      electricKwh: -t.fanPenaltyKwh,
      heatKwh: 0,
      yuan: -t.fanPenaltyCostYuan,
      tceEquivalent: (-t.fanPenaltyKwh * ELECTRICITY_KGCE_PER_KWH_EQUIVALENT) / 1000,
      tco2: (-t.fanPenaltyKwh * r.gridFactor.kgCo2PerKwh) / 1000,
      life: "heat_recovery",
      inTotal: true,
      remark: "负效益（用电增加），投资已含在余热回收中",
    });
  }
  return rows;
}

/**
 * The stored figures. The headline's money, energy and payback are the roll-up's total (net of the fans' added
 * electricity), so the summary, the roll-up and the tracker print one figure (issue 22 item 3).
 */
function stenterFigures(ctx: ModelContext, r: StenterResult, rows: RollupRow[]): ReportFigures {
  const t = r.totals;
  const totals = rollupTotals(rows);
  return {
    ...figureBase(ctx),
    headline: {
      savingKwh: t.annualHeatKwh,
      savingKwhLabel: "年回收热量（热能kWh，非电量）",
      savingYuan: totals.yuan,
      tce: totals.tceEquivalent,
      tco2: r.carbon.tco2Incomplete ? null : totals.tco2,
      investmentYuan: totals.investmentYuan,
      investmentIncomplete: false,
      paybackYears: totals.paybackYears,
      roomShare: null,
      baseline: null,
      fuel: { name: FUEL_NAMES[t.fuelSaved.fuel], amount: t.fuelSaved.amount, unit: t.fuelSaved.unit },
    },
    // A withheld unit (input the report calls impossible) is listed with its reason and no figures (issue 22).
    measures: r.stenters.map((s) =>
      s.withheld
        ? { code: "heat_recovery", name: `${s.name} 排风余热回收`, savingKwh: null, savingYuan: 0, investmentYuan: null, paybackYears: null, remark: "输入数据有误，未计入合计（见数据合理性提示）" }
        : {
            code: "heat_recovery",
            name: `${s.name} 排风余热回收`,
            savingKwh: s.annualHeatKwh,
            savingYuan: s.costSavingYuan,
            investmentYuan: s.investmentYuan,
            paybackYears: s.paybackYears,
            remark: `节约${FUEL_NAMES[s.fuelSaved.fuel]} ${fmt(s.fuelSaved.amount, s.fuelSaved.unit)}${s.displaces === "water_heating" ? "（工艺用水加热燃料）" : ""}；节能量为热量kWh（热）`,
          },
    ),
  };
}

function stenterSummary(r: StenterResult, figures: ReportFigures): Block[] {
  const t = r.totals;
  const h = figures.headline;
  const fuelName = FUEL_NAMES[t.fuelSaved.fuel];
  const counted = r.stenters.filter((s) => s.withheld === null);
  const withheld = r.stenters.filter((s) => s.withheld !== null);
  const heating = optionName(HEATING_OPTIONS, r.heating) ?? r.heating;
  const fan = t.fanPenaltyCostYuan > 0 ? `，扣除换热器增加的风机电费${fmt(t.fanPenaltyCostYuan, "元")}后年节约费用${fmt(h.savingYuan, "元")}` : "";
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `本次评估共${r.stenters.length}台定型机，加热方式为${heating}。` +
        (withheld.length ? `其中${withheld.map((s) => s.name).join("、")}的输入数据有误（回收热量超过申报燃料用量），未计入以下合计；以下为其余${counted.length}台的结果。` : "") +
        `在定型机排风管道加装换热器回收排风余热，合计回收热功率${fmt(t.recoveredKw, "kW")}，` +
        `年回收热量${fmt(t.annualHeatGj, "GJ")}（${fmt(t.annualHeatKwh, "kWh")}热量，非电量），年节约${fuelName}${fmt(t.fuelSaved.amount, t.fuelSaved.unit)}${t.otherFuelsSaved.map((f) => `、工艺用水加热${FUEL_NAMES[f.fuel]}${fmt(f.amount, f.unit)}`).join("")}、燃料费用${fmt(t.costSavingYuan, "元")}${fan}，` +
        `折合标准煤${fmt(h.tce, "tce")}${h.tco2 === null ? "" : `、减排二氧化碳${fmt(h.tco2, "tCO2")}`}；投资${fmt(h.investmentYuan, "元")}，静态投资回收期${fmtYears(h.paybackYears)}。`,
    },
    headlineTable(figures, "年回收热量 (kWh热)"),
  ];
  if (t.fuelSavingShare !== null) summary.push({ kind: "para", text: `节约燃料占定型机年燃料消耗的${fmtPct(t.fuelSavingShare)}。` });
  return summary;
}

function exhaustSection(r: StenterResult): Section {
  return {
    title: "定型机排风参数",
    blocks: [
      {
        kind: "table",
        columns: [text("设备名称", 2), num("干空气流量 (kg/h)", 1.5), num("含湿量 (kg/kg)", 1.3), num("比容 (m³/kg)", 1.2), num("比热 (kJ/kg·K)", 1.3), num("露点 (°C)", 1)],
        rows: r.stenters.map((s) => [
          s.name,
          fmt(s.dryAirKgPerH),
          `${sig3(s.humidity)}${s.humidityAssumed ? "（估）" : ""}`,
          sig3(s.specificVolumeM3PerKg),
          sig3(s.specificHeatKjPerKgK),
          sig3(s.dewPointC),
        ]),
      },
    ],
  };
}

function recoverySection(r: StenterResult): Section {
  const t = r.totals;
  const fuelName = FUEL_NAMES[t.fuelSaved.fuel];
  const counted = r.stenters.filter((s) => s.withheld === null);
  return {
    title: "措施：排风余热回收",
    blocks: [
      {
        kind: "para",
        text: `回收热量 Φ = ε × C_min × (T排 − T冷进)，ε取换热器清洁时效率乘以油烟污垢系数（默认${STENTER_FOULING_FACTOR}，即清洗周期内平均效率下降约${Math.round((1 - STENTER_FOULING_FACTOR) * 100)}%，有实测平均值时以实测为准），并校核换热后排气温度不低于露点以上10 K；不满足时按露点限制降低换热效率。回收热量用于加热工艺用水时，按工艺用水现有加热方式的燃料与价格计算节约。`,
      },
      {
        kind: "table",
        title: "各定型机余热回收（燃料节约，未扣除风机电费）",
        columns: [
          text("设备名称", 1.8),
          num("换热效率 (清洁×污垢系数)", 1.5),
          num("回收功率 (kW)", 1.2),
          num("出口温度 (°C)", 1.1),
          num("年回收 (GJ)", 1.1),
          text("节约燃料", 1.4),
          num("年节约 (元)", 1.3),
          num("回收期", 0.9),
        ],
        rows: r.stenters.map((s) => [
          s.withheld ? `${s.name}（数据有误，不计入合计）` : s.name,
          s.cappedByDewPoint ? `${fmtPct(s.effectivenessUsed)}（露点限制）` : `${fmtPct(s.effectivenessRequested)}×${s.foulingFactor.toFixed(2)}=${fmtPct(s.effectivenessUsed)}`,
          fmt(s.recoveredKw),
          sig3(s.exhaustOutTempC),
          fmt(s.annualHeatGj),
          `${FUEL_NAMES[s.fuelSaved.fuel]} ${fmt(s.fuelSaved.amount, s.fuelSaved.unit)}`,
          fmt(s.costSavingYuan),
          fmtYears(s.paybackYears),
        ]),
        total: ["燃料节约小计", "", fmt(t.recoveredKw), "", fmt(t.annualHeatGj), t.otherFuelsSaved.length ? "" : `${fuelName} ${fmt(t.fuelSaved.amount, t.fuelSaved.unit)}`, fmt(t.costSavingYuan), fmtYears(t.paybackYears)],
      },
      { kind: "bar", title: "各定型机回收热功率 (kW)", unit: "kW", items: r.stenters.map((s) => ({ label: s.name, value: s.recoveredKw })) },
      {
        kind: "pie",
        title: "排风可利用热量（冷却至冷流体进口温度）",
        unit: "kW",
        items: [
          { label: "本方案回收", value: t.recoveredKw },
          { label: "仍随排风排出", value: Math.max(counted.reduce((s, x) => s + x.maxRecoverableKw, 0) - t.recoveredKw, 0) },
        ],
      },
    ],
  };
}

function fanSection(r: StenterResult): Section {
  const t = r.totals;
  const fan = r.stenters.filter((s) => s.fanPenalty);
  return {
    title: "换热器阻力增加的风机电耗",
    blocks: fan.length
      ? [
          { kind: "para", text: "换热器增加排风阻力，排风机功率相应增加；该项在上表燃料节约之外单独列示，执行摘要与措施汇总的年节约费用已扣除该项电费（净效益）。" },
          {
            kind: "table",
            columns: [text("设备名称", 2), num("增加功率 (kW)", 1.3), num("年耗电 (kWh，电)", 1.4), num("年电费 (元)", 1.3), num("净回收期", 1)],
            rows: fan.map((s) => [s.name, sig3(s.fanPenalty!.addedFanKw), fmt(s.fanPenalty!.annualKwh), fmt(s.fanPenalty!.costYuan), fmtYears(s.netPaybackYears)]),
            total: ["合计", "", fmt(t.fanPenaltyKwh), fmt(t.fanPenaltyCostYuan), fmtYears(t.netPaybackYears)],
          },
        ]
      : [{ kind: "para", text: "未提供换热器压降、风机效率或电价，未评估风机电耗增加。" }],
  };
}

const PLAUSIBILITY = new Set(["above_practice_band", "implausible_share", "recovered_above_declared", "humidity_implausible", "payback_below_band", "payback_above_band"]);

/** 数据合理性提示 (a withheld unit says why it is in no total beside the flag that calls its input impossible) and 测算提示. */
function hintSections(r: StenterResult): Section[] {
  const sections: Section[] = [];
  const plausibility = r.stenters.flatMap((s) => [
    ...s.flags.filter((f) => PLAUSIBILITY.has(f.code)).map((f) => `${s.name}：${f.message}`),
    ...(s.withheld ? [`${s.name}：本台结果未计入执行摘要、措施汇总与措施跟踪表的任何合计`] : []),
  ]);
  if (plausibility.length) sections.push({ title: "数据合理性提示", blocks: [{ kind: "bullets", items: plausibility }] });
  const flags = r.stenters.flatMap((s) => s.flags.filter((f) => !PLAUSIBILITY.has(f.code)).map((f) => `${s.name}：${f.message}`));
  if (flags.length) sections.push({ title: "测算提示", blocks: [{ kind: "bullets", items: flags }] });
  return sections;
}

function stenterAudit(r: StenterResult, rows: RollupRow[]): Section[] {
  return auditSections(
    rows,
    "各定型机的余热回收相互独立，无相互作用；换热器增加的风机电耗作为负效益计入本表合计（净效益），执行摘要的年节约费用、标准煤与回收期与本表合计相同。回收热量为热量kWh（热），与电量kWh（电）分列。",
    {
      boundary: "各定型机排风换热器及其排风机；节约燃料以定型机（或工艺用水）供热系统的燃料计量为准。",
      baseline: `定型机年燃料用量（调查表填写）及排风温度、风量、含湿量的实测值；本报告预测年回收热量${fmt(r.totals.annualHeatGj, "GJ")}。`,
      metering: "改造后在换热器冷侧加装热量表（或测量冷流体流量与进出口温度），并记录排风温度、风量与定型机产量（作为常规调整变量）；换热器定期清洗，记录清洗前后效率。",
    },
  );
}

function stenterAssumptions(r: StenterResult): string[] {
  const heating = optionName(HEATING_OPTIONS, r.heating) ?? r.heating;
  return [
    `加热方式：${heating}；加热设备效率：${r.heaterEfficiency === null ? "蒸汽按焓差计算，不计锅炉效率" : fmtPct(r.heaterEfficiency)}。`,
    "未实测排气含湿量时按0.10 kg/kg干空气估算；未给出换热效率时按0.55估算。",
    "露点安全裕量10 K（非冷凝设计）。",
    ...dedupe(
      r.carbon.figures.flatMap((f) => [
        `折标系数（${CARRIER_NAMES[f.carrier]}）：${factor4(f.tceFactor.value)} ${f.tceFactor.unit}，来源：${f.tceFactor.source}。`,
        f.co2Factor ? `二氧化碳排放因子（${CARRIER_NAMES[f.carrier]}）：${factor4(f.co2Factor.value)} ${f.co2Factor.unit}，来源：${f.co2Factor.source}。` : `${CARRIER_NAMES[f.carrier]}未配置二氧化碳排放因子，未计减排量。`,
      ]),
    ),
    "热量单位：年回收热量以kWh（热）或GJ计（1 kWh = 3.6 MJ），与电量kWh（电）不可相加；风机增加的电耗以kWh（电）单列。",
    "宣传资料中的“60%、70%、40%”为行业上限参考值，本报告结果按企业自身数据计算。",
  ];
}

function stenterSources(r: StenterResult, input?: StenterInput): [string, string, string, string][] {
  // One row per factor (every unit of the same fuel carries the same factor; issue 22 listed it once per stenter).
  const factorRows = dedupeRows(
    r.carbon.figures
      .filter((f) => f.carrier !== "electricity")
      .flatMap((f): [string, string, string, string][] => [
        [`${CARRIER_NAMES[f.carrier]}折标准煤系数`, `${factor4(f.tceFactor.value)} ${f.tceFactor.unit}`, f.tceFactor.source, "2020年发布，2021年实施"],
        ...(f.co2Factor ? ([[`${CARRIER_NAMES[f.carrier]}二氧化碳排放因子`, `${factor4(f.co2Factor.value)} ${f.co2Factor.unit}`, f.co2Factor.source, "2013–2015年"]] as [string, string, string, string][]) : []),
      ]),
  );
  // The heating value the results used: the supplier's when entered, else the GB/T 2589 default.
  const gasLhv: [string, string, string, string] =
    input?.gasLhvMjPerM3 !== undefined
      ? ["天然气低位热值（供气单位提供，填写值）", `${factor4(input.gasLhvMjPerM3)} MJ/m³`, "企业填写（供气单位气质报告）", "—"]
      : ["天然气低位热值（缺省值）", `${factor4(NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3)} MJ/m³`, "GB/T 2589附录天然气（9,310 kcal/m³）", "2020年"];
  return [
    ...commonSources(r.gridFactor),
    ...factorRows,
    gasLhv,
    ["湿空气物性", "比容、比热、露点（Magnus公式）", "ASHRAE Handbook—Fundamentals 湿空气计算", "2021年版"],
    ["定型机排风热损失与节能实践", "排风热损失可达60%；工程实践节约燃料10–25%", "EU IPPC BREF Textiles Industry §4.8.1；Tian等，Applied Energy 188", "2003年；2017年"],
    ["换热器污垢系数", `${STENTER_FOULING_FACTOR}`, "假设值（清洗周期内平均效率，未见公开数据）", "—"],
  ];
}

export function stenterReport(ctx: ModelContext, r: StenterResult, input?: StenterInput): ReportDoc {
  const rows = stenterRollupRows(r);
  const figures = stenterFigures(ctx, r, rows);
  const sections: Section[] = [exhaustSection(r), recoverySection(r), fanSection(r), { title: "协同效益", blocks: [{ kind: "bullets", items: r.coBenefits }] }, ...hintSections(r), ...stenterAudit(r, rows)];
  return shell(ctx, figures, stenterSummary(r, figures), sections, stenterAssumptions(r), STENTER_METHOD, stenterSources(r, input));
}
