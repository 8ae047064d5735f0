// The robot assistant 小创 (spec 1 §2, spec 2 §2): suggested questions, keyword lookup, answers by id and a
// free-text ask that answers the best keyword match or the not-understood reply with its suggested action.
// The knowledge base is data (robot_knowledge, robot_replies; seeded from db/seed/robot.ts).
import { and, asc, eq } from "drizzle-orm";
import { robotKnowledge, robotReplies } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import {
  PERSONAL_MSG,
  ROBOT_IDLE_MS,
  ROBOT_MATCH_LIST_SIZE,
  ROBOT_SUGGEST_SIZE,
  type RobotAnswer,
  type RobotQuestion,
  type RobotReply,
  type RobotSettings,
} from "../../contract/qa-personal";
import { MATCH_MIN_SCORE, rankEntries, type MatchEntry } from "./robot-match";

type Row = typeof robotKnowledge.$inferSelect;

const asQuestion = (r: Pick<Row, "id" | "question">): RobotQuestion => ({ aiQuestionId: r.id, aiQuestionName: r.question });

function asAnswer(r: Row): RobotAnswer {
  return {
    ...asQuestion(r),
    aiAnswerContent: r.answer,
    aiAnswerImage: r.imageUrl,
    action: r.actionLabel && r.actionHref ? { label: r.actionLabel, href: r.actionHref } : null,
  };
}

async function matchEntries(db: Db): Promise<(MatchEntry & { question: string })[]> {
  const rows = await db
    .select({ id: robotKnowledge.id, tokens: robotKnowledge.tokens, sortOrder: robotKnowledge.sortOrder, question: robotKnowledge.question })
    .from(robotKnowledge)
    .where(eq(robotKnowledge.enabled, 1));
  return rows.map((r) => ({ id: r.id, question: r.question, sortOrder: r.sortOrder, tokens: r.tokens.split(" ").filter(Boolean) }));
}

/** GET /common/aiServicer/question/queryList: 猜你想问 without a query, keyword matches with one. */
export async function robotQuestionList(db: Db, queName: string): Promise<RobotQuestion[]> {
  const query = queName.trim();
  if (!query) {
    const rows = await db
      .select({ id: robotKnowledge.id, question: robotKnowledge.question })
      .from(robotKnowledge)
      .where(and(eq(robotKnowledge.enabled, 1), eq(robotKnowledge.suggested, 1)))
      .orderBy(asc(robotKnowledge.sortOrder))
      .limit(ROBOT_SUGGEST_SIZE);
    return rows.map(asQuestion);
  }
  const entries = await matchEntries(db);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return rankEntries(entries, query)
    .slice(0, ROBOT_MATCH_LIST_SIZE)
    .map((r) => asQuestion({ id: r.id, question: byId.get(r.id)!.question }));
}

/** POST /common/aiServicer/answer/getByQuestionId. */
export async function robotAnswer(db: Db, questionId: number): Promise<RobotAnswer> {
  const row = await db.select().from(robotKnowledge).where(and(eq(robotKnowledge.id, questionId), eq(robotKnowledge.enabled, 1))).get();
  if (!row) throw notFound(PERSONAL_MSG.robotQuestionMissing);
  return asAnswer(row);
}

async function reply(db: Db, key: string) {
  return db.select().from(robotReplies).where(eq(robotReplies.key, key)).get();
}

/** POST /common/aiServicer/answer/match: the best keyword match, or 小创不理解您的意思… with the suggested action. */
export async function robotAsk(db: Db, text: string): Promise<RobotReply> {
  const entries = await matchEntries(db);
  const ranked = rankEntries(entries, text);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const best = ranked[0];
  if (best && best.score >= MATCH_MIN_SCORE) {
    const answer = await robotAnswer(db, best.id);
    const related = ranked.slice(1, 4).map((r) => asQuestion({ id: r.id, question: byId.get(r.id)!.question }));
    return { matched: true, ...answer, related };
  }
  const fallback = await reply(db, "notUnderstood");
  return {
    matched: false,
    aiAnswerContent: fallback?.content ?? "小创不理解您的意思…",
    action: fallback?.actionLabel && fallback.actionHref ? { label: fallback.actionLabel, href: fallback.actionHref } : null,
    related: (await robotQuestionList(db, "")).slice(0, 3),
  };
}

/** GET /common/aiServicer/settings: the widget's texts. */
export async function robotSettings(db: Db): Promise<RobotSettings> {
  const rows = await db.select().from(robotReplies);
  const by = new Map(rows.map((r) => [r.key, r.content]));
  return {
    greeting: by.get("greeting") ?? "",
    guessTitle: by.get("guessTitle") ?? "猜你想问",
    closing: by.get("closing") ?? "",
    notUnderstood: by.get("notUnderstood") ?? "小创不理解您的意思…",
    idleMs: ROBOT_IDLE_MS,
  };
}
