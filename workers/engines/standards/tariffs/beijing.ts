// Beijing 北京 — 京发改规〔2023〕11号 (electricity_cost.md §3). Two-part 1.6 : 1 : 0.4; critical = peak +20 %
// (f = 1.92) in July–August 11–13 and 16–17 (the 16–17 hour overrides flat) and January/December 18–21.
import type { ProvinceTariff } from "./types";

export const BEIJING_2023: ProvinceTariff = {
  province: "beijing",
  name: "北京",
  document: "京发改规〔2023〕11号",
  floatingBaseNote: "浮动部分以北京市分时电价文件为准，请按电费单拆分浮动与不浮动部分",
  schedules: [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      peak: [{ from: 10, to: 13 }, { from: 17, to: 22 }],
      flat: [{ from: 7, to: 10 }, { from: 13, to: 17 }, { from: 22, to: 23 }],
      valley: [{ from: 23, to: 7 }],
    },
  ],
  critical: [
    { months: [7, 8], windows: [{ from: 11, to: 13 }, { from: 16, to: 17 }] },
    { months: [1, 12], windows: [{ from: 18, to: 21 }] },
  ],
  factors: [
    { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], byCategory: { two_part: { peak: 1.6, flat: 1, valley: 0.4, critical: 1.92 } } },
  ],
  caveats: ["北京比例仅收录两部制用户；单一制用户请按电费单填写各时段电价"],
};
