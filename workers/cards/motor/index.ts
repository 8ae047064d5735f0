// 电机驱动系统 (motor drive system): the card as one object — see workers/cards/kit/card.ts for the parts.
import { assessMotorSystem } from "../../engines";
import { defineCard } from "../kit/card";
import { MOTOR_DETAIL } from "./detail";
import { motorPlant } from "./plant";
import { motorInputFromAnswers } from "./input";
import { MOTOR_METHOD } from "./method";
import { motorReport } from "./report";
import { MOTOR_SYSTEM_SURVEY } from "./survey";

export const motorCard = defineCard({
  code: "motor",
  listing: {
    id: 1,
    surveyName: "电机驱动系统",
    surveyDescription: "依据 GB 18613-2020 评估电机能效等级、负载率与变频改造潜力，测算高效电机替换与调速节能收益，优化潜力通常达 10%-15%。",
    iconUrl: "/images/cards/motor.svg",
    reportCount: 1286,
    explainPath: "/docs/usage-motor.pdf",
    enabled: 1,
    detailPath: "/electricDetail",
    sortOrder: 1,
  },
  survey: MOTOR_SYSTEM_SURVEY,
  fromAnswers: motorInputFromAnswers,
  assess: assessMotorSystem,
  model: motorReport,
  method: MOTOR_METHOD,
  sheet: { loadCurve: false },
  detail: MOTOR_DETAIL,
  plant: motorPlant,
});
