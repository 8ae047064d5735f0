// The motor drive systems card (电机系统节能): engine result → stored figures and report document.
import type { MotorAssessment, MotorSystemResult } from "../../engines";
import { factor4, fmt, fmtExact, fmtInt, fmtPct, fmtYears, sig3, type MeasureFigure, type ReportFigures } from "../../reports/model/figures";
import { type TableColumn, type Block, type Section, type ReportDoc, type ModelContext, type RollupRow, invFor, text, num, figureBase, shell, headlineTable, auditSections, commonSources, limitBars } from "../../reports/model/doc";
import { MOTOR_METHOD } from "./method";
import { ELECTRICITY_KGCE_PER_KWH_EQUIVALENT } from "../../engines/standards/carbon-factors";
import { EFFICIENCY_BASIS_LEGEND } from "../../engines/motors/efficiency-basis";

const loadSourceText = (m: MotorAssessment) => (m.loadBasis === "measured" ? "实测" : m.dutyBasis === "measured_point" ? "估算" : "估算（流量模型）");

function loadBasisText(r: MotorSystemResult): string {
  const measured = r.motors.filter((m) => m.loadBasis === "measured").reduce((s, m) => s + m.quantity, 0);
  const total = r.totals.motorCount;
  if (measured === total) return "全部按现场实测输入功率";
  if (measured === 0) return "按填写的负载率估算（未提供实测输入功率）";
  return `其中${fmtInt(measured)}台按现场实测输入功率、${fmtInt(total - measured)}台按估算负载率`;
}

/** Per-bin detail of the VFD measures (one table, per unit), with the calibration and (fans) the compressibility factor used. */
function vfdDetail(motors: MotorAssessment[]): Block[] {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const m of motors) {
    const v = m.perUnit.vfd!;
    if (v.status === "refused" || !v.bins.length) continue;
    for (const b of v.bins)
      rows.push([
        m.name,
        fmtPct(b.flowRatio),
        fmtInt(b.hours),
        sig3(b.baseline.inputKw),
        sig3(b.vfd.inputKw),
        b.vfd.speedRatio !== undefined ? b.vfd.speedRatio.toFixed(3) : "—",
        fmt(b.baselineKwh),
        fmt(b.savingKwh),
      ]);
    const parts: string[] = [];
    if (v.calibration) parts.push(`按实测输入功率${sig3(v.calibration.measuredInputKw)} kW校准（模型估算${sig3(v.calibration.modelInputKw)} kW，校准系数${v.calibration.factor.toFixed(3)}）`);
    if (v.fanKp !== undefined) parts.push(`风机压缩性系数Kp = ${v.fanKp.toFixed(4)}（ISO 5801；设计全压不超过2,500 Pa时取1），设计轴功率${fmt(v.fanDesignShaftKw, "kW")}`);
    if (parts.length) notes.push(`${m.name}：${parts.join("；")}`);
  }
  if (!rows.length) return [];
  const blocks: Block[] = [
    {
      kind: "table",
      title: "分工况明细（单台）",
      columns: [text("设备名称", 1.8), num("流量比", 0.8), num("小时 (h)", 0.9), num("现状输入 (kW)", 1.1), num("变频输入 (kW)", 1.1), num("转速比", 0.8), num("现状 (kWh)", 1.1), num("节电 (kWh)", 1.1)],
      rows,
    },
  ];
  if (notes.length) blocks.push({ kind: "bullets", items: notes });
  return blocks;
}

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

