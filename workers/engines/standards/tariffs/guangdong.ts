// Guangdong 广东 — 粤发改价格〔2021〕331号, from 2021-10-01 (electricity_cost.md §3); Shenzhen
// (深发改〔2021〕1005号) uses the same periods. p_b = agency-purchase user price excluding government
// funds and surcharges (T&D floats with it); p_nf = funds and surcharges. Peak : flat : valley = 1.7 : 1 : 0.38;
// critical peak = 1.7 × 1.25 = 2.125 on all days of July–September (plus ≥ 35 °C days, an input) 11–12 and 15–17.
import type { ProvinceTariff } from "./types";

export const GUANGDONG_2021: ProvinceTariff = {
  province: "guangdong",
  name: "广东",
  document: "粤发改价格〔2021〕331号",
  effectiveFrom: "2021-10-01",
  floatingBaseNote: "浮动部分为代理购电用户电价（不含政府性基金及附加，输配电价随之浮动）；政府性基金及附加不浮动",
  schedules: [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      peak: [{ from: 10, to: 12 }, { from: 14, to: 19 }],
      flat: [{ from: 8, to: 10 }, { from: 12, to: 14 }, { from: 19, to: 24 }],
      valley: [{ from: 0, to: 8 }],
    },
  ],
  critical: [{ months: [7, 8, 9], windows: [{ from: 11, to: 12 }, { from: 15, to: 17 }] }],
  factors: [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      byCategory: {
        two_part: { peak: 1.7, flat: 1, valley: 0.38, critical: 1.7 * 1.25 },
        single_part_ge100: { peak: 1.7, flat: 1, valley: 0.38, critical: 1.7 * 1.25 },
        single_part_lt100: { peak: 1.7, flat: 1, valley: 0.38, critical: 1.7 * 1.25 },
      },
    },
  ],
  caveats: ["7–9月以外日最高气温达35°C的尖峰日未计入（需按运行日历另行提供）"],
};
