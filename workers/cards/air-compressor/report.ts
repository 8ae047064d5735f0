// The 空压机系统 card: engine result → stored figures and the report document, as section builders over the shared
// document model (workers/reports/model/doc.ts).
import { ELECTRICITY_KGCE_PER_KWH_EQUIVALENT } from "../../engines/standards/carbon-factors";
import { type Block, type ModelContext, type ReportDoc, type RollupRow, type Section, auditSections, commonSources, figureBase, headlineTable, num, rollupTotals, shell, text } from "../../reports/model/doc";
import { factor4, fmt, fmtPct, fmtYears, sig3, type MeasureFigure, type ReportFigures } from "../../reports/model/figures";
import type { CompressedAirResult } from "./assess";
import { AIR_COMPRESSOR_METHOD } from "./method";

const CONTROL_NAMES = { load_unload: "加卸载", vsd: "变频" } as const;
const kgce = (kwh: number) => (kwh * ELECTRICITY_KGCE_PER_KWH_EQUIVALENT) / 1000;

/** Every measure as a roll-up row: leak repair, pressure reduction and heat recovery in the total; VSD and grade-1 replacement as alternatives. */
export function rollupRows(r: CompressedAirResult): RollupRow[] {
  const co2 = (kwh: number) => (kwh * r.gridFactor.kgCo2PerKwh) / 1000;
  const rows: RollupRow[] = [];
  if (r.leaks) rows.push({ name: "压缩空气泄漏治理", investmentYuan: r.leaks.investmentYuan, electricKwh: r.leaks.savingKwh, heatKwh: 0, yuan: r.leaks.savingYuan, tceEquivalent: kgce(r.leaks.savingKwh), tco2: co2(r.leaks.savingKwh), life: "management", inTotal: true });
  if (r.pressure) rows.push({ name: "降低排气压力", investmentYuan: 0, electricKwh: r.pressure.savingKwh, heatKwh: 0, yuan: r.pressure.savingYuan, tceEquivalent: kgce(r.pressure.savingKwh), tco2: co2(r.pressure.savingKwh), life: "management", inTotal: true, remark: "按泄漏治理后的功率计算" });
  if (r.heat) rows.push({ name: "空压机余热回收", investmentYuan: r.heat.investmentYuan, electricKwh: 0, heatKwh: r.heat.recoveredKwh, yuan: r.heat.costYuan, tceEquivalent: r.heat.carbon.tce, tco2: r.heat.carbon.tco2, life: "heat_recovery", inTotal: true });
  for (const c of r.compressors) {
    if (c.vsd && c.vsd.savingKwh > 0) rows.push({ name: `${c.unit.name} 改为变频`, investmentYuan: c.unit.vsdInvestmentYuan ?? null, electricKwh: c.vsd.savingKwh, heatKwh: 0, yuan: c.vsd.savingYuan, tceEquivalent: kgce(c.vsd.savingKwh), tco2: co2(c.vsd.savingKwh), life: "vfd", inTotal: false, remark: "与泄漏治理、降压的节电有重叠，单列不计入合计" });
    if (c.gradeOne && c.gradeOne.savingKwh > 0) rows.push({ name: `${c.unit.name} 更换为1级能效机组`, investmentYuan: null, electricKwh: c.gradeOne.savingKwh, heatKwh: 0, yuan: c.gradeOne.savingYuan, tceEquivalent: kgce(c.gradeOne.savingKwh), tco2: co2(c.gradeOne.savingKwh), life: "motor", inTotal: false, remark: "与变频改造互为替代，单列不计入合计" });
  }
  return rows;
}

function measures(rows: RollupRow[]): MeasureFigure[] {
  return rows.map((row) => ({
    code: row.name,
    name: row.name,
    savingKwh: row.heatKwh ? row.heatKwh : row.electricKwh,
    savingYuan: row.yuan,
    investmentYuan: row.investmentYuan,
    paybackYears: row.investmentYuan === null || row.yuan <= 0 ? null : row.investmentYuan / row.yuan,
    remark: row.heatKwh ? "节能量为热量kWh（热）" : (row.remark ?? ""),
  }));
}

