// 定型机余热回收 (stenter exhaust heat recovery): the card as one object — see workers/cards/kit/card.ts.
import { assessStenter, stenterRefusals } from "../../engines";
import { defineCard } from "../kit/card";
import { STENTER_DETAIL } from "./detail";
import { stenterPlant } from "./plant";
import { stenterInputFromAnswers } from "./input";
import { STENTER_METHOD } from "./method";
import { stenterReport } from "./report";
import { STENTER_SURVEY } from "./survey";

export const stenterCard = defineCard({
  code: "stenter",
  listing: {
    id: 2,
    surveyName: "定型机余热回收",
    surveyDescription: "根据定型机排风温度、湿度与风量核算可回收热量，按天然气、导热油或蒸汽测算节约燃料、费用与投资回收期。",
    iconUrl: "/images/cards/stenter.svg",
    reportCount: 642,
    explainPath: "/docs/usage-stenter.pdf",
    enabled: 1,
    detailPath: "/machineDetail",
    sortOrder: 2,
  },
  survey: STENTER_SURVEY,
  fromAnswers: stenterInputFromAnswers,
  assess: assessStenter,
  model: stenterReport,
  method: STENTER_METHOD,
  sheet: { loadCurve: false },
  refusals: stenterRefusals,
  detail: STENTER_DETAIL,
  plant: stenterPlant,
});
