// Engine results → the report's content: the stored figures (headline + measures) and a card-agnostic
// document model (sections of paragraphs, tables and charts) that document.tsx lays out. Pure: no I/O and
// no react-pdf, so tests can check every figure against the engine without rendering.
import type { ElectricityInput, ElectricityResult, MotorAssessment, MotorSystemResult, StenterResult } from "../engines";
import { normaliseCurve } from "../engines/electricity/curve";
import { periodGrid, tariffFor, SLOTS_PER_DAY } from "../engines/electricity/periods";
import type { Period } from "../engines/standards/tariffs/types";
import {
  HEATING_OPTIONS,
  INDUSTRY_OPTIONS,
  PROVINCE_OPTIONS,
  type OptionItem,
} from "../engines/inputs/options";
import { chinaDate, fmt, fmtInt, fmtPct, fmtYears, sig3, type MeasureFigure, type ReportCard, type ReportFigures } from "./figures";
import { appendixFor, type AppendixSection } from "./appendix";

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
const PERIOD_ORDER: Period[] = ["critical", "peak", "flat", "valley", "deep_valley"];

const optionName = (items: readonly OptionItem[], key: string | undefined) => (key ? (items.find((o) => o.key === key)?.optionName ?? key) : null);
const first = (ctx: ModelContext, key: string) => (ctx.answers[key]?.[0] ?? "").trim();

function company(ctx: ModelContext): ReportFigures["company"] {
  return {
    name: first(ctx, "company_name"),
    province: optionName(PROVINCE_OPTIONS, first(ctx, "province") || undefined),
    city: first(ctx, "city") || null,
    industry: optionName(INDUSTRY_OPTIONS, first(ctx, "industry") || undefined),
  };
}


/** The fields every card's figures open with. */
function figureBase(ctx: ModelContext): Pick<ReportFigures, "version" | "card" | "cardName" | "reportNo" | "generatedAt" | "company"> {
  return { version: 1, card: ctx.card, cardName: ctx.cardName, reportNo: ctx.reportNo, generatedAt: ctx.generatedAt, company: company(ctx) };
}

const invText = (inv: { yuan: number | null; basis: string }) =>
  inv.yuan === null ? "—（无报价）" : `${fmt(inv.yuan)}${inv.basis === "quote" ? "（报价）" : "（估算）"}`;

/** A per-unit investment for `quantity` units, as invText shows it. */
const invFor = (inv: { yuan: number | null; basis: string }, quantity: number) => invText({ yuan: inv.yuan === null ? null : inv.yuan * quantity, basis: inv.basis });

/** Table columns: text (left) and figures (right-aligned). */
const text = (label: string, width: number): TableColumn => ({ label, width });
const num = (label: string, width: number): TableColumn => ({ label, width, align: "right" });