function figuresOf(ctx: ModelContext, r: CompressedAirResult, rows: RollupRow[]): ReportFigures {
  const t = rollupTotals(rows);
  const electric = rows.filter((x) => x.inTotal).reduce((s, x) => s + x.electricKwh, 0);
  return {
    ...figureBase(ctx),
    headline: {
      savingKwh: electric,
      savingKwhLabel: "年节电量（kWh，电）",
      savingYuan: t.yuan,
      tce: t.tceEquivalent,
      tco2: t.tco2,
      investmentYuan: t.investmentYuan,
      investmentIncomplete: rows.some((x) => x.inTotal && x.investmentYuan === null),
      paybackYears: t.paybackYears,
      roomShare: null,
      baseline: { label: "空压站年耗电", value: r.annualKwh, unit: "kWh" },
      fuel: r.heat ? { name: "天然气", amount: r.heat.gasM3, unit: "m³" } : null,
    },
    measures: measures(rows),
  };
}

function summaryBlocks(r: CompressedAirResult, figures: ReportFigures): Block[] {
  const h = figures.headline;
  return [
    {
      kind: "para",
      text:
        `本次评估共${r.compressors.length}台空压机，平均输入功率${fmt(r.totalAverageKw, "kW")}，平均供气量${fmt(r.totalDeliveredM3PerMin, "m³/min")}，系统比功率${sig3(r.systemSpecificPower)} kW/(m³/min)，年耗电${fmt(r.annualKwh, "kWh")}。` +
        `泄漏治理、降压${r.heat ? "与余热回收" : ""}合计年节电${fmt(h.savingKwh, "kWh")}${r.heat ? `、节约天然气${fmt(r.heat.gasM3, "m³")}` : ""}，年节约费用${fmt(h.savingYuan, "元")}，折合标准煤${fmt(h.tce, "tce")}${h.tco2 === null ? "" : `、减排二氧化碳${fmt(h.tco2, "tCO2")}`}；投资回收期${fmtYears(h.paybackYears)}。`,
    },
    headlineTable(figures, "年节能量 (kWh)"),
  ];
}

function compressorSection(r: CompressedAirResult): Section {
  return {
    title: "空压机比功率与能效等级",
    blocks: [
      {
        kind: "table",
        columns: [text("设备名称", 1.6), text("控制", 0.9), num("额定功率 (kW)", 1), num("排气量 (m³/min)", 1.1), num("比功率 (kW/(m³/min))", 1.3), text("能效等级 (GB 19153)", 1.6), num("负荷率", 0.9), num("平均功率 (kW)", 1.1), num("年耗电 (kWh)", 1.2)],
        rows: r.compressors.map((c) => [
          c.unit.name,
          CONTROL_NAMES[c.unit.control],
          sig3(c.unit.ratedKw),
          sig3(c.unit.fadM3PerMin),
          sig3(c.specificPower),
          c.unit.control === "vsd" ? "变频机（见表2，未评级）" : (c.grade ? `${c.grade.gradeText}（1/2/3级限值 ${c.grade.limits.join("/")}）` : "表1无对应行列"),
          fmtPct(c.unit.loadRatio),
          fmt(c.averageKw),
          fmt(c.annualKwh),
        ]),
        total: ["合计", "", "", "", sig3(r.systemSpecificPower), "系统比功率", "", fmt(r.totalAverageKw), fmt(r.annualKwh)],
      },
      { kind: "bar", title: "各空压机比功率 (kW/(m³/min))", unit: "kW/(m³/min)", items: r.compressors.map((c) => ({ label: c.unit.name, value: c.specificPower })) },
    ],
  };
}

function leakSection(r: CompressedAirResult): Section {
  if (!r.leaks) return { title: "措施：压缩空气泄漏治理", blocks: [{ kind: "para", text: "未填写泄漏检测数据，未评估泄漏治理。" }] };
  const l = r.leaks;
  return {
    title: "措施：压缩空气泄漏治理",
    blocks: [
      { kind: "para", text: `按孔口法估算，泄漏量合计${fmt(l.totalM3PerMin, "m³/min")}，占平均供气量的${fmtPct(l.share)}；按系统比功率折合${fmt(l.savingKw, "kW")}，年耗电${fmt(l.savingKwh, "kWh")}、电费${fmt(l.savingYuan, "元")}。合理管理的系统泄漏率为5%–10%。` },
      { kind: "para", text: `泄漏点（按孔径分组）：${r.leaks.perLeakM3PerMin.map((q, i) => `第${i + 1}组每点${sig3(q)} m³/min`).join("；")}。` },
    ],
  };
}

function pressureSection(r: CompressedAirResult): Section {
  const p = r.pressure;
  return {
    title: "措施：降低排气压力",
    blocks: [
      p
        ? { kind: "para", text: `排气压力降至用气点所需压力后，功率系数${sig3(p.factor)}，节电${fmtPct(p.savingShare)}，即${fmt(p.savingKw, "kW")}、年节电${fmt(p.savingKwh, "kWh")}、年节约电费${fmt(p.savingYuan, "元")}（按泄漏治理后的功率计算）。` }
        : { kind: "para", text: "未填写用气点所需压力，或所需压力不低于当前设定，未评估降压。" },
    ],
  };
}

