// The measures tracker (措施跟踪表, issue 15): the report's roll-up as a styled .xlsx beside the PDF, with the
// same figures (full precision) and empty columns the plant fills while implementing (status, owner, dates,
// measured saving after M&V). Built with the spreadsheets module's writer; pure apart from zipping.
import { STYLE, writeXlsx, type WRow, type WSheet } from "../spreadsheets/xlsx-writer";
import { DISCOUNT_RATE, irr, npv, SERVICE_LIFE_YEARS } from "./model/finance";
import { rollupTotals, tceEqual, type ReportDoc, type RollupRow } from "./model";

export const TRACKER_COLUMNS = [
  "序号",
  "措施",
  "计入合计",
  "投资（元）",
  "年节电（kWh）",
  "年回收热量（kWh热）",
  "年节约（元）",
  "当量（tce）",
  "等价（tce）",
  "减排（tCO2）",
  "静态回收期（年）",
  "寿命（年）",
  `净现值（元，${DISCOUNT_RATE * 100}%）`,
  "内部收益率",
  "实施状态",
  "负责人",
  "计划完成日期",
  "实测节能量（M&V）",
  "备注",
] as const;

/** The roll-up rows of a report document (empty when the card has none). */
export function rollupRows(doc: ReportDoc): RollupRow[] {
  return doc.sections.find((s) => s.rollup)?.rollup ?? [];
}

const n = (v: number | null) => (v === null || !Number.isFinite(v) ? { v: "—", s: STYLE.text } : { v, s: STYLE.number });

export function trackerSheets(doc: ReportDoc): WSheet[] {
  const c = doc.cover;
  const rows: WRow[] = [
    { cells: [{ v: `${c.company} ${c.cardName} 节能措施跟踪表`, s: STYLE.title }], height: 24 },
    { cells: [{ v: `报告编号 ${c.reportNo} · 报告日期 ${c.date} · 数值为报告预测值（完整精度），实测节能量按GB/T 28750-2012确认`, s: STYLE.note }] },
    { cells: TRACKER_COLUMNS.map((h) => ({ v: h, s: STYLE.header })), height: 30 },
  ];
  rollupRows(doc).forEach((r, i) => {
    const life = SERVICE_LIFE_YEARS[r.life];
    const inv = r.investmentYuan;
    rows.push({
      cells: [
        { v: i + 1, s: STYLE.number },
        { v: r.name, s: STYLE.text },
        { v: r.inTotal ? "是" : "否（替代或竞争措施）", s: STYLE.text },
        n(inv),
        n(r.electricKwh),
        n(r.heatKwh),
        n(r.yuan),
        n(r.tceEquivalent),
        n(tceEqual(r)),
        n(r.tco2),
        n(inv === null || r.yuan <= 0 ? null : inv / r.yuan),
        { v: life, s: STYLE.number },
        n(inv === null ? null : npv(inv, r.yuan, DISCOUNT_RATE, life)),
        n(inv === null ? null : irr(inv, r.yuan, life)),
        { v: "待定", s: STYLE.text },
        { v: "", s: STYLE.text },
        { v: "", s: STYLE.text },
        { v: "", s: STYLE.text },
        { v: r.remark ?? "", s: STYLE.text },
      ],
    });
  });
  // The total of the measures in the total: the same rollupTotals() the roll-up's total row and the headline print.
  const all = rollupRows(doc);
  if (all.length) {
    const t = rollupTotals(all);
    const inTotal = all.filter((r) => r.inTotal);
    rows.push({
      cells: [
        { v: "", s: STYLE.text },
        { v: "合计", s: STYLE.text },
        { v: "已扣除相互作用", s: STYLE.text },
        n(t.investmentYuan),
        n(t.electricKwh),
        n(t.heatKwh),
        n(t.yuan),
        n(t.tceEquivalent),
        n(inTotal.reduce((s, r) => s + tceEqual(r), 0)),
        n(t.tco2),
        n(t.paybackYears),
        ...Array.from({ length: 8 }, () => ({ v: "", s: STYLE.text })),
      ],
    });
  }
  return [
    {
      name: "措施跟踪表",
      widths: [6, 30, 12, 12, 14, 14, 12, 10, 10, 10, 12, 8, 14, 10, 10, 10, 12, 16, 28],
      freezeRows: 3,
      merges: ["A1:S1", "A2:S2"],
      rows,
    },
  ];
}

export function trackerXlsx(doc: ReportDoc): Promise<Uint8Array<ArrayBuffer>> {
  return writeXlsx(trackerSheets(doc));
}