function shell(ctx: ModelContext, figures: ReportFigures, summary: Block[], sections: Section[], assumptions: string[]): ReportDoc {
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

function headlineTable(figures: ReportFigures): Block {
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

// ---- motor drive systems ----

function motorMeasures(r: MotorSystemResult): MeasureFigure[] {
  const price = r.priceYuanPerKwh;
  const sumInv = (pick: (m: MotorAssessment) => { yuan: number | null } | null, saving: (m: MotorAssessment) => number) => {
    let total = 0;
    let any = false;
    for (const m of r.motors) {
      const inv = pick(m);
      if (inv && inv.yuan !== null && saving(m) > 0) {
        total += inv.yuan * m.quantity;
        any = true;
      }
    }
    return any ? total : null;
  };
  const measure = (code: string, name: string, kwh: number, inv: number | null, remark: string): MeasureFigure => ({
    code,
    name,
    savingKwh: kwh,
    savingYuan: kwh * price,
    investmentYuan: inv,
    paybackYears: inv !== null && kwh > 0 ? inv / (kwh * price) : null,
    remark,
  });
  const b = r.totals.byMeasure;
  const out: MeasureFigure[] = [
    measure("upgrade_grade1", "更换为1级能效电机", b.upgradeGrade1Kwh, sumInv((m) => m.perUnit.upgradeGrade1.investment, (m) => m.perUnit.upgradeGrade1.savingKwh), "单项测算，相对现状"),
    measure("upgrade_grade2", "更换为2级能效电机", b.upgradeGrade2Kwh, sumInv((m) => m.perUnit.upgradeGrade2.investment, (m) => m.perUnit.upgradeGrade2.savingKwh), "单项测算，相对现状"),
  ];
  if (r.motors.some((m) => m.perUnit.vfd)) out.push(measure("vfd", "加装变频调速", b.vfdKwh, sumInv((m) => m.perUnit.vfd?.investment ?? null, (m) => m.perUnit.vfd?.savingKwh ?? 0), "单项测算，相对现状"));
  if (r.motors.some((m) => m.perUnit.beltFix)) out.push(measure("belt", "皮带传动改为同步带", b.beltKwh, sumInv((m) => m.perUnit.beltFix?.investment ?? null, (m) => m.perUnit.beltFix?.savingKwh ?? 0), "单项测算，相对现状"));
  out.push({
    code: "package",
    name: "推荐组合改造方案",
    savingKwh: r.totals.savingKwh,
    savingYuan: r.totals.costSavingYuan,
    investmentYuan: r.totals.investmentYuan,
    paybackYears: r.totals.paybackYears,
    remark: "依次实施、不重复计算",
  });
  return out;
}

export function motorReport(ctx: ModelContext, r: MotorSystemResult): ReportDoc {
  const t = r.totals;
  const figures: ReportFigures = {
    ...figureBase(ctx),
    headline: {
      savingKwh: t.savingKwh,
      savingKwhLabel: "年节电量",
      savingYuan: t.costSavingYuan,
      tce: r.carbon.tce,
      tco2: r.carbon.tco2,
      investmentYuan: t.investmentYuan,
      investmentIncomplete: t.investmentIncomplete,
      paybackYears: t.paybackYears,
      roomShare: null,
      baseline: { label: "现状年耗电量", value: t.baselineKwh, unit: "kWh" },
      fuel: null,
    },
    measures: motorMeasures(r),
  };
  const h = figures.headline;
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `本次评估共${fmtInt(t.motorCount)}台电机，装机容量${fmt(t.installedKw, "kW")}，按实测负载与运行时间测算现状年耗电量${fmt(t.baselineKwh, "kWh")}，` +
        `年电费约${fmt(t.baselineCostYuan, "元")}（电价${sig3(r.priceYuanPerKwh)}元/kWh）。推荐组合改造方案实施后年节电${fmt(h.savingKwh, "kWh")}` +
        `（占现状的${fmtPct(t.savingShare)}），年节约电费${fmt(h.savingYuan, "元")}，折合标准煤${fmt(h.tce, "tce")}、减排二氧化碳${fmt(h.tco2, "tCO2")}；` +
        `估算投资${fmt(h.investmentYuan, "元")}，静态投资回收期${fmtYears(h.paybackYears)}。`,
    },
  ];
  if (t.investmentIncomplete) summary.push({ kind: "para", text: "注：部分措施缺少报价且无默认造价（如皮带改造），投资合计未包含这些措施。" });
  summary.push(headlineTable(figures));

  const sections: Section[] = [];
  // Equipment table.
  sections.push({
    title: "电机设备清单与运行现状",
    blocks: [
      {
        kind: "table",
        columns: [
          text("设备名称", 2.2),
          num("台数", 0.7),
          num("额定功率 (kW)", 1.1),
          num("极数", 0.7),
          text("效率依据", 2.4),
          num("满载效率", 1),
          num("负载率", 1),
          num("运行效率", 1),
          num("年运行小时", 1),
          num("年耗电 (kWh)", 1.4),
        ],
        rows: r.motors.map((m) => [
          m.name,
          fmtInt(m.quantity),
          sig3(m.ratedKw),
          String(m.poles),
          m.efficiencyBasis.label,
          fmtPct(m.efficiencyBasis.fullLoadEfficiency),
          fmtPct(m.measured.loadFactor),
          fmtPct(m.measured.efficiency),
          fmtInt(m.annualHours),
          fmt(m.baselineKwh),
        ]),
        total: ["合计", fmtInt(t.motorCount), sig3(t.installedKw), "", "", "", "", "", "", fmt(t.baselineKwh)],
      },
      { kind: "bar", title: "各电机现状年耗电量 (kWh)", unit: "kWh", items: r.motors.map((m) => ({ label: m.name, value: m.baselineKwh })) },
    ],
  });
  const flags = r.motors.flatMap((m) => [...m.flags, ...m.notes].map((n) => `${m.name}：${n.message}`));
  if (flags.length) sections.push({ title: "能效诊断提示", blocks: [{ kind: "bullets", items: flags }] });

  // Grade upgrade.
  const upgradeRows = (g: "upgradeGrade1" | "upgradeGrade2") =>
    r.motors.map((m) => {
      const u = m.perUnit[g];
      return [
        m.name,
        fmtPct(u.oldEfficiencyAtLoad),
        u.status === "assessed" ? fmtPct(u.newEfficiencyAtLoad) : "—",
        fmt(u.savingKwh * m.quantity),
        fmt(u.costSavingYuan * m.quantity),
        u.status === "assessed" ? invFor(u.investment, m.quantity) : "—",
        fmtYears(u.paybackYears),
        u.status === "assessed" ? (u.recommendationText ?? "") : "已达到或优于该等级",
      ];
    });
  const upgradeCols: TableColumn[] = [
    text("设备名称", 2),
    num("现效率", 0.9),
    num("新效率", 0.9),
    num("年节电 (kWh)", 1.2),
    num("年节约 (元)", 1.2),
    num("投资 (元)", 1.6),
    num("回收期", 0.9),
    text("建议", 2.3),
  ];
  sections.push({
    title: "措施一：更换高效电机",
    blocks: [
      {
        kind: "para",
        text: "在相同轴功率下比较现有电机与GB 18613-2020 1级、2级能效电机的运行效率（按实际负载率的部分负载效率），节电量 = 轴功率 × 运行时间 × (1/η旧 − 1/η新)。效率为负载率下的运行效率。",
      },
      { kind: "table", title: "更换为1级能效电机", columns: upgradeCols, rows: upgradeRows("upgradeGrade1") },
      { kind: "table", title: "更换为2级能效电机", columns: upgradeCols, rows: upgradeRows("upgradeGrade2") },
      {
        kind: "bar",
        title: "各电机更换1级 / 2级能效电机年节电量 (kWh)",
        unit: "kWh",
        series: ["1级能效", "2级能效"],
        items: r.motors.map((m) => ({ label: m.name, value: m.perUnit.upgradeGrade1.savingKwh * m.quantity })),
        items2: r.motors.map((m) => m.perUnit.upgradeGrade2.savingKwh * m.quantity),
      },
      { kind: "para", text: "提示：高效异步电机转差率较小、转速略高，离心负载功率约与转速三次方成正比，可能抵消部分节电量，必要时应调整工艺转速。" },
    ],
  });

  // VFD.
  const vfdMotors = r.motors.filter((m) => m.perUnit.vfd);
  if (vfdMotors.length) {
    const statusText = { assessed: "已测算", refused: "无法测算", not_beneficial: "不节能" } as const;
    sections.push({
      title: "措施二：水泵、风机变频调速",
      blocks: [
        {
          kind: "para",
          text: "按流量工况分布逐档计算阀门节流（或风门调节）与变频调速两种方式的电机输入功率，变频器效率按0.97计。节电量为各工况电量之差的合计。",
        },
        {
          kind: "table",
          columns: [
            text("设备名称", 2),
            text("测算结果", 1),
            num("现状 (kWh)", 1.3),
            num("变频后 (kWh)", 1.3),
            num("年节电 (kWh)", 1.3),
            num("节电率", 0.9),
            num("投资 (元)", 1.5),
            num("回收期", 0.9),
          ],
          rows: vfdMotors.map((m) => {
            const v = m.perUnit.vfd!;
            const q = m.quantity;
            return [
              m.name,
              statusText[v.status],
              fmt(v.baselineKwh * q),
              fmt(v.vfdKwh * q),
              fmt(v.savingKwh * q),
              fmtPct(v.savingShare),
              invFor(v.investment, q),
              fmtYears(v.paybackYears),
            ];
          }),
        },
        {
          kind: "bar",
          title: "变频改造前后年耗电量 (kWh)",
          unit: "kWh",
          series: ["现状", "变频后"],
          items: vfdMotors.map((m) => ({ label: m.name, value: m.perUnit.vfd!.baselineKwh * m.quantity })),
          items2: vfdMotors.map((m) => m.perUnit.vfd!.vfdKwh * m.quantity),
        },
      ],
    });
  }

  // Belt.
  const beltMotors = r.motors.filter((m) => m.perUnit.beltFix);
  if (beltMotors.length) {
    sections.push({
      title: `措施${vfdMotors.length ? "三" : "二"}：皮带传动改造`,
      blocks: [
        { kind: "para", text: "普通V带、齿形V带改为同步带传动，传动损失按MEASUR皮带损失公式在现有电机轴功率下计算。" },
        {
          kind: "table",
          columns: [
            text("设备名称", 2),
            num("年节电 (kWh)", 1.3),
            num("年节约 (元)", 1.3),
            num("投资 (元)", 1.5),
            num("回收期", 1),
          ],
          rows: beltMotors.map((m) => {
            const b = m.perUnit.beltFix!;
            return [m.name, fmt(b.savingKwh * m.quantity), fmt(b.costSavingYuan * m.quantity), invFor(b.investment, m.quantity), fmtYears(b.paybackYears)];
          }),
        },
      ],
    });
  }

  // Package.
  const stepNames: Record<string, string> = {};
  const byStep = new Map<string, number>();
  const stepRows: string[][] = [];
  for (const m of r.motors) {
    const p = m.perUnit.package;
    if (!p.steps.length) stepRows.push([m.name, "无经济可行措施", "—", "—", "—"]);
    for (const s of p.steps) {
      stepNames[s.measure] = s.name;
      byStep.set(s.measure, (byStep.get(s.measure) ?? 0) + s.savingKwh * m.quantity);
      stepRows.push([m.name, s.name, fmt(s.savingKwh * m.quantity), fmt(s.costSavingYuan * m.quantity), invFor(s.investment, m.quantity)]);
    }
  }
  sections.push({
    title: "推荐组合改造方案",
    blocks: [
      {
        kind: "para",
        text: "每台电机按“同步带传动 → 变频调速 → 1级能效电机”的顺序依次叠加，仅保留使能耗降低的步骤；每步节电量为实施前后能耗之差，合计即现状与改造后能耗之差，不重复计算。",
      },
      {
        kind: "table",
        columns: [
          text("设备名称", 2),
          text("改造步骤", 2),
          num("年节电 (kWh)", 1.3),
          num("年节约 (元)", 1.3),
          num("投资 (元)", 1.6),
        ],
        rows: stepRows,
        total: ["合计", "", fmt(t.savingKwh), fmt(t.costSavingYuan), fmt(t.investmentYuan)],
      },
      { kind: "pie", title: "组合方案节电量构成", unit: "kWh", items: [...byStep].map(([k, v]) => ({ label: stepNames[k] ?? k, value: v })) },
      {
        kind: "kv",
        rows: [
          ["改造后年耗电量", fmt(t.baselineKwh - t.savingKwh, "kWh")],
          ["节电率", fmtPct(t.savingShare)],
          ["最大运行工况需量降低", fmt(t.demandReductionKw, "kW")],
          ["电网排放因子", `${sig3(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh（${r.gridFactor.label}）`],
        ],
      },
    ],
  });

  const sizing = r.motors.filter((m) => m.perUnit.rightSizing);
  if (sizing.length) {
    sections.push({
      title: "电机容量优化（参考）",
      blocks: [
        { kind: "para", text: "负载率低于40%的电机，按相同轴功率、负载率不高于75%选配最小规格的1级能效电机作为参考方案（不计入组合方案）。" },
        {
          kind: "table",
          columns: [
            text("设备名称", 2),
            num("建议功率 (kW)", 1.2),
            num("新负载率", 1),
            num("年节电 (kWh)", 1.3),
            num("投资 (元)", 1.3),
            num("回收期", 1),
          ],
          rows: sizing.map((m) => {
            const s = m.perUnit.rightSizing!;
            return [m.name, sig3(s.suggestedRatedKw), fmtPct(s.newLoadFactor), fmt(s.savingKwh * m.quantity), fmt(s.investmentYuan * m.quantity), fmtYears(s.paybackYears)];
          }),
        },
      ],
    });
  }

  const pumps = r.motors.filter((m) => m.pumpField || m.pumpGrade);
  if (pumps.length) {
    sections.push({
      title: "水泵运行效率",
      blocks: [
        {
          kind: "kv",
          rows: pumps.map((m) => [
            m.name,
            [
              m.pumpField ? `运行效率 ${fmtPct(m.pumpField.pumpOperatingEfficiency)}（水力功率 ${fmt(m.pumpField.hydraulicKw, "kW")}）` : "",
              m.pumpGrade ? `GB 19762-2025：${m.pumpGrade.gradeText}` : "",
            ]
              .filter(Boolean)
              .join("；"),
          ]),
        },
      ],
    });
  }

  const assumptions = [
    `电价：${sig3(r.priceYuanPerKwh)} 元/kWh（调查表填写）。`,
    `电网二氧化碳排放因子：${sig3(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh，${r.gridFactor.label}，来源：${r.gridFactor.source}。`,
    `折标系数：${sig3(r.carbon.tceFactor.value)} ${r.carbon.tceFactor.unit}（${r.carbon.tceFactor.source}）。`,
    "未提供报价时，电机与变频器投资按附录所列单位造价估算（标注“估算”）；皮带改造无默认造价。",
    "各单项措施均相对现状独立测算，不可相加；组合方案按顺序叠加，不重复计算。",
    "部分负载效率按MEASUR高效4极电机曲线插值，其他极数沿用4极比例。",
  ];
  return shell(ctx, figures, summary, sections, assumptions);
}

