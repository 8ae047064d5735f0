// 空压机系统 (compressed-air system): the card as one object — see workers/cards/kit/card.ts for the parts. It is
// seeded not open (enabled 0): an operator opens it in /admin/cards.
import { defineCard } from "../kit/card";
import { assessCompressedAir, compressedAirRefusals } from "./assess";
import { airCompressorPlant } from "./plant";
import { compressedAirInputFromAnswers } from "./input";
import { AIR_COMPRESSOR_METHOD } from "./method";
import { airCompressorReport } from "./report";
import { AIR_COMPRESSOR_SURVEY } from "./survey";

export const airCompressorCard = defineCard({
  code: "air_compressor",
  listing: {
    id: 5,
    surveyName: "空压机",
    surveyDescription: "评估空压站比功率、泄漏率与压力设定，测算群控、变频与余热利用的节能量。",
    iconUrl: "/images/cards/air-compressor.svg",
    reportCount: 0,
    explainPath: null,
    enabled: 0,
    detailPath: null,
    sortOrder: 5,
  },
  survey: AIR_COMPRESSOR_SURVEY,
  fromAnswers: compressedAirInputFromAnswers,
  assess: assessCompressedAir,
  model: airCompressorReport,
  method: AIR_COMPRESSOR_METHOD,
  sheet: { loadCurve: false },
  refusals: compressedAirRefusals,
  plant: airCompressorPlant,
});
