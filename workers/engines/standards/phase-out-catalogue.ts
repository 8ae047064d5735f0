// 《高耗能落后机电设备（产品）淘汰目录》 (工业和信息化部): the motor series on it that the motor survey can name.
// Batch 3 (第三批), section 1 (电动机), items 1-1 (Y series) and 1-2 (Y2 series): both listed because they do not meet
// the limit values (能效限定值) of GB 18613-2012; those made in 2003 or earlier were to stop running by the end of 2015.
// Source: the batch-3 catalogue text (item numbers, product names, reason and deadline as published; the model lists
// as extracted from the published DOCX). UNVERIFIED against the printed notice: the model lists (printed in the flag
// as a summary) should be checked against the nameplate, which the flag asks the user to do.
// Search of 2026-11-28 (the project's `search` tool, pages and docs corpora, queries: the catalogue's title with
// 第三批 / Y系列 / Y2系列 / 工信部节〔2014〕): no copy of the notice or of its catalogue table was found, only unrelated
// standards pages; still UNVERIFIED. Verify against MIIT's published notice (工业和信息化部公告, batch 3) before a
// compliance statement.
// The survey records the series, not the full model designation, so a unit is flagged by series and rating range;
// the flag says which models the item lists.

export interface PhaseOutItem {
  catalogue: "高耗能落后机电设备（产品）淘汰目录";
  batch: "第三批";
  /** Item number in the catalogue's motor section. */
  item: string;
  /** The product as the catalogue names it. */
  product: string;
  /** The catalogue's reason (淘汰理由). */
  reason: string;
  /** The catalogue's deadline and condition (淘汰期限). */
  deadline: string;
  /** The models the item lists, in words. */
  listedModels: string;
  /** Rated power range of the listed models, kW, and their pole counts. */
  kwRange: readonly [number, number];
  poles: readonly number[];
}

const REASON = "不符合GB 18613-2012《中小型三相异步电动机能效限定值及能效等级》的能效限定值";
const DEADLINE = "2003年（含）前生产的该系列电机，最迟应于2015年年底前停止使用";

/** Series code as the survey states it (MotorClassCode "y", "y2") → its catalogue item. */
export const MOTOR_PHASE_OUT: Readonly<Record<"y" | "y2", PhaseOutItem>> = {
  y: {
    catalogue: "高耗能落后机电设备（产品）淘汰目录",
    batch: "第三批",
    item: "1-1",
    product: "Y系列中小型三相异步电动机",
    reason: REASON,
    deadline: DEADLINE,
    listedModels: "Y112M-2、Y112M-4、Y112M-6、Y315L1-2及Y355机座各型号，2.2–315 kW",
    kwRange: [2.2, 315],
    poles: [2, 4, 6],
  },
  y2: {
    catalogue: "高耗能落后机电设备（产品）淘汰目录",
    batch: "第三批",
    item: "1-2",
    product: "Y2系列中小型三相异步电动机",
    reason: REASON,
    deadline: DEADLINE,
    listedModels: "机座号80–355的2、4、6极各型号，0.55–315 kW",
    kwRange: [0.55, 315],
    poles: [2, 4, 6],
  },
};

/** The catalogue item of a stated series, or null when the series is not on it. */
export function phaseOutItemFor(series: string | undefined): PhaseOutItem | null {
  return series === "y" || series === "y2" ? MOTOR_PHASE_OUT[series] : null;
}

/** The citation as printed: 《高耗能落后机电设备（产品）淘汰目录（第三批）》第1-1项. */
export function phaseOutCitation(item: PhaseOutItem): string {
  return `《${item.catalogue}（${item.batch}）》（工业和信息化部）第${item.item}项`;
}
