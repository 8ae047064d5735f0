// The assessment cards on the portal (spec 1 §2, spec 3 §1): every card of the registry (workers/cards, its
// listing row) and the cards spec 1 names that have no card folder yet, seeded as not open.
import { ALL_CARDS } from "../../workers/cards";

export interface CardSeed {
  id: number;
  code: string;
  surveyName: string;
  surveyDescription: string;
  iconUrl: string;
  reportCount: number;
  explainPath: string | null;
  enabled: 0 | 1;
  detailPath: string | null;
  sortOrder: number;
}

/** Cards of spec 1 without a card folder: shown as 即将开放 (a folder with the same code replaces its line). */
const PLANNED: CardSeed[] = (
  [
    ["energy_mgmt", "能源管理水平", "对照能源管理体系要求评价计量、统计、考核与节能管理水平，给出改进路线。", "energy-mgmt"],
    ["air_compressor", "空压机", "评估空压站比功率、泄漏率与压力设定，测算群控、变频与余热利用的节能量。", "air-compressor"],
    ["dye_vat", "染缸加热", "核算染缸升温、保温阶段的蒸汽消耗，评估冷凝水与废水余热回收潜力。", "dye-vat"],
    ["fan", "风机", "分析风机运行工况与调节方式，评估变频调速与高效叶轮改造收益。", "fan"],
    ["pump", "水泵", "分析水泵流量、扬程与效率匹配情况，评估变频、切削叶轮与系统优化收益。", "pump"],
  ] as const
).map(([code, surveyName, surveyDescription, icon], i) => ({
  id: 4 + i,
  code,
  surveyName,
  surveyDescription,
  iconUrl: `/images/cards/${icon}.svg`,
  reportCount: 0,
  explainPath: null,
  enabled: 0 as const,
  detailPath: null,
  sortOrder: 4 + i,
}));

const fromRegistry: CardSeed[] = ALL_CARDS.map((c) => ({ code: c.code, ...c.listing }));

export const cardSeeds: CardSeed[] = [...fromRegistry, ...PLANNED.filter((p) => !fromRegistry.some((c) => c.code === p.code || c.id === p.id))];