function motorFigures(ctx: ModelContext, r: MotorSystemResult): ReportFigures {
  const t = r.totals;
  return {
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
}

function motorSummary(r: MotorSystemResult, figures: ReportFigures): Block[] {
  const t = r.totals;
  const h = figures.headline;
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `本次评估共${fmtInt(t.motorCount)}台电机，装机容量${fmtExact(t.installedKw, "kW")}，${loadBasisText(r)}，测算现状年耗电量${fmt(t.baselineKwh, "kWh")}，` +
        `年电费约${fmt(t.baselineCostYuan, "元")}（电价${sig3(r.priceYuanPerKwh)}元/kWh）。推荐组合改造方案实施后年节电${fmt(h.savingKwh, "kWh")}` +
        `（占现状的${fmtPct(t.savingShare)}），年节约电费${fmt(h.savingYuan, "元")}，折合标准煤${fmt(h.tce, "tce")}、减排二氧化碳${fmt(h.tco2, "tCO2")}；` +
        `估算投资${fmt(h.investmentYuan, "元")}，静态投资回收期${fmtYears(h.paybackYears)}。`,
    },
  ];
  if (t.investmentIncomplete) summary.push({ kind: "para", text: "注：部分措施缺少报价且无默认造价（如皮带改造），投资合计未包含这些措施。" });
  summary.push(headlineTable(figures, "年节电量 (kWh)"));
  return summary;
}

/** The equipment list: the load columns are those of the baseline duty. */
function inventorySection(r: MotorSystemResult): Section {
  const t = r.totals;
  // Equipment table: the load columns are those of the baseline duty, so 平均输入功率 × 年运行小时 × 台数
  // reproduces 年耗电 (issue 15); 负载来源 says which rows rest on a measurement.
  return {
    title: "电机设备清单与运行现状",
    blocks: [
      {
        kind: "table",
        columns: [
          text("设备名称", 2),
          num("台数", 0.6),
          num("额定功率 (kW)", 1),
          num("极数", 0.6),
          text("效率依据", 1.3),
          num("满载效率", 0.9),
          text("负载来源", 1),
          num("平均负载率", 1),
          num("平均输入 (kW)", 1),
          num("年运行 (h)", 1),
          num("年耗电 (kWh)", 1.3),
        ],
        rows: r.motors.map((m) => [
          m.name,
          fmtInt(m.quantity),
          fmtExact(m.ratedKw),
          String(m.poles),
          m.efficiencyBasis.shortLabel,
          fmtPct(m.efficiencyBasis.fullLoadEfficiency),
          loadSourceText(m),
          fmtPct(m.baselineMean.loadFactor),
          sig3(m.baselineMean.inputKw),
          fmtInt(m.annualHours),
          fmt(m.baselineKwh),
        ]),
        total: ["合计", fmtInt(t.motorCount), fmtExact(t.installedKw), "", "", "", "", "", "", "", fmt(t.baselineKwh)],
      },
      {
        kind: "para",
        text: EFFICIENCY_BASIS_LEGEND,
      },
      {
        kind: "para",
        text: "负载来源：“实测”为按现场实测电机输入功率确定现状能耗（水泵、风机的流量工况模型按实测值校准）；“估算”为按填写的负载率或流量模型估算，实施前应现场实测核实。平均输入功率 × 年运行小时 × 台数 = 年耗电量。",
      },
      limitBars({ kind: "bar", title: "各电机现状年耗电量 (kWh)", unit: "kWh", items: r.motors.map((m) => ({ label: m.name, value: m.baselineKwh })) }),
    ],
  };
}

/** 数据合理性提示 and 能效诊断提示. */
function motorHintSections(r: MotorSystemResult): Section[] {
  const sections: Section[] = [];
  const plausibility = r.warnings.map((w) => w.message);
  for (const m of r.motors) for (const f of m.flags) if (f.code === "load_factor_very_low") plausibility.push(`${m.name}：${f.message}`);
  if (plausibility.length) sections.push({ title: "数据合理性提示", blocks: [{ kind: "bullets", items: plausibility }] });
  const flags = r.motors.flatMap((m) => [...m.flags.filter((f) => f.code !== "load_factor_very_low"), ...m.notes].map((n) => `${m.name}：${n.message}`));
  if (flags.length) sections.push({ title: "能效诊断提示", blocks: [{ kind: "bullets", items: flags }] });
  return sections;
}

