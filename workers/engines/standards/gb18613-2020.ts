// GB 18613-2020 《电动机能效限定值及能效等级》 Table 1: full-load efficiency (%), 50 Hz,
// three-phase asynchronous motors, by grade and pole count.
// Source: ../shared/domain/motors.md §2, from the third-party transcription GitHub
// adgo07/EquipEffi src/equipeffi/resources/standards/motor_lv.json (page 4 of the standard).
import { nextLowerRow } from "../shared/math";

// Grade 3 = IE3 (minimum allowed), grade 2 = IE4, grade 1 ≈ IE5.
// UNCERTAIN cells (per motors.md): grade-2 6-pole at 200 kW (96.3) and 250 kW (96.5).

export type Poles = 2 | 4 | 6 | 8;
export type Gb2020Grade = 1 | 2 | 3;

export interface Gb18613Row {
  /** Row key in kW; the last row (280) covers 280–1000 kW. */
  kw: number;
  /** efficiency % by grade, then by poles [2P, 4P, 6P, 8P] */
  grade1: readonly [number, number, number, number];
  grade2: readonly [number, number, number, number];
  grade3: readonly [number, number, number, number];
}

export const GB18613_MIN_KW = 0.75;
export const GB18613_MAX_KW = 1000;

export const GB18613_2020_TABLE1: readonly Gb18613Row[] = [
  { kw: 0.75, grade1: [86.3, 88.2, 85.7, 82.0], grade2: [83.5, 85.7, 82.7, 78.4], grade3: [80.7, 82.5, 78.9, 75.0] },
  { kw: 1.1, grade1: [87.8, 89.5, 87.2, 84.0], grade2: [85.2, 87.2, 84.5, 80.8], grade3: [82.7, 84.1, 81.0, 77.7] },
  { kw: 1.5, grade1: [88.9, 90.4, 88.4, 85.5], grade2: [86.5, 88.2, 85.9, 82.6], grade3: [84.2, 85.3, 82.5, 79.7] },
  { kw: 2.2, grade1: [90.2, 91.4, 89.7, 87.2], grade2: [88.0, 89.5, 87.4, 84.5], grade3: [85.9, 86.7, 84.3, 81.9] },
  { kw: 3, grade1: [91.1, 92.1, 90.6, 88.4], grade2: [89.1, 90.4, 88.6, 85.9], grade3: [87.1, 87.7, 85.6, 83.5] },
  { kw: 4, grade1: [91.8, 92.8, 91.4, 89.4], grade2: [90.0, 91.1, 89.5, 87.1], grade3: [88.1, 88.6, 86.8, 84.8] },
  { kw: 5.5, grade1: [92.6, 93.4, 92.2, 90.4], grade2: [90.9, 91.9, 90.5, 88.3], grade3: [89.2, 89.6, 88.0, 86.2] },
  { kw: 7.5, grade1: [93.3, 94.0, 92.9, 91.3], grade2: [91.7, 92.6, 91.3, 89.3], grade3: [90.1, 90.4, 89.1, 87.3] },
  { kw: 11, grade1: [94.0, 94.6, 93.7, 92.2], grade2: [92.6, 93.3, 92.3, 90.4], grade3: [91.2, 91.4, 90.3, 88.6] },
  { kw: 15, grade1: [94.5, 95.1, 94.3, 92.9], grade2: [93.3, 93.9, 92.9, 91.2], grade3: [91.9, 92.1, 91.2, 89.6] },
  { kw: 18.5, grade1: [94.9, 95.3, 94.6, 93.3], grade2: [93.7, 94.2, 93.4, 91.7], grade3: [92.4, 92.6, 91.7, 90.1] },
  { kw: 22, grade1: [95.1, 95.5, 94.9, 93.6], grade2: [94.0, 94.5, 93.7, 92.1], grade3: [92.7, 93.0, 92.2, 90.6] },
  { kw: 30, grade1: [95.5, 95.9, 95.3, 94.1], grade2: [94.5, 94.9, 94.2, 92.7], grade3: [93.3, 93.6, 92.9, 91.3] },
  { kw: 37, grade1: [95.8, 96.1, 95.6, 94.4], grade2: [94.8, 95.2, 94.5, 93.1], grade3: [93.7, 93.9, 93.3, 91.8] },
  { kw: 45, grade1: [96.0, 96.3, 95.8, 94.7], grade2: [95.0, 95.4, 94.8, 93.4], grade3: [94.0, 94.2, 93.7, 92.2] },
  { kw: 55, grade1: [96.2, 96.5, 96.0, 94.9], grade2: [95.3, 95.7, 95.1, 93.7], grade3: [94.3, 94.6, 94.1, 92.5] },
  { kw: 75, grade1: [96.5, 96.7, 96.3, 95.3], grade2: [95.6, 96.0, 95.4, 94.2], grade3: [94.7, 95.0, 94.6, 93.1] },
  { kw: 90, grade1: [96.6, 96.9, 96.5, 95.5], grade2: [95.8, 96.1, 95.6, 94.4], grade3: [95.0, 95.2, 94.9, 93.4] },
  { kw: 110, grade1: [96.8, 97.0, 96.6, 95.7], grade2: [96.0, 96.3, 95.8, 94.7], grade3: [95.2, 95.4, 95.1, 93.7] },
  { kw: 132, grade1: [96.9, 97.1, 96.8, 95.9], grade2: [96.2, 96.4, 96.0, 94.9], grade3: [95.4, 95.6, 95.4, 94.0] },
  { kw: 160, grade1: [97.0, 97.2, 96.9, 96.1], grade2: [96.3, 96.6, 96.2, 95.1], grade3: [95.6, 95.8, 95.6, 94.3] },
  { kw: 200, grade1: [97.2, 97.4, 97.0, 96.3], grade2: [96.5, 96.7, 96.3, 95.4], grade3: [95.8, 96.0, 95.8, 94.6] },
  { kw: 250, grade1: [97.2, 97.4, 97.0, 96.3], grade2: [96.5, 96.7, 96.5, 95.4], grade3: [95.8, 96.0, 95.8, 94.6] },
  { kw: 280, grade1: [97.2, 97.4, 97.0, 96.3], grade2: [96.5, 96.7, 96.6, 95.4], grade3: [95.8, 96.0, 95.8, 94.6] },
];

const POLE_COLUMN: Record<Poles, 0 | 1 | 2 | 3> = { 2: 0, 4: 1, 6: 2, 8: 3 };

/**
 * Full-load efficiency (fraction) of a GB 18613-2020 grade, using the next lower row for a
 * non-standard rating (project convention, motors.md §2). Undefined outside 0.75–1000 kW.
 */
export function gb18613Efficiency(ratedKw: number, poles: Poles, grade: Gb2020Grade): number | undefined {
  if (ratedKw > GB18613_MAX_KW) return undefined;
  const row = nextLowerRow(GB18613_2020_TABLE1, ratedKw);
  if (!row) return undefined;
  const col = POLE_COLUMN[poles];
  const pct = grade === 1 ? row.grade1[col] : grade === 2 ? row.grade2[col] : row.grade3[col];
  return pct / 100;
}