function alternativesSection(r: CompressedAirResult): Section {
  const rows = r.compressors.filter((c) => c.vsd || c.gradeOne);
  return {
    title: "措施：变频改造与高效机组替换（单列）",
    blocks: rows.length
      ? [
          {
            kind: "table",
            columns: [text("设备名称", 1.6), num("加卸载功率 (kW)", 1.2), num("变频功率 (kW)", 1.2), num("变频年节电 (kWh)", 1.3), num("变频年节约 (元)", 1.3), num("变频回收期", 1), num("换1级年节电 (kWh)", 1.3)],
            rows: rows.map((c) => [c.unit.name, fmt(c.averageKw), fmt(c.vsd?.vsdKw), fmt(c.vsd?.savingKwh), fmt(c.vsd?.savingYuan), fmtYears(c.vsd?.paybackYears ?? null), fmt(c.gradeOne?.savingKwh)]),
          },
        ]
      : [{ kind: "para", text: "各空压机均为变频机，未评估变频改造。" }],
  };
}

function heatSection(r: CompressedAirResult): Section {
  const h = r.heat;
  return {
    title: "措施：空压机余热回收",
    blocks: [
      h
        ? { kind: "para", text: `年回收热量${fmt(h.recoveredKwh, "kWh")}（热）即${fmt(h.recoveredGj, "GJ")}，替代天然气${fmt(h.gasM3, "m³")}，年节约${fmt(h.costYuan, "元")}，折合标准煤${fmt(h.carbon.tce, "tce")}${h.carbon.tco2 === null ? "" : `、减排二氧化碳${fmt(h.carbon.tco2, "tCO2")}`}。` }
        : { kind: "para", text: "未填写全年稳定的热用户，未评估余热回收。" },
    ],
  };
}

export function airCompressorReport(ctx: ModelContext, r: CompressedAirResult): ReportDoc {
  const rows = rollupRows(r);
  const figures = figuresOf(ctx, r, rows);
  const sections: Section[] = [compressorSection(r), leakSection(r), pressureSection(r), alternativesSection(r), heatSection(r)];
  if (r.notes.length) sections.push({ title: "数据合理性提示", blocks: [{ kind: "bullets", items: r.notes }] });
  sections.push(
    ...auditSections(rows, "降压节电按泄漏治理后的功率计算，两项不重复；变频改造与更换高效机组与前两项重叠或互为替代，单列不计入合计。余热回收为热量kWh（热），与电量分列。", {
      boundary: "空压站全部空压机、储气罐与主管网；节电以空压站电能表计量为准。",
      baseline: `空压站年耗电${fmt(r.annualKwh, "kWh")}（由平均负荷率与满载功率估算）；改造前后记录供气量与压力。`,
      metering: "改造后在空压站进线安装电能表与流量计，按比功率（kWh/m³）对比改造前后，以产量或用气量作为常规调整变量。",
    }),
  );
  const assumptions = [
    "卸载功率比例未填写时按30%；变频机最小负荷率0.35；变频机满载功率取被替换机组满载功率（k变频 = 1.00）。",
    "孔口法：温度20 °C、流量系数0.61（锐边孔），泄漏点压力取当前排气压力设定。",
    "余热可回收比例0.70；燃气锅炉效率未填写时按90%；天然气低位热值38.93 MJ/m³。",
    `电力折标准煤系数（当量值）${ELECTRICITY_KGCE_PER_KWH_EQUIVALENT} kgce/kWh；电网排放因子${factor4(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh（${r.gridFactor.label}）。`,
  ];
  return shell(ctx, figures, summaryBlocks(r, figures), sections, assumptions, AIR_COMPRESSOR_METHOD, [
    ...commonSources(r.gridFactor),
    ["容积式空压机能效等级", "工频喷油回转机比功率限值（表1）", "GB 19153-2019（第三方转录 adgo07/EquipEffi，未核对正式文本）", "2019年发布，2020年实施"],
    ["泄漏、降压、控制方式模型", "孔口阻塞流、绝热压比公式、加卸载/变频模型", "MEASUR（ORNL-AMO/AMO-Tools-Suite）；US DOE Compressed Air Tip Sheet #3", "—"],
    ["天然气低位热值（缺省值）", "38.93 MJ/m³", "GB/T 2589附录天然气（9,310 kcal/m³）", "2020年"],
  ]);
}
