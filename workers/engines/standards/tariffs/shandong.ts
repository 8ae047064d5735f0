// Shandong 山东 — 鲁发改价格〔2023〕914号 (2025 periods), electricity_cost.md §3. Periods are month-specific;
// the domain documents give only July–August (valley 1–6, peak 16–23 with critical 17–22, flat the rest),
// so only those months are configured. All factors relative to flat: peak +70 %, valley −70 %, critical +100 %
// (f = 2.0). Deep valley −90 % (f = 0.1) applies on days not modelled here.
import type { ProvinceTariff } from "./types";

export const SHANDONG_2025: ProvinceTariff = {
  province: "shandong",
  name: "山东",
  document: "鲁发改价格〔2023〕914号（2025年时段）",
  floatingBaseNote: "浮动部分以山东省分时电价文件为准，请按电费单拆分浮动与不浮动部分",
  schedules: [
    {
      months: [7, 8],
      // Critical 17–22 lies inside this peak window and overrides it.
      peak: [{ from: 16, to: 23 }],
      flat: [{ from: 0, to: 1 }, { from: 6, to: 16 }, { from: 23, to: 24 }],
      valley: [{ from: 1, to: 6 }],
    },
  ],
  critical: [{ months: [7, 8], windows: [{ from: 17, to: 22 }] }],
  factors: [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      byCategory: {
        two_part: { peak: 1.7, flat: 1, valley: 0.3, critical: 2.0 },
        single_part_ge100: { peak: 1.7, flat: 1, valley: 0.3, critical: 2.0 },
        single_part_lt100: { peak: 1.7, flat: 1, valley: 0.3, critical: 2.0 },
      },
    },
  ],
  caveats: ["山东仅收录7–8月时段，其他月份的负荷曲线无法按时段拆分（请以月度电费单为准）", "深谷电价未建模"],
};