/** Measure 1: grade 1 and grade 2 motors, each against the present motor. */
function upgradeSection(r: MotorSystemResult): Section {
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
    num("年节电 (kWh)", 1.1),
    num("年节约 (元)", 1.1),
    num("投资 (元)", 1.6),
    num("回收期", 0.9),
    text("建议", 2.6),
  ];
  return {
    title: "措施一：更换高效电机",
    blocks: [
      {
        kind: "para",
        text: "在相同轴功率下比较现有电机与GB 18613-2020 1级、2级能效电机的运行效率（按实际负载率的部分负载效率），节电量 = 轴功率 × 运行时间 × (1/η旧 − 1/η新)。效率为负载率下的运行效率。",
      },
      { kind: "table", title: "更换为1级能效电机", columns: upgradeCols, rows: upgradeRows("upgradeGrade1") },
      { kind: "table", title: "更换为2级能效电机", columns: upgradeCols, rows: upgradeRows("upgradeGrade2") },
      limitBars({
        kind: "bar",
        title: "各电机更换1级 / 2级能效电机年节电量 (kWh)",
        unit: "kWh",
        series: ["1级能效", "2级能效"],
        items: r.motors.map((m) => ({ label: m.name, value: m.perUnit.upgradeGrade1.savingKwh * m.quantity })),
        items2: r.motors.map((m) => m.perUnit.upgradeGrade2.savingKwh * m.quantity),
      }),
      { kind: "para", text: "提示：高效异步电机转差率较小、转速略高，离心负载功率约与转速三次方成正比，可能抵消部分节电量，必要时应调整工艺转速。" },
    ],
  };
}

/** Measure 2: variable speed drives on pumps and fans (none when no unit has one). */
function vfdSections(r: MotorSystemResult): Section[] {
  const vfdMotors = r.motors.filter((m) => m.perUnit.vfd);
  if (!vfdMotors.length) return [];
  const statusText = { assessed: "已测算", refused: "无法测算", not_beneficial: "不节能" } as const;
  return [{
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
      ...vfdDetail(vfdMotors),
      limitBars({
        kind: "bar",
        title: "变频改造前后年耗电量 (kWh)",
        unit: "kWh",
        series: ["现状", "变频后"],
        items: vfdMotors.map((m) => ({ label: m.name, value: m.perUnit.vfd!.baselineKwh * m.quantity })),
        items2: vfdMotors.map((m) => m.perUnit.vfd!.vfdKwh * m.quantity),
      }),
    ],
  }];
}

/** Belt drives to synchronous belts (numbered after the VFD measure when there is one). */
function beltSections(r: MotorSystemResult): Section[] {
  const beltMotors = r.motors.filter((m) => m.perUnit.beltFix);
  if (!beltMotors.length) return [];
  return [{
    title: `措施${r.motors.some((m) => m.perUnit.vfd) ? "三" : "二"}：皮带传动改造`,
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
  }];
}

/** The package: each motor's steps in order, their total and its make-up. */
function packageSection(r: MotorSystemResult): Section {
  const t = r.totals;
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
  return {
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
          ["电网排放因子", `${factor4(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh（${r.gridFactor.label}）`],
        ],
      },
    ],
  };
}

/** Right-sizing of lightly loaded motors (reference only, not in the package). */
function sizingSections(r: MotorSystemResult): Section[] {
  const sizing = r.motors.filter((m) => m.perUnit.rightSizing);
  if (!sizing.length) return [];
  return [{
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
          text("说明", 1.2),
        ],
        rows: sizing.map((m) => {
          const s = m.perUnit.rightSizing!;
          const verify = m.flags.some((f) => f.code === "load_factor_very_low") ? "负载率极低，核实后再定" : "";
          return [m.name, fmtExact(s.suggestedRatedKw), fmtPct(s.newLoadFactor), fmt(s.savingKwh * m.quantity), fmt(s.investmentYuan * m.quantity), fmtYears(s.paybackYears), verify];
        }),
      },
    ],
  }];
}

