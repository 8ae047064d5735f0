// Shanghai 上海 — 沪发改价管〔2022〕50号, two-part users (electricity_cost.md §3; month sets per a public
// tariff script citing fgw.sh.gov.cn/fgw_jggl/20221216/e2652e3ab7ee49438d6e82af8880b160.html).
// Hours: July–September vs all other months. Factors: summer/winter months (1, 7, 8, 9, 12) peak +80 %,
// valley −60 %, critical 1.8 × 1.25 = 2.25; other months peak +60 %, valley −50 %. Which components float is
// not stated in the domain documents (project convention: the user's p_b / p_nf split).
import type { ProvinceTariff } from "./types";

export const SHANGHAI_2022: ProvinceTariff = {
  province: "shanghai",
  name: "上海",
  document: "沪发改价管〔2022〕50号",
  floatingBaseNote: "浮动部分以上海市分时电价文件为准，请按电费单拆分浮动与不浮动部分",
  schedules: [
    {
      months: [7, 8, 9],
      peak: [{ from: 8, to: 15 }, { from: 18, to: 21 }],
      flat: [{ from: 6, to: 8 }, { from: 15, to: 18 }, { from: 21, to: 22 }],
      valley: [{ from: 22, to: 6 }],
    },
    {
      months: [1, 2, 3, 4, 5, 6, 10, 11, 12],
      peak: [{ from: 8, to: 11 }, { from: 18, to: 21 }],
      flat: [{ from: 6, to: 8 }, { from: 11, to: 18 }, { from: 21, to: 22 }],
      valley: [{ from: 22, to: 6 }],
    },
  ],
  critical: [
    { months: [7, 8], windows: [{ from: 12, to: 14 }] },
    { months: [1, 12], windows: [{ from: 19, to: 21 }] },
  ],
  factors: [
    { months: [1, 7, 8, 9, 12], byCategory: { two_part: { peak: 1.8, flat: 1, valley: 0.4, critical: 1.8 * 1.25 } } },
    { months: [2, 3, 4, 5, 6, 10, 11], byCategory: { two_part: { peak: 1.6, flat: 1, valley: 0.5 } } },
  ],
  caveats: ["上海比例仅收录两部制用户；单一制用户请按电费单填写各时段电价", "节假日深谷电价（沪发改价管〔2024〕28号）未建模"],
};
