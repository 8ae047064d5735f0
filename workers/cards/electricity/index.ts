// 电费优化 (electricity cost optimisation): the card as one object — see workers/cards/kit/card.ts.
import { assessElectricityCost } from "../../engines";
import { defineCard } from "../kit/card";
import { ELECTRICITY_DETAIL } from "./detail";
import { electricityPlant } from "./plant";
import { electricityInputFromAnswers } from "./input";
import { ELECTRICITY_METHOD } from "./method";
import { electricityReport } from "./report";
import { ELECTRICITY_COST_SURVEY } from "./survey";

export const electricityCard = defineCard({
  code: "electricity",
  listing: {
    id: 3,
    surveyName: "电费优化",
    surveyDescription: "分析分时电价下的用电结构、基本电费计费方式与功率因数，挖掘削峰填谷与储能套利空间，电费优化空间可达 20%-40%。",
    iconUrl: "/images/cards/electricity.svg",
    reportCount: 1530,
    explainPath: "/docs/usage-electricity.pdf",
    enabled: 1,
    detailPath: "/costDetail",
    sortOrder: 3,
  },
  survey: ELECTRICITY_COST_SURVEY,
  // The imported interval data counts as input (bills alone are not required then).
  fromAnswers: (answers, extras) => electricityInputFromAnswers(answers, extras.loadCurve),
  assess: assessElectricityCost,
  model: electricityReport,
  method: ELECTRICITY_METHOD,
  sheet: { loadCurve: true },
  detail: ELECTRICITY_DETAIL,
  plant: electricityPlant,
});
