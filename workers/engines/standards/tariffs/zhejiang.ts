// Zhejiang 浙江 — 浙发改价格〔2024〕21号 periods (electricity_cost.md §3). The ratios are NOT captured in
// the domain documents, so no factors are configured: period prices must be entered from the bill.
// The reported 2026 revision (浙发改价格〔2026〕112号, effective 2026-07-01) is not configured because its
// final periods are unverified; the report warns for months from 2026-07 on.
import type { ProvinceTariff } from "./types";

export const ZHEJIANG_2024: ProvinceTariff = {
  province: "zhejiang",
  name: "浙江",
  document: "浙发改价格〔2024〕21号",
  floatingBaseNote: "浮动比例未收录，请按电费单填写各时段电价",
  schedules: [
    {
      months: [2, 3, 4, 5, 6, 9, 10, 11],
      peak: [{ from: 8, to: 11 }, { from: 13, to: 17 }],
      flat: [{ from: 17, to: 24 }],
      valley: [{ from: 0, to: 8 }, { from: 11, to: 13 }],
    },
    {
      months: [1, 7, 8, 12],
      // Critical 9–11 and 15–17 sit inside these peak windows and override them.
      peak: [{ from: 8, to: 11 }, { from: 15, to: 23 }],
      flat: [{ from: 13, to: 15 }, { from: 23, to: 24 }],
      valley: [{ from: 0, to: 8 }, { from: 11, to: 13 }],
    },
  ],
  critical: [{ months: [1, 7, 8, 12], windows: [{ from: 9, to: 11 }, { from: 15, to: 17 }] }],
  factors: [],
  caveats: [
    "浙江分时电价浮动比例未收录，各时段电价按电费单填写",
    "2026年7月起浙江执行浙发改价格〔2026〕112号（时段调整），本工具仍按2024年时段划分，请核对",
    "节假日深谷电价未建模",
  ],
};