/** Pump operating efficiency and GB 19762 grade, where pump data were given. */
function pumpSections(r: MotorSystemResult): Section[] {
  const pumps = r.motors.filter((m) => m.pumpField || m.pumpGrade);
  if (!pumps.length) return [];
  const fieldPumps = pumps.filter((m) => m.pumpField);
  const gradedPumps = pumps.filter((m) => m.pumpGrade);
  const blocks: Block[] = [
    {
      kind: "para",
      text: "水泵运行效率 = 水力功率 / 泵轴功率，水力功率 P水 = ρ·g·Q·H（ρ = 1,000 kg/m³，g = 9.81 m/s²）；泵轴功率由实测电机输入功率经电机部分负载效率与传动损失求得。能效等级按GB 19762-2025以比转速计算的效率限值判定。",
    },
  ];
  if (fieldPumps.length)
    blocks.push({
      kind: "table",
      title: "水泵现场运行效率",
      columns: [text("设备名称", 2), num("电机输入 (kW)", 1.1), num("电机效率", 1), num("负载率", 0.9), num("泵轴功率 (kW)", 1.1), num("水力功率 (kW)", 1.1), num("运行效率", 1)],
      rows: fieldPumps.map((m) => {
        const f = m.pumpField!;
        return [m.name, sig3(m.measured.inputKw), fmtPct(f.motorEfficiency), fmtPct(f.loadFactor), sig3(f.pumpShaftKw), sig3(f.hydraulicKw), fmtPct(f.pumpOperatingEfficiency)];
      }),
    });
  if (gradedPumps.length)
    blocks.push({
      kind: "table",
      title: "GB 19762-2025 能效等级",
      columns: [text("设备名称", 2), num("比转速", 0.9), num("1级限值", 1), num("2级限值", 1), num("3级限值", 1), text("判定", 1.6)],
      rows: gradedPumps.map((m) => {
        const g = m.pumpGrade!;
        const th = g.thresholdsPercent;
        return [m.name, sig3(g.specificSpeed), th ? `${sig3(th.grade1)}%` : "—", th ? `${sig3(th.grade2)}%` : "—", th ? `${sig3(th.grade3)}%` : "—", g.gradeText];
      }),
    });
  return [{ title: "水泵运行效率", blocks }];
}

function motorAssumptions(r: MotorSystemResult): string[] {
  return [
    `电价：${sig3(r.priceYuanPerKwh)} 元/kWh（调查表填写）。`,
    `电网二氧化碳排放因子：${factor4(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh，${r.gridFactor.label}，来源：${r.gridFactor.source}。`,
    `折标系数：${factor4(r.carbon.tceFactor.value)} ${r.carbon.tceFactor.unit}（${r.carbon.tceFactor.source}）。`,
    "未提供报价时，电机与变频器投资按附录所列单位造价估算（标注“估算”）；皮带改造无默认造价。",
    "各单项措施均相对现状独立测算，不可相加；组合方案按顺序叠加，不重复计算。",
    "部分负载效率按MEASUR高效4极电机曲线插值，其他极数沿用4极比例。",
  ];
}

function motorSources(r: MotorSystemResult): [string, string, string, string][] {
  return [
    ...commonSources(r.gridFactor),
    ["电机满载效率限值", "按功率、极数、能效等级查表", "GB 18613-2020《电动机能效限定值及能效等级》表1（第三方转录，未与正式文本核对）", "2020年发布，2021年实施"],
    ["IE1/IE2电机效率", "4极电机查表", "IEC 60034-30-1:2014（两份公开转录一致）", "2014年"],
    ["部分负载效率曲线、皮带损失、风机压缩性系数", "按额定功率分档", "美国能源部MEASUR计算引擎（ORNL-AMO/AMO-Tools-Suite）", "2023年版本"],
    ["水泵能效等级", "按比转速计算效率限值", "GB 19762-2025《清水离心泵能效限定值及能效等级》", "2025年"],
    ["电机、变频器单位造价", "按功率分档（元/kW）", "项目估算（市场报价区间中值），有报价时以报价为准", "2025–2026年"],
  ];
}

export function motorReport(ctx: ModelContext, r: MotorSystemResult): ReportDoc {
  const figures = motorFigures(ctx, r);
  const sections: Section[] = [
    inventorySection(r),
    ...motorHintSections(r),
    upgradeSection(r),
    ...vfdSections(r),
    ...beltSections(r),
    packageSection(r),
    ...sizingSections(r),
    ...pumpSections(r),
    ...motorAudit(r),
  ];
  return shell(ctx, figures, motorSummary(r, figures), sections, motorAssumptions(r), MOTOR_METHOD, motorSources(r));
}

