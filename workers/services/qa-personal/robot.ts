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
  ROBOT_COMMUNITY_SIZE,
  ROBOT_MATCH_LIST_SIZE,
  ROBOT_SUGGEST_SIZE,
  type RobotAnswer,
  type RobotQuestion,
  type RobotReply,
  type RobotSettings,
} from "../../contract/qa-personal";
import { confident, rankEntries, type MatchEntry } from "./robot-match";
import { closestQuestions } from "../qa/search";
import { searchVocabulary, type SearchVocabulary } from "../qa/synonyms";
import { TITLE_MAX } from "../../contract/qa-constants";

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

/** The enabled entries as the matcher reads them (the whole base: it is small) and the search's vocabulary. */
export async function matchEntries({ db }: { db: Db }): Promise<{ entries: MatchEntry[]; vocab: SearchVocabulary }> {
  const [rows, vocab] = await Promise.all([
    db
      .select({ id: robotKnowledge.id, question: robotKnowledge.question, keywords: robotKnowledge.keywords, answer: robotKnowledge.answer, sortOrder: robotKnowledge.sortOrder })
      .from(robotKnowledge)
      .where(eq(robotKnowledge.enabled, 1)),
    searchVocabulary({ db }),
  ]);
  return { entries: rows, vocab };
}

/** GET /common/aiServicer/question/queryList: 猜你想问 without a query, keyword matches with one. */
export async function robotQuestionList({ db, queName }: { db: Db; queName: string }): Promise<RobotQuestion[]> {
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
  const { entries, vocab } = await matchEntries({ db });
  const byId = new Map(entries.map((e) => [e.id, e]));
  return rankEntries(entries, query, vocab)
    .slice(0, ROBOT_MATCH_LIST_SIZE)
    .map((r) => asQuestion({ id: r.id, question: byId.get(r.id)!.question }));
}

/** POST /common/aiServicer/answer/getByQuestionId. */
export async function robotAnswer({ db, questionId }: { db: Db; questionId: number }): Promise<RobotAnswer> {
  const row = await db.select().from(robotKnowledge).where(and(eq(robotKnowledge.id, questionId), eq(robotKnowledge.enabled, 1))).get();
  if (!row) throw notFound(PERSONAL_MSG.robotQuestionMissing);
  return asAnswer(row);
}

async function reply(db: Db, key: string) {
  return db.select().from(robotReplies).where(eq(robotReplies.key, key)).get();
}

/**
 * POST /common/aiServicer/answer/match: the best keyword match when it is a confident one; otherwise 小创不理解您的意思…
 * with the closest knowledge-base questions (or the suggested ones), the community questions the search finds for the
 * text, and 去能源问答提问 with the text filled in, rather than an unrelated answer.
 */
export async function robotAsk({ db, text }: { db: Db; text: string }): Promise<RobotReply> {
  const { entries, vocab } = await matchEntries({ db });
  const ranked = rankEntries(entries, text, vocab);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const asRanked = (list: typeof ranked) => list.map((r) => asQuestion({ id: r.id, question: byId.get(r.id)!.question }));
  const best = ranked[0];
  if (confident(best, ranked[1])) {
    const answer = await robotAnswer({ db, questionId: best.id });
    return { matched: true, ...answer, related: asRanked(ranked.slice(1, 4)) };
  }
  const [fallback, community] = await Promise.all([reply(db, "notUnderstood"), closestQuestions({ db, text, limit: ROBOT_COMMUNITY_SIZE })]);
  const href = fallback?.actionHref ? askHref(fallback.actionHref, text) : null;
  return {
    matched: false,
    aiAnswerContent: fallback?.content ?? "小创不理解您的意思…",
    action: fallback?.actionLabel && href ? { label: fallback.actionLabel, href } : null,
    related: ranked.length ? asRanked(ranked.slice(0, 3)) : (await robotQuestionList({ db, queName: "" })).slice(0, 3),
    relatedTitle: ranked.length ? "您是不是想问" : "猜你想问",
    questions: community.map((q) => ({ id: q.id, questionTitle: q.title, href: `/energySavingQA/details?questionId=${q.id}` })),
  };
}

/** The ask page with the user's words as the title (cut to the title limit), so 去提问 starts where they were. */
function askHref(base: string, text: string): string {
  if (base !== "/questions") return base;
  return `/questions?questionTitle=${encodeURIComponent(text.trim().slice(0, TITLE_MAX))}`;
}

/** GET /common/aiServicer/settings: the widget's texts. */
export async function robotSettings({ db }: { db: Db }): Promise<RobotSettings> {
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
