// The motor drive systems card (电机系统节能): engine result → stored figures and report document.
import type { MotorAssessment, MotorSystemResult } from "../../engines";
import { fmt, fmtInt, fmtPct, fmtYears, sig3, type MeasureFigure, type ReportFigures } from "../figures";
import { type TableColumn, type Block, type Section, type ReportDoc, type ModelContext, invFor, text, num, figureBase, shell, headlineTable } from "./doc";

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