// ---- stenter exhaust heat recovery ----

const FUEL_NAMES = { natural_gas: "天然气", coal: "原煤", steam: "蒸汽" } as const;

export function stenterReport(ctx: ModelContext, r: StenterResult): ReportDoc {
  const t = r.totals;
  const fuelName = FUEL_NAMES[t.fuelSaved.fuel];
  const figures: ReportFigures = {
    ...figureBase(ctx),
    headline: {
      savingKwh: t.annualHeatKwh,
      savingKwhLabel: "年回收热量（热量kWh）",
      savingYuan: t.costSavingYuan,
      tce: r.carbon.tce,
      tco2: r.carbon.tco2Incomplete ? null : r.carbon.tco2,
      investmentYuan: t.investmentYuan,
      investmentIncomplete: r.stenters.some((s) => s.investmentYuan === null) && t.investmentYuan !== null,
      paybackYears: t.paybackYears,
      roomShare: null,
      baseline: null,
      fuel: { name: fuelName, amount: t.fuelSaved.amount, unit: t.fuelSaved.unit },
    },
    measures: r.stenters.map((s) => ({
      code: "heat_recovery",
      name: `${s.name} 排风余热回收`,
      savingKwh: s.annualHeatKwh,
      savingYuan: s.costSavingYuan,
      investmentYuan: s.investmentYuan,
      paybackYears: s.paybackYears,
      remark: `节约${fuelName} ${fmt(s.fuelSaved.amount, s.fuelSaved.unit)}`,
    })),
  };
  const h = figures.headline;
  const heating = optionName(HEATING_OPTIONS, r.heating) ?? r.heating;
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `本次评估共${r.stenters.length}台定型机，加热方式为${heating}。在定型机排风管道加装换热器回收排风余热，合计回收热功率${fmt(t.recoveredKw, "kW")}，` +
        `年回收热量${fmt(t.annualHeatGj, "GJ")}（${fmt(t.annualHeatKwh, "kWh")}），年节约${fuelName}${fmt(t.fuelSaved.amount, t.fuelSaved.unit)}、燃料费用${fmt(h.savingYuan, "元")}，` +
        `折合标准煤${fmt(h.tce, "tce")}${h.tco2 === null ? "" : `、减排二氧化碳${fmt(h.tco2, "tCO2")}`}；投资${fmt(h.investmentYuan, "元")}，静态投资回收期${fmtYears(h.paybackYears)}` +
        `${t.netPaybackYears !== null ? `（扣除换热器增加的风机电费后为${fmtYears(t.netPaybackYears)}）` : ""}。`,
    },
    headlineTable(figures),
  ];
  if (t.fuelSavingShare !== null) summary.push({ kind: "para", text: `节约燃料占定型机年燃料消耗的${fmtPct(t.fuelSavingShare)}。` });

  const sections: Section[] = [
    {
      title: "定型机排风参数",
      blocks: [
        {
          kind: "table",
          columns: [
            text("设备名称", 2),
            num("干空气流量 (kg/h)", 1.5),
            num("含湿量 (kg/kg)", 1.3),
            num("比容 (m³/kg)", 1.2),
            num("比热 (kJ/kg·K)", 1.3),
            num("露点 (°C)", 1),
          ],
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
    },
    {
      title: "措施：排风余热回收",
      blocks: [
        { kind: "para", text: "回收热量 Φ = ε × C_min × (T排 − T冷进)，并校核换热后排气温度不低于露点以上10 K；不满足时按露点限制降低换热效率。" },
        {
          kind: "table",
          columns: [
            text("设备名称", 1.8),
            num("换热效率", 1.1),
            num("回收功率 (kW)", 1.2),
            num("出口温度 (°C)", 1.1),
            num("年回收 (GJ)", 1.1),
            { label: `节约${fuelName}`, width: 1.3, align: "right" },
            num("年节约 (元)", 1.3),
            num("回收期", 0.9),
          ],
          rows: r.stenters.map((s) => [
            s.name,
            `${fmtPct(s.effectivenessUsed)}${s.cappedByDewPoint ? "（露点限制）" : ""}`,
            fmt(s.recoveredKw),
            sig3(s.exhaustOutTempC),
            fmt(s.annualHeatGj),
            fmt(s.fuelSaved.amount, s.fuelSaved.unit),
            fmt(s.costSavingYuan),
            fmtYears(s.paybackYears),
          ]),
          total: ["合计", "", fmt(t.recoveredKw), "", fmt(t.annualHeatGj), fmt(t.fuelSaved.amount, t.fuelSaved.unit), fmt(t.costSavingYuan), fmtYears(t.paybackYears)],
        },
        { kind: "bar", title: "各定型机回收热功率 (kW)", unit: "kW", items: r.stenters.map((s) => ({ label: s.name, value: s.recoveredKw })) },
        {
          kind: "pie",
          title: "排风可利用热量（冷却至冷流体进口温度）",
          unit: "kW",
          items: [
            { label: "本方案回收", value: t.recoveredKw },
            { label: "仍随排风排出", value: Math.max(r.stenters.reduce((s, x) => s + x.maxRecoverableKw, 0) - t.recoveredKw, 0) },
          ],
        },
      ],
    },
  ];
  const fan = r.stenters.filter((s) => s.fanPenalty);
  sections.push({
    title: "换热器阻力增加的风机电耗",
    blocks: fan.length
      ? [
          { kind: "para", text: "换热器增加排风阻力，排风机功率相应增加；该项单独列示，不从上述节能效益中扣除。" },
          {
            kind: "table",
            columns: [
              text("设备名称", 2),
              num("增加功率 (kW)", 1.3),
              num("年耗电 (kWh)", 1.3),
              num("年电费 (元)", 1.3),
              num("净回收期", 1),
            ],
            rows: fan.map((s) => [s.name, sig3(s.fanPenalty!.addedFanKw), fmt(s.fanPenalty!.annualKwh), fmt(s.fanPenalty!.costYuan), fmtYears(s.netPaybackYears)]),
            total: ["合计", "", fmt(t.fanPenaltyKwh), fmt(t.fanPenaltyCostYuan), fmtYears(t.netPaybackYears)],
          },
        ]
      : [{ kind: "para", text: "未提供换热器压降、风机效率或电价，未评估风机电耗增加。" }],
  });
  sections.push({ title: "协同效益", blocks: [{ kind: "bullets", items: r.coBenefits }] });
  const flags = r.stenters.flatMap((s) => s.flags.map((f) => `${s.name}：${f.message}`));
  if (flags.length) sections.push({ title: "测算提示", blocks: [{ kind: "bullets", items: flags }] });

  const assumptions = [
    `加热方式：${heating}；加热设备效率：${r.heaterEfficiency === null ? "蒸汽按焓差计算，不计锅炉效率" : fmtPct(r.heaterEfficiency)}。`,
    "未实测排气含湿量时按0.10 kg/kg干空气估算；未给出换热效率时按0.55估算。",
    "露点安全裕量10 K（非冷凝设计）。",
    `折标与排放因子：${r.carbon.figures.map((f) => `${f.tceFactor.value} ${f.tceFactor.unit}${f.co2Factor ? `、${f.co2Factor.value} ${f.co2Factor.unit}` : ""}（${f.tceFactor.source}）`).join("；")}。`,
    "宣传资料中的“60%、70%、40%”为行业上限参考值，本报告结果按企业自身数据计算。",
  ];
  return shell(ctx, figures, summary, sections, assumptions);
}

// ---- electricity cost optimisation ----

/** Average load per 15-minute slot over every day of the curve (96 values). */
export function typicalDay(input: ElectricityInput): number[] | null {
  if (!input.loadCurve) return null;
  const curve = normaliseCurve(input.loadCurve);
  if (!curve.days) return null;
  const out = new Array<number>(SLOTS_PER_DAY).fill(0);
  for (let d = 0; d < curve.days; d++) for (let s = 0; s < SLOTS_PER_DAY; s++) out[s] += curve.kw[d * SLOTS_PER_DAY + s];
  return out.map((v) => v / curve.days);
}

export function electricityReport(ctx: ModelContext, r: ElectricityResult, input: ElectricityInput): ReportDoc {
  const o = r.optimisation;
  const storage = r.storage;
  const figures: ReportFigures = {
    ...figureBase(ctx),
    headline: {
      savingKwh: storage ? r.carbon.quantity : null,
      savingKwhLabel: "储能充放电损耗（年电量变化）",
      savingYuan: o.totalAnnualSavingYuan,
      tce: r.carbon.tce,
      tco2: r.carbon.tco2,
      investmentYuan: storage ? storage.capexYuan : null,
      investmentIncomplete: false,
      paybackYears: storage ? storage.paybackYears : null,
      roomShare: o.roomShare,
      baseline: { label: "年电费", value: o.annualBillYuan, unit: "元" },
      fuel: null,
    },
    measures: o.items.map((i) => ({
      code: i.code,
      name: i.name,
      savingKwh: null,
      savingYuan: i.annualSavingYuan,
      investmentYuan: i.code === "storage" && storage ? storage.capexYuan : null,
      paybackYears: i.code === "storage" && storage ? storage.paybackYears : null,
      remark: i.code === "storage" ? (storage?.capexBasis === "input" ? "投资为填写值" : "投资按1.0元/Wh估算") : i.code === "power_factor" ? "电容器投资未计" : "管理措施，无需投资",
    })),
  };
  const h = figures.headline;
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `依据${r.tariff.name}（${r.tariff.document}）及企业${r.source === "load_curve" ? "负荷曲线" : `${r.bills.length}个月电费单`}测算，年用电量约${fmt(r.annualEnergyKwh, "kWh")}，` +
        `年电费约${fmt(o.annualBillYuan, "元")}（电度电费${fmt(r.annualEnergyCostYuan, "元")}）。各项优化措施合计年节约电费${fmt(h.savingYuan, "元")}，` +
        `电费优化空间为${fmtPct(h.roomShare)}${storage ? `；其中储能投资${fmt(storage.capexYuan, "元")}，静态投资回收期${fmtYears(storage.paybackYears)}` : ""}。`,
    },
    headlineTable(figures),
  ];
  if (o.items.length > 1) summary.push({ kind: "pie", title: "年节约电费构成 (元)", unit: "元", items: o.items.map((i) => ({ label: i.name, value: i.annualSavingYuan })) });

  const sections: Section[] = [];
  const tou = r.tou;
  const periods = PERIOD_ORDER.filter((p) => tou.kwhByPeriod[p] > 0 || tou.costByPeriod[p] > 0);
  sections.push({
    title: "分时电价与用电结构",
    blocks: [
      {
        kind: "kv",
        rows: [
          ["执行电价政策", `${r.tariff.name}（${r.tariff.document}）`],
          ["用电类别", { two_part: "两部制", single_part_ge100: "单一制（100 kVA及以上）", single_part_lt100: "单一制（100 kVA以下）" }[r.tariff.category]],
          ["数据来源", r.source === "load_curve" ? `负荷曲线（${r.loadStatistics?.days ?? 0}天）` : `月度电费单（${r.bills.length}个月）`],
          ["平均电价", fmt(tou.averagePriceYuanPerKwh, "元/kWh")],
        ],
      },
      {
        kind: "table",
        title: r.source === "load_curve" ? "负荷数据期间分时电量与电费" : "电费单期间分时电量与电费",
        columns: [
          text("时段", 1),
          num("电量 (kWh)", 1.5),
          num("电量占比", 1.1),
          num("电费 (元)", 1.5),
          num("电费占比", 1.1),
        ],
        rows: periods.map((p) => [PERIOD_NAMES[p], fmt(tou.kwhByPeriod[p]), fmtPct(tou.kwhShareByPeriod[p]), fmt(tou.costByPeriod[p]), fmtPct(tou.costShareByPeriod[p])]),
        total: ["合计", fmt(tou.kwh), "100%", fmt(tou.costYuan), "100%"],
      },
      { kind: "pie", title: "分时电量占比 (kWh)", unit: "kWh", items: periods.map((p) => ({ label: PERIOD_NAMES[p], value: tou.kwhByPeriod[p] })) },
    ],
  });

  // Daily load curve with TOU bands: the month with the most data (curve) or the first bill's month.
  const tariff = tariffFor(input.province);
  const month = r.months.length ? [...r.months].sort((a, b) => b.days - a.days)[0].month : r.bills.length ? Number(r.bills[0].month.slice(5, 7)) : 7;
  const bands = tariff ? periodGrid(tariff, month, input.options ?? {}) : null;
  if (bands) {
    const prices = r.tariff.pricesByMonth.find((p) => p.month === month)?.prices ?? null;
    const load = typicalDay(input);
    const stats = r.loadStatistics;
    const blocks: Block[] = [
      {
        kind: "loadCurve",
        title: load ? `典型日负荷曲线与${month}月分时时段` : `${month}月分时时段与电价（未导入负荷曲线）`,
        bands,
        prices,
        loadKw: load,
      },
    ];
    if (stats) {
      blocks.push({
        kind: "kv",
        rows: [
          ["最大负荷", fmt(stats.maxKw, "kW")],
          ["最小负荷", fmt(stats.minKw, "kW")],
          ["平均负荷", fmt(stats.averageKw, "kW")],
          ["负荷率", fmtPct(stats.loadFactor)],
          ["峰谷差率", fmtPct(stats.peakValleyDifferenceRate)],
        ],
      });
    } else {
      blocks.push({ kind: "para", text: "导入15分钟负荷曲线后，报告将给出典型日负荷、最大需量与峰谷差分析。" });
    }
    sections.push({ title: "典型日负荷与分时时段", blocks });
  }

  if (r.twoPart) {
    const tp = r.twoPart;
    const basisName = { capacity: "按变压器容量", actual_md: "按实际最大需量", contract: "按合同最大需量" } as const;
    const scale = 12 / Math.max(tp.monthsOfData, 1);
    sections.push({
      title: "措施：基本电费计费方式优化",
      blocks: [
        {
          kind: "table",
          title: `三种计费方式年基本电费比较（按${tp.monthsOfData}个月数据折算全年）`,
          columns: [
            text("计费方式", 2),
            num("年基本电费 (元)", 1.6),
            text("说明", 2.4),
          ],
          rows: [
            [basisName.capacity, fmt(tp.totals.capacityYuan * scale), tp.currentBasis === "capacity" ? "现行" : ""],
            [basisName.actual_md, fmt(tp.totals.actualDemandYuan * scale), tp.currentBasis === "actual_md" ? "现行" : ""],
            [basisName.contract, fmt(tp.totals.contractYuan * scale), `最优合同需量 ${fmt(tp.totals.optimalContractKw, "kW")}${tp.currentBasis === "contract" ? "（现行）" : ""}`],
          ],
        },
        {
          kind: "bar",
          title: "年基本电费比较 (元)",
          unit: "元",
          items: [
            { label: "按容量", value: tp.totals.capacityYuan * scale },
            { label: "按实际需量", value: tp.totals.actualDemandYuan * scale },
            { label: "按合同需量", value: tp.totals.contractYuan * scale },
          ],
        },
        {
          kind: "para",
          text: `现行${basisName[tp.currentBasis]}，年基本电费${fmt(tp.annualCurrentYuan, "元")}；建议${basisName[tp.bestBasis]}，年节约${fmt(tp.annualSavingYuan, "元")}。`,
        },
      ],
    });
  }

  if (r.powerFactor) {
    const pf = r.powerFactor;
    sections.push({
      title: "措施：无功补偿（提高功率因数）",
      blocks: [
        {
          kind: "table",
          title: `功率因数调整电费（考核标准${pf.standard.toFixed(2)}，目标${pf.targetPowerFactor.toFixed(2)}）`,
          columns: [
            text("月份", 1),
            num("功率因数", 1),
            num("调整比例", 1),
            num("调整电费 (元)", 1.4),
            num("补偿后收益 (元)", 1.4),
            num("所需补偿 (kvar)", 1.4),
          ],
          rows: pf.months.map((m) => [m.monthKey, m.powerFactor.toFixed(2), `${sig3(m.adjustmentPercent)}%`, fmt(m.adjustmentYuan), fmt(m.benefitYuan), fmt(m.capacitorKvar)]),
        },
        {
          kind: "para",
          text: `按${pf.monthsOfData}个月数据折算，年功率因数调整电费${fmt(pf.annualAdjustmentYuan, "元")}，补偿至${pf.targetPowerFactor.toFixed(2)}后年收益${fmt(pf.annualBenefitYuan, "元")}。建议按最大负荷配置约${fmt(pf.capacitorKvar, "kvar")}以上的自动投切电容补偿装置。`,
        },
      ],
    });
  }

  if (r.loadShift || r.loadShiftPer10Percent) {
    const rows: string[][] = [];
    if (r.loadShift) rows.push([`可转移比例 ${fmtPct(r.loadShift.share)}`, fmt(r.loadShift.movedKwh), fmt(r.loadShift.savingYuan), r.loadShift.limitedByHeadroom ? "受低谷容量限制" : ""]);
    if (r.loadShiftPer10Percent) rows.push(["参考：每转移10%", fmt(r.loadShiftPer10Percent.movedKwh), fmt(r.loadShiftPer10Percent.savingYuan), ""]);
    sections.push({
      title: "措施：移峰填谷",
      blocks: [
        {
          kind: "table",
          columns: [
            text("方案", 2),
            num("年转移电量 (kWh)", 1.5),
            num("年节约 (元)", 1.5),
            text("说明", 1.5),
          ],
          rows,
        },
        { kind: "para", text: "将高峰（含尖峰）时段的部分可调负荷调整到低谷时段生产，节约电费 = 转移电量 × (高峰电价 − 低谷电价)。" },
      ],
    });
  }

  if (storage || r.storageSizing) {
    const blocks: Block[] = [];
    if (storage) {
      blocks.push({
        kind: "kv",
        rows: [
          ["储能规模", `${fmt(storage.powerKw, "kW")} / ${fmt(storage.energyKwh, "kWh")}`],
          ["放电深度 / 往返效率", `${fmtPct(storage.depthOfDischarge)} / ${fmtPct(storage.roundTripEfficiency)}`],
          ["测算方法", storage.method === "load_curve" ? "按负荷曲线逐15分钟调度" : "按分时电价时段估算（偏乐观）"],
          ["年放电量", fmt(storage.annualDischargeKwh, "kWh")],
          ["年充电量", fmt(storage.annualChargeKwh, "kWh")],
          ["年套利收益（每日一充一放）", fmt(storage.annualHeadlineYuan, "元")],
          ["第二次循环潜在收益（未计入）", fmt(storage.annualUpsideYuan, "元")],
          ["投资", `${fmt(storage.capexYuan, "元")}${storage.capexBasis === "input" ? "" : "（按1.0元/Wh估算）"}`],
          ["静态投资回收期", fmtYears(storage.paybackYears)],
        ],
      });
    }
    const sizing = r.storageSizing;
    if (sizing && sizing.candidates.length) {
      blocks.push({
        kind: "table",
        title: "储能容量方案比选（2小时系统）",
        columns: [
          num("功率 (kW)", 1),
          num("容量 (kWh)", 1),
          num("年收益 (元)", 1.3),
          num("投资 (元)", 1.3),
          num("回收期", 1),
          text("推荐", 0.8),
        ],
        rows: sizing.candidates.map((c) => [fmt(c.powerKw), fmt(c.energyKwh), fmt(c.annualHeadlineYuan), fmt(c.capexYuan), fmtYears(c.paybackYears), c === sizing.recommended ? "★" : ""]),
      });
    }
    sections.push({ title: "措施：储能峰谷套利", blocks });
  }

  if (r.bills.length) {
    sections.push({
      title: "电费单复核",
      blocks: [
        {
          kind: "table",
          columns: [
            text("月份", 1),
            num("电量 (kWh)", 1.4),
            num("复算电度电费 (元)", 1.6),
            num("账单电度电费 (元)", 1.6),
            num("差异", 1),
          ],
          rows: r.bills.map((b) => [b.month, fmt(b.kwh), fmt(b.recomputedEnergyChargeYuan), fmt(b.billedEnergyChargeYuan), `${fmtPct(b.differenceShare)}${b.flagged ? " ⚠" : ""}`]),
        },
      ],
    });
  }
  const notes = [...r.notes.map((n) => n.message), ...r.tariff.caveats];
  if (notes.length) sections.push({ title: "测算提示", blocks: [{ kind: "bullets", items: notes }] });

  const assumptions = [
    `分时电价政策：${r.tariff.name}（${r.tariff.document}${r.tariff.effectiveFrom ? `，${r.tariff.effectiveFrom}起执行` : ""}）。`,
    r.tariff.priceMode === "components" ? "各时段电价 = 浮动比例 × 浮动部分电价 + 不浮动部分电价。" : "各时段电价按电费单填写。",
    "负荷曲线不足一年时按年运行天数（默认330天）折算；电费单不足12个月时按12/n折算。",
    "储能默认放电深度90%、往返效率90%、投资1.0元/Wh、运维费0，不计容量衰减（首年数据）。",
    "功率因数补偿目标0.95；储能与移峰填谷均占用低谷容量，同时存在时合计为上限估计。",
    `电网二氧化碳排放因子：${sig3(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh，${r.gridFactor.label}。`,
  ];
  return shell(ctx, figures, summary, sections, assumptions);
}
