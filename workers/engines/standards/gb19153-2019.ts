// GB 19153-2019 《容积式空气压缩机能效限定值及能效等级》 Table 1 excerpt: general-purpose oil-injected rotary
// compressors, fixed speed. Maximum specific power kW/(m³/min), grade 1 / 2 / 3 (grade 3 = minimum allowed).
// Source: ../shared/domain/compressed_air.md §2, from the third-party transcription GitHub adgo07/EquipEffi
// src/equipeffi/resources/standards/compressor.json (pages 5–7). UNVERIFIED against the official text.

export type Cooling = "air" | "water";
export type LimitTriple = readonly [number, number, number];

export interface Gb19153Row {
  kw: number;
  cooling: Cooling;
  /** Limits by rated discharge pressure (MPa g). */
  byPressure: Readonly<Record<"0.7" | "0.8" | "1.0", LimitTriple>>;
}

export const GB19153_FIXED_SPEED: readonly Gb19153Row[] = [
  { kw: 7.5, cooling: "air", byPressure: { "0.7": [7.2, 7.9, 8.8], "0.8": [7.8, 8.7, 9.8], "1.0": [8.8, 9.7, 11.0] } },
  { kw: 11, cooling: "air", byPressure: { "0.7": [6.9, 7.6, 8.4], "0.8": [7.5, 8.3, 9.4], "1.0": [8.5, 9.3, 10.5] } },
  { kw: 22, cooling: "air", byPressure: { "0.7": [6.4, 7.0, 7.7], "0.8": [6.9, 7.6, 8.5], "1.0": [7.8, 8.5, 9.5] } },
  { kw: 22, cooling: "water", byPressure: { "0.7": [6.1, 6.7, 7.4], "0.8": [6.6, 7.3, 8.2], "1.0": [7.5, 8.1, 9.1] } },
  { kw: 37, cooling: "air", byPressure: { "0.7": [6.2, 6.7, 7.4], "0.8": [6.7, 7.3, 8.1], "1.0": [7.4, 8.1, 9.0] } },
  { kw: 37, cooling: "water", byPressure: { "0.7": [5.9, 6.4, 7.1], "0.8": [6.4, 7.0, 7.8], "1.0": [7.1, 7.7, 8.6] } },
  { kw: 55, cooling: "air", byPressure: { "0.7": [6.0, 6.5, 7.2], "0.8": [6.5, 7.0, 7.7], "1.0": [7.2, 7.8, 8.6] } },
  { kw: 55, cooling: "water", byPressure: { "0.7": [5.7, 6.2, 6.9], "0.8": [6.2, 6.7, 7.4], "1.0": [6.9, 7.4, 8.2] } },
  { kw: 90, cooling: "air", byPressure: { "0.7": [5.8, 6.3, 6.9], "0.8": [6.2, 6.7, 7.4], "1.0": [6.9, 7.5, 8.3] } },
  { kw: 90, cooling: "water", byPressure: { "0.7": [5.6, 6.1, 6.7], "0.8": [6.0, 6.4, 7.1], "1.0": [6.6, 7.2, 8.0] } },
  { kw: 110, cooling: "air", byPressure: { "0.7": [5.7, 6.2, 6.8], "0.8": [6.1, 6.6, 7.3], "1.0": [6.8, 7.4, 8.2] } },
  { kw: 110, cooling: "water", byPressure: { "0.7": [5.5, 6.0, 6.6], "0.8": [5.9, 6.3, 7.0], "1.0": [6.5, 7.1, 7.9] } },
];
