// Jiangsu 江苏 — 苏发改价格发〔2025〕426号, in force 2025-06-01 (electricity_cost.md §3).
// Floating base p_b = purchase price (购电价格) only. Peak +80 % (two-part), +70 % (single-part ≥ 100 kVA),
// +60 % (single-part < 100 kVA); valley −65 %. Critical peak (+20 % on the peak price, ≥ 315 kVA industrial)
// is NOT confirmed for 426号: config flag jiangsu_critical_peak, default OFF; windows from a public tariff
// script citing fzggw.jiangsu.gov.cn/art/2025/4/30/art_284_11557001.html — UNVERIFIED.
import type { ProvinceTariff } from "./types";

export const JIANGSU_CRITICAL_UPLIFT = 1.2;

export const JIANGSU_2025: ProvinceTariff = {
  province: "jiangsu",
  name: "江苏",
  document: "苏发改价格发〔2025〕426号",
  effectiveFrom: "2025-06-01",
  floatingBaseNote: "浮动部分为购电价格；上网环节线损费用、输配电价、系统运行费用、政府性基金及附加不参与浮动",
  schedules: [
    {
      months: [6, 7, 8, 12, 1, 2],
      peak: [{ from: 14, to: 22 }],
      flat: [{ from: 6, to: 11 }, { from: 13, to: 14 }, { from: 22, to: 24 }],
      valley: [{ from: 0, to: 6 }, { from: 11, to: 13 }],
    },
    {
      months: [3, 4, 5, 9, 10, 11],
      peak: [{ from: 15, to: 22 }],
      flat: [{ from: 6, to: 10 }, { from: 14, to: 15 }, { from: 22, to: 2 }],
      valley: [{ from: 2, to: 6 }, { from: 10, to: 14 }],
    },
  ],
  critical: [
    { months: [7, 8], windows: [{ from: 14, to: 15 }, { from: 19.5, to: 21.5 }], flag: "jiangsu_critical_peak" },
    { months: [12, 1], windows: [{ from: 18, to: 20 }], flag: "jiangsu_critical_peak" },
  ],
  factors: [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      byCategory: {
        two_part: { peak: 1.8, flat: 1, valley: 0.35, critical: 1.8 * 1.2 },
        single_part_ge100: { peak: 1.7, flat: 1, valley: 0.35, critical: 1.7 * 1.2 },
        single_part_lt100: { peak: 1.6, flat: 1, valley: 0.35, critical: 1.6 * 1.2 },
      },
    },
  ],
  caveats: [
    "尖峰电价是否在苏发改价格发〔2025〕426号中保留尚未确认，默认不计尖峰（可在配置中开启）",
    "节假日深谷电价未建模",
  ],
};