/** Roll-up rows of the motor card: the package steps by measure (no double counting), then the alternatives. */
function motorAudit(r: MotorSystemResult): Section[] {
  const grid = r.gridFactor.kgCo2PerKwh;
  const price = r.priceYuanPerKwh;
  const row = (name: string, kwh: number, inv: number | null, life: RollupRow["life"], inTotal: boolean, remark?: string): RollupRow => ({
    name,
    investmentYuan: inv,
    electricKwh: kwh,
    heatKwh: 0,
    yuan: kwh * price,
    tceEquivalent: (kwh * ELECTRICITY_KGCE_PER_KWH_EQUIVALENT) / 1000,
    tco2: (kwh * grid) / 1000,
    life,
    inTotal,
    remark,
  });
  const steps = new Map<string, { name: string; kwh: number; inv: number | null }>();
  for (const m of r.motors)
    for (const st of m.perUnit.package.steps) {
      const cur = steps.get(st.measure) ?? { name: st.name, kwh: 0, inv: 0 };
      cur.kwh += st.savingKwh * m.quantity;
      cur.inv = cur.inv === null || st.investment.yuan === null ? null : cur.inv + st.investment.yuan * m.quantity;
      steps.set(st.measure, cur);
    }
  const life = { belt: "belt", vfd: "vfd", upgrade_grade1: "motor" } as const;
  const rows: RollupRow[] = [...steps].map(([k, v]) => row(`${v.name}（组合方案）`, v.kwh, v.inv, life[k as keyof typeof life], true));
  const g2 = r.motors.filter((m) => m.perUnit.upgradeGrade2.status === "assessed" && m.perUnit.upgradeGrade2.savingKwh > 0);
  if (g2.length) {
    const inv = g2.some((m) => m.perUnit.upgradeGrade2.investment.yuan === null) ? null : g2.reduce((s, m) => s + m.perUnit.upgradeGrade2.investment.yuan! * m.quantity, 0);
    rows.push(row("更换为2级能效电机", r.totals.byMeasure.upgradeGrade2Kwh, inv, "motor", false, "与更换1级能效电机二选一的替代方案"));
  }
  const sizing = r.motors.filter((m) => m.perUnit.rightSizing);
  if (sizing.length) {
    rows.push(
      row(
        "电机容量优化（参考）",
        sizing.reduce((s, m) => s + m.perUnit.rightSizing!.savingKwh * m.quantity, 0),
        sizing.reduce((s, m) => s + m.perUnit.rightSizing!.investmentYuan * m.quantity, 0),
        "motor",
        false,
        "与更换1级能效电机互斥的参考方案",
      ),
    );
  }
  const b = r.totals.byMeasure;
  const independent = b.upgradeGrade1Kwh + b.vfdKwh + b.beltKwh;
  const interaction =
    `各措施单独相对现状测算的节电量合计${fmt(independent, "kWh")}；按“同步带传动 → 变频调速 → 1级能效电机”顺序叠加后为${fmt(r.totals.savingKwh, "kWh")}，` +
    `合计已扣除措施间相互作用${fmt(Math.max(independent - r.totals.savingKwh, 0), "kWh")}（先实施的措施降低了后续措施的节能基数）。替代方案与参考方案单列，不计入合计。`;
  const measured = r.motors.filter((m) => m.loadBasis === "measured").reduce((s, m) => s + m.quantity, 0);
  return auditSections(rows, interaction, {
    boundary: "本报告所列电机及其驱动的水泵、风机等负载，以电机（或变频器）进线端电能计量为准。",
    baseline: `现状年耗电量${fmt(r.totals.baselineKwh, "kWh")}（其中${fmtInt(measured)}台按实测输入功率，${fmtInt(r.totals.motorCount - measured)}台按估算负载率）。`,
    metering: "改造前后在电机进线处安装或租用电能表，连续记录不少于一个典型生产周期；水泵、风机同时记录流量、压力与运行时间，作为常规调整变量。",
  });
}
