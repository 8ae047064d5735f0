// Which full-load efficiency an existing or proposed motor has (motors.md §1–§2): the nameplate value
// when known, else the table value of its class. Series mapping: YE3 ≈ GB grade 3 (IE3), YE4 ≈ grade 2
// (IE4), YE5 ≈ grade 1; YE2/Y2 ≈ IE2; old Y ≈ IE1 or worse. GB 18613-2012 grades: 3 = IE2, 2 = IE3
// (= 2020 grade 3), 1 ≈ IE4 (= 2020 grade 2). IE1/IE2 values exist for 4-pole motors only.
import { REWOUND_DEDUCTION_POINTS } from "../standards/conventions";
import { gb18613Efficiency, type Gb2020Grade, type Poles } from "../standards/gb18613-2020";
import { legacyEfficiency4Pole, type LegacyClass } from "../standards/iec60034-30-1";

export type MotorClassCode =
  | "gb2020_1"
  | "gb2020_2"
  | "gb2020_3"
  | "gb2012_1"
  | "gb2012_2"
  | "gb2012_3"
  | "ye5"
  | "ye4"
  | "ye3"
  | "ye2"
  | "y2"
  | "y"
  | "ie1"
  | "ie2"
  | "ie3"
  | "ie4"
  | "ie5";

export const MOTOR_CLASS_NAMES: Record<MotorClassCode, string> = {
  gb2020_1: "GB 18613-2020 1级能效",
  gb2020_2: "GB 18613-2020 2级能效",
  gb2020_3: "GB 18613-2020 3级能效",
  gb2012_1: "GB 18613-2012 1级能效",
  gb2012_2: "GB 18613-2012 2级能效",
  gb2012_3: "GB 18613-2012 3级能效",
  ye5: "YE5系列",
  ye4: "YE4系列",
  ye3: "YE3系列",
  ye2: "YE2系列",
  y2: "Y2系列",
  y: "Y系列（老旧）",
  ie1: "IE1",
  ie2: "IE2",
  ie3: "IE3",
  ie4: "IE4",
  ie5: "IE5",
};

/** The stated class in the fewest characters, for table cells (grades of GB 18613-2020 as plain "N级"). */
const MOTOR_CLASS_SHORT: Record<MotorClassCode, string> = {
  gb2020_1: "1级",
  gb2020_2: "2级",
  gb2020_3: "3级",
  gb2012_1: "2012版1级",
  gb2012_2: "2012版2级",
  gb2012_3: "2012版3级",
  ye5: "YE5",
  ye4: "YE4",
  ye3: "YE3",
  ye2: "YE2",
  y2: "Y2",
  y: "Y系列",
  ie1: "IE1",
  ie2: "IE2",
  ie3: "IE3",
  ie4: "IE4",
  ie5: "IE5",
};

/** What the short labels mean, printed under the equipment table. */
export const EFFICIENCY_BASIS_LEGEND =
  "效率依据：“铭牌”为铭牌满载效率；“N级”为按GB 18613-2020《电动机能效限定值及能效等级》表1该等级的满载效率，" +
  "“YE3→3级”等为按所填系列或旧版等级对应的2020版等级查表（YE3≈3级、YE4≈2级、YE5≈1级，2012版2级≈3级、2012版1级≈2级）；" +
  "“→IE1/IE2”为按IEC 60034-30-1的IE1/IE2效率查表（仅4极）；“修复−N”为修复电机扣减N个百分点。";

type TableBasis = { table: "gb2020"; grade: Gb2020Grade } | { table: "legacy"; cls: LegacyClass };

const CLASS_TABLE: Record<MotorClassCode, TableBasis> = {
  gb2020_1: { table: "gb2020", grade: 1 },
  gb2020_2: { table: "gb2020", grade: 2 },
  gb2020_3: { table: "gb2020", grade: 3 },
  gb2012_1: { table: "gb2020", grade: 2 },
  gb2012_2: { table: "gb2020", grade: 3 },
  gb2012_3: { table: "legacy", cls: "IE2" },
  ye5: { table: "gb2020", grade: 1 },
  ye4: { table: "gb2020", grade: 2 },
  ye3: { table: "gb2020", grade: 3 },
  ye2: { table: "legacy", cls: "IE2" },
  y2: { table: "legacy", cls: "IE2" },
  y: { table: "legacy", cls: "IE1" },
  ie1: { table: "legacy", cls: "IE1" },
  ie2: { table: "legacy", cls: "IE2" },
  ie3: { table: "gb2020", grade: 3 },
  ie4: { table: "gb2020", grade: 2 },
  ie5: { table: "gb2020", grade: 1 },
};

/** True when the class needs the 4-pole-only legacy table. */
export function classNeedsFourPole(cls: MotorClassCode): boolean {
  return CLASS_TABLE[cls].table === "legacy";
}

export type EfficiencySource =
  | { source: "nameplate"; fullLoadPercent: number }
  | { source: "class"; cls: MotorClassCode };

export interface EfficiencyBasis {
  /** Full-load efficiency used by the engine (fraction), after any rewind deduction. */
  fullLoadEfficiency: number;
  /** Chinese description for the report, e.g. "铭牌效率" or "按YE3系列查GB 18613-2020表1". */
  label: string;
  /**
   * The same in a few characters for the equipment table ("铭牌", "YE3→3级", "Y系列→IE1", "GB2012 2级→3级"); the
   * table's legend (EFFICIENCY_BASIS_LEGEND) names the standards. The long label wrapped to four lines a row and
   * doubled the pages of a 100-motor inventory.
   */
  shortLabel: string;
  rewoundDeductionPoints: number;
}

/** Undefined when the table has no value (rating outside 0.75–1000 kW, or legacy class with ≠ 4 poles). */
export function resolveEfficiency(
  ratedKw: number,
  poles: Poles,
  src: EfficiencySource,
  rewound = false,
): EfficiencyBasis | undefined {
  let eta: number | undefined;
  let label: string;
  let shortLabel: string;
  if (src.source === "nameplate") {
    eta = src.fullLoadPercent / 100;
    label = "铭牌效率";
    shortLabel = "铭牌";
  } else {
    const basis = CLASS_TABLE[src.cls];
    const stated = MOTOR_CLASS_SHORT[src.cls];
    if (basis.table === "gb2020") {
      eta = gb18613Efficiency(ratedKw, poles, basis.grade);
      label = `按${MOTOR_CLASS_NAMES[src.cls]}查GB 18613-2020表1（${basis.grade}级）`;
      shortLabel = stated === `${basis.grade}级` ? stated : `${stated}→${basis.grade}级`;
    } else {
      eta = poles === 4 ? legacyEfficiency4Pole(ratedKw, basis.cls) : undefined;
      label = `按${MOTOR_CLASS_NAMES[src.cls]}查IEC 60034-30-1 ${basis.cls}（4极）`;
      shortLabel = stated === basis.cls ? stated : `${stated}→${basis.cls}`;
    }
  }
  if (eta === undefined) return undefined;
  const deduction = rewound ? REWOUND_DEDUCTION_POINTS : 0;
  return {
    fullLoadEfficiency: eta - deduction / 100,
    label: rewound ? `${label}，修复电机扣减${deduction}个百分点` : label,
    shortLabel: rewound ? `${shortLabel}，修复−${deduction}` : shortLabel,
    rewoundDeductionPoints: deduction,
  };
}
