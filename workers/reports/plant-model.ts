// The plant summary (全厂能源平衡) as a report document: the same figures as /workbench/plant, formatted by the same
// functions (services/plant/figures.ts), laid out in sections of the report model's blocks so plant-document.tsx
// draws them with the report's own tables, headings and signature page. Pure: the job and the tests build it.
import { chinaDateText, formatChinaTime } from "../lib/china-time";
import { randomId } from "../lib/ids";
import type { Block, Section } from "./model";
import { num, optionName, text } from "./model/doc";
import { INDUSTRY_OPTIONS } from "../contract/card-options";
import type { PlantSummaryView } from "../services/plant/summary";
import {
  PLANT_BALANCE_COLUMNS,
  PLANT_CHECK_LEVEL_TEXT,
  PLANT_FACTOR_NOTE,
  plantCarrierCells,
  plantHeadline,
  plantPerUnitText,
  plantSourceRows,
  plantTce,
  sig4,
  type PlantHeadlineItem,
} from "../services/plant/figures";

export interface PlantDoc {
  cover: { company: string; industry: string | null; date: string; reportNo: string };
  tiles: { label: string; value: string; note: string }[];
  sections: Section[];
}

/** PB-20261128-7F3A9C: China date and 6 random hex digits (one per request). */
export function plantReportNumber(now: number): string {
  return `PB-${formatChinaTime(now, "YYYYMMDD")}-${randomId(3).toUpperCase()}`;
}

const tile = (t: PlantHeadlineItem) => ({ label: t.label, value: t.value, note: t.unit });

function balanceSection(view: PlantSummaryView & { summary: NonNullable<PlantSummaryView["summary"]> }): Section {
  const b = view.summary.balance;
  const widths = [1.3, 1.5, 1.05, 1.35, 0.9, 0.9, 0.7, 1.35, 0.95];
  const columns = PLANT_BALANCE_COLUMNS.map((label, i) => (i === 0 || i === 2 ? text(label, widths[i]!) : num(label, widths[i]!)));
  const rows = b.carriers.map((c) => {
    const x = plantCarrierCells(c);
    return [x.name, x.quantity, x.basis, x.factor, x.tceEquivalent, x.tceEqual, x.share, x.equipment, x.coverage];
  });
  const meters = b.carriers.filter((c) => c.basis === "metered" && c.meteredBy).map((c) => `${c.name}：${c.meteredBy}`);
  return {
    title: "能源平衡与综合能耗（GB/T 2589-2020）",
    blocks: [
      { kind: "table", title: "全厂能源平衡表", columns, rows, total: ["综合能耗合计", "", "", "", plantTce(b.totalTceEquivalent), plantTce(b.totalTceEqual), "", "", ""] },
      { kind: "para", text: PLANT_FACTOR_NOTE },
      ...(meters.length ? [{ kind: "bullets", items: meters.map((m) => `计入的计量值 ${m}`) } as Block] : []),
    ],
  };
}

function checksSection(b: NonNullable<PlantSummaryView["summary"]>["balance"]): Section {
  const items = [...b.checks.map((c) => `【${PLANT_CHECK_LEVEL_TEXT[c.level]}】${c.message}`), ...b.notes.map((n) => `【说明】${n.message}`)];
  return {
    title: "跨卡片核对",
    blocks: items.length
      ? [{ kind: "bullets", items }]
      : [{ kind: "para", text: "没有可以相互核对的数据：需要同一能源既有全厂计量值（电费账单或全厂年用量）又有设备清单。" }],
  };
}

function perUnitSection(b: NonNullable<PlantSummaryView["summary"]>["balance"]): Section {
  const t = plantPerUnitText(b);
  return {
    title: "单位产品综合能耗",
    blocks: t
      ? [
          { kind: "para", text: t.text },
          { kind: "para", text: t.verdict.message },
        ]
      : [{ kind: "para", text: "调查表最后一页「全厂能源与产量（选填）」未填写年产量和产量单位，不计算单位产品综合能耗。" }],
  };
}

function sourcesSection(view: PlantSummaryView & { summary: NonNullable<PlantSummaryView["summary"]> }): Section {
  const rows = plantSourceRows(view.summary, view.skipped).map((r) => [r.title, r.card, r.countedText, r.text]);
  const factors = view.summary.balance.carriers.map((c) => [
    c.name,
    `${sig4(c.factorEquivalent.value)} ${c.factorEquivalent.unit}`,
    `${sig4(c.factorEqual.value)} ${c.factorEqual.unit}`,
    c.factorEquivalent.source,
  ]);
  return {
    title: "数据来源与折标系数",
    blocks: [
      { kind: "table", title: "调查表", columns: [text("调查表", 1.6), text("评估卡片", 1.2), text("计入", 0.7), text("计入的数据或原因", 4)], rows },
      { kind: "table", title: "折标准煤系数", columns: [text("能源品种", 1), num("当量值", 1.5), num("等价值", 1.5), text("来源", 3.5)], rows: factors },
    ],
  };
}

const METHOD: string[] = [
  "综合能耗按GB/T 2589-2020《综合能耗计算通则》将各能源品种折算为标准煤后相加，电力分别按当量值与等价值折算，燃料与外购热量的等价值与当量值相同。",
  "同一能源品种有全厂计量值（电费账单、全厂年用量）时按计量值计入；没有计量值时按调查设备的年用量合计计入，并标注为下限。同一品种的两个计量值相差超过5%时列出。",
  "跨卡片核对：调查设备年用量超过计量值2%以上为错误（运行时间、负载或台数偏大，或重复填报）；电机清单年耗电占计量用电量高于90%或低于40%时提示（项目约定区间，依据IEA 2011年关于工业用电约三分之二用于电机系统的估计）。",
  "单位产品综合能耗 = 综合能耗 ÷ 年产量，按当量值与限额对比；限额取调查表填写的限额，未填写时取所属行业的配置限额。",
];

/** The plant summary of one enterprise as a PDF document; throws when it has no summary (the job refuses earlier). */
export function plantReportDoc(view: PlantSummaryView, meta: { reportNo: string; generatedAt: number }): PlantDoc {
  const summary = view.summary;
  if (!view.company || !summary) throw new Error("plant report without a summary");
  const withSummary = { ...view, summary };
  const b = summary.balance;
  return {
    cover: { company: view.company, industry: optionName(INDUSTRY_OPTIONS, summary.industry ?? undefined), date: chinaDateText(meta.generatedAt), reportNo: meta.reportNo },
    tiles: plantHeadline(b).map(tile),
    sections: [balanceSection(withSummary), checksSection(b), perUnitSection(b), sourcesSection(withSummary), { title: "计算方法与依据", blocks: [{ kind: "bullets", items: METHOD }] }],
  };
}
