// One enterprise's surveys read together into the plant energy balance (issue 22 item 9): each card's answers go
// through its own mapping and engine, its `plant` hook says what it knows (a meter, an equipment use), every
// survey's plant page adds the plant's own meters and output, and engines/balance judges the whole. Pure: the
// service (services/plant) reads the surveys; a unit test feeds answers directly.
import { assessPlantBalance } from "../engines/balance/plant";
import type { PlantBalanceInput, PlantBalanceResult, PlantOutput, PlantUse } from "../engines/balance/types";
import { cardOf, type CardExtras } from "./index";
import type { Answers } from "./kit/answers";
import { readPlantFacts } from "./kit/plant";

export interface PlantSurvey {
  surveyId: number;
  title: string;
  cardCode: string;
  answers: Answers;
  extras: CardExtras;
}

export interface PlantSurveyStatus {
  surveyId: number;
  title: string;
  cardName: string;
  /** True when the card's own figures are in the balance (the plant page's are read either way). */
  counted: boolean;
  /** Why the card's figures are not counted: the first problem its mapping or engine found. */
  reason: string | null;
  /** The figures this survey put into the balance. */
  uses: PlantUse[];
  /** Plant-page answers that could not be read. */
  problems: string[];
}

export interface PlantSummary {
  balance: PlantBalanceResult;
  surveys: PlantSurveyStatus[];
  industry: string | null;
}

const answerOf = (answers: Answers, key: string) => (answers[key]?.[0] ?? "").trim();

/**
 * The balance of one enterprise from its surveys, newest first (one per card: the caller picks them). The first
 * metered reading of a carrier is the one counted: a card's (the electricity card's bills) before a plant page's,
 * then newer before older; the others are compared with it. Output and industry come from the newest survey that
 * gives them.
 */
export function plantSummaryOf(companyName: string, surveys: readonly PlantSurvey[]): PlantSummary {
  const cardUses: PlantUse[] = [];
  const pageUses: PlantUse[] = [];
  const statuses: PlantSurveyStatus[] = [];
  const input: Omit<PlantBalanceInput, "uses"> = { companyName };
  let output: PlantOutput | undefined;
  let industry: string | null = null;
  for (const s of surveys) {
    const card = cardOf(s.cardCode);
    const cardName = card?.listing.surveyName ?? s.cardCode;
    const source = `${cardName}《${s.title || "未命名调查表"}》`;
    const status: PlantSurveyStatus = { surveyId: s.surveyId, title: s.title, cardName, counted: false, reason: null, uses: [], problems: [] };
    industry ??= answerOf(s.answers, "industry") || null;
    const facts = readPlantFacts(s.answers);
    status.problems = facts.problems;
    output ??= facts.output;
    const fromPage = facts.uses.map((u) => ({ ...u, source }));
    pageUses.push(...fromPage);
    if (card?.plant) {
      const mapped = card.fromAnswers(s.answers, s.extras);
      if (!mapped.ok) {
        status.reason = mapped.errors[0]?.message ?? "调查表未填完";
      } else {
        const result = card.assess(mapped.input);
        const refused = card.refusals?.(result, mapped.input) ?? [];
        if (refused.length) {
          status.reason = refused[0]!.message;
        } else {
          const c = card.plant(result, mapped.input);
          const uses = c.uses.map((u) => ({ ...u, source }));
          cardUses.push(...uses);
          status.uses.push(...uses);
          status.counted = true;
          input.gasLhvMjPerM3 ??= c.gasLhvMjPerM3;
          input.steamEnthalpyKjPerKg ??= c.steamEnthalpyKjPerKg;
          input.coalLhvMjPerKg ??= c.coalLhvMjPerKg;
        }
      }
    } else {
      status.reason = "该卡片不提供全厂能源数据";
    }
    status.uses.push(...fromPage);
    statuses.push(status);
  }
  const balance = assessPlantBalance({ ...input, industry: industry ?? undefined, uses: [...cardUses, ...pageUses], output });
  return { balance, surveys: statuses, industry };
}
