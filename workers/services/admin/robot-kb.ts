// The robot's knowledge base (robot_knowledge, D1) edited by operators: list and search, add, edit, enable/disable,
// delete — each audited with before/after — and 试一试, which runs the robot's own matching (robot-match.ts, the same
// rankEntries/confident the widget's /answer/match uses, on the search's words and synonyms) on a phrase. The robot reads the rows per call, so an edit
// answers at once. Match tokens are recomputed from question + keywords on every save (robotTokens).
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { robotKnowledge } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG, ADMIN_PAGE_SIZE, type RobotEntryView, type RobotTryResult } from "../../contract/admin-constants";
import type { RobotEntryInput } from "../../contract/admin-content";
import { queryTokens, rankEntries, robotTokens } from "../qa-personal/robot-match";
import { matchEntries, robotAsk } from "../qa-personal/robot";
import { auditStatement } from "../operators/audit";

type Row = typeof robotKnowledge.$inferSelect;

/** Plain text only (the widget shows it with white-space: pre-wrap): tags, control characters and runs of blank lines go. */
export function sanitiseRobotText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/<[^>]*>/g, "")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff]/g, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

const clean = (s: string) => sanitiseRobotText(s).replace(/\s+/g, " ");

export function entryView(r: Row): RobotEntryView {
  return {
    id: r.id,
    category: r.category,
    question: r.question,
    answer: r.answer,
    keywords: r.keywords,
    imageUrl: r.imageUrl,
    actionLabel: r.actionLabel,
    actionHref: r.actionHref,
    suggested: r.suggested,
    sortOrder: r.sortOrder,
    enabled: r.enabled === 1,
  };
}

/** The columns an input writes (sanitised; tokens recomputed). */
function columnsOf(input: RobotEntryInput) {
  const question = clean(input.question);
  const answer = sanitiseRobotText(input.answer);
  const keywords = clean(input.keywords ?? "");
  if (!question) throw fail(ADMIN_MSG.robotQuestionRequired);
  if (!answer) throw fail(ADMIN_MSG.robotAnswerRequired);
  return {
    category: input.category,
    question,
    answer,
    keywords,
    tokens: robotTokens(question, keywords).join(" "),
    actionLabel: clean(input.actionLabel ?? "") || null,
    actionHref: (input.actionHref ?? "").trim() || null,
    suggested: input.suggested ?? 0,
    sortOrder: input.sortOrder ?? 1000,
    enabled: input.enabled === false ? 0 : 1,
  };
}

/** The audited state of a pair (tokens are derived, left out). */
const auditState = (r: Omit<Row, "id" | "tokens"> & { id?: number }) => ({
  category: r.category,
  question: r.question,
  answer: r.answer,
  keywords: r.keywords,
  actionLabel: r.actionLabel,
  actionHref: r.actionHref,
  suggested: r.suggested,
  sortOrder: r.sortOrder,
  enabled: r.enabled,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function robotEntries({ db, q, pageNo, pageSize = ADMIN_PAGE_SIZE }: { db: Db; q: string; pageNo: number; pageSize?: number }) {
  const term = q.trim();
  const pattern = `%${escapeLike(term)}%`;
  const where = term
    ? or(
        sql`${robotKnowledge.question} LIKE ${pattern} ESCAPE '\\'`,
        sql`${robotKnowledge.answer} LIKE ${pattern} ESCAPE '\\'`,
        sql`${robotKnowledge.keywords} LIKE ${pattern} ESCAPE '\\'`,
        /^\d+$/.test(term) ? eq(robotKnowledge.id, Number(term)) : undefined,
      )
    : undefined;
  const [rows, count] = await db.batch([
    db.select().from(robotKnowledge).where(where).orderBy(asc(robotKnowledge.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(robotKnowledge).where(where),
  ]);
  return { list: rows.map(entryView), total: count[0]?.n ?? 0, pageNo, pageSize };
}

async function assertUniqueQuestion(db: Db, question: string, exceptId?: number) {
  const dup = await db
    .select({ id: robotKnowledge.id })
    .from(robotKnowledge)
    .where(and(eq(robotKnowledge.question, question), exceptId ? ne(robotKnowledge.id, exceptId) : undefined))
    .get();
  if (dup) throw fail(ADMIN_MSG.robotQuestionExists);
}

export async function addRobotEntry({ db, actorId, input, now }: { db: Db; actorId: number; input: RobotEntryInput; now: number }): Promise<RobotEntryView> {
  const cols = columnsOf(input);
  await assertUniqueQuestion(db, cols.question);
  const row = await db.insert(robotKnowledge).values(cols).returning().get();
  await db.batch([auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.ROBOT_ADD, targetType: "robot", targetId: row.id, before: null, after: auditState(row) }, now })]);
  return entryView(row);
}

export async function updateRobotEntry({ db, actorId, id, input, now }: { db: Db; actorId: number; id: number; input: RobotEntryInput; now: number }): Promise<RobotEntryView> {
  const row = await db.select().from(robotKnowledge).where(eq(robotKnowledge.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.robotMissing);
  const cols = columnsOf(input);
  await assertUniqueQuestion(db, cols.question, id);
  const [updated] = await db.batch([
    db.update(robotKnowledge).set(cols).where(eq(robotKnowledge.id, id)).returning(),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.ROBOT_UPDATE, targetType: "robot", targetId: id, before: auditState(row), after: auditState({ ...row, ...cols }) }, now }),
  ]);
  return entryView(updated[0]);
}

export async function setRobotEnabled({ db, actorId, id, enabled, now }: { db: Db; actorId: number; id: number; enabled: boolean; now: number }): Promise<RobotEntryView> {
  const row = await db.select().from(robotKnowledge).where(eq(robotKnowledge.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.robotMissing);
  const value = enabled ? 1 : 0;
  const [updated] = await db.batch([
    db.update(robotKnowledge).set({ enabled: value }).where(eq(robotKnowledge.id, id)).returning(),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.ROBOT_UPDATE, targetType: "robot", targetId: id, before: { enabled: row.enabled }, after: { enabled: value } }, now }),
  ]);
  return entryView(updated[0]);
}

export async function deleteRobotEntry({ db, actorId, id, now }: { db: Db; actorId: number; id: number; now: number }): Promise<void> {
  const row = await db.select().from(robotKnowledge).where(eq(robotKnowledge.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.robotMissing);
  await db.batch([
    db.delete(robotKnowledge).where(eq(robotKnowledge.id, id)),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.ROBOT_DELETE, targetType: "robot", targetId: id, before: auditState(row), after: null }, now }),
  ]);
}

/**
 * 试一试: the robot's real answer to a phrase (robotAsk, what /common/aiServicer/answer/match returns) plus the ranking
 * behind it — which enabled pair wins, its score and how many of the phrase's tokens it holds.
 */
export async function tryRobot({ db, text }: { db: Db; text: string }): Promise<RobotTryResult> {
  const { entries, vocab } = await matchEntries({ db });
  const byId = new Map(entries.map((r) => [r.id, r.question]));
  const ranked = rankEntries(entries, text, vocab)
    .slice(0, 5)
    .map((r) => ({ id: r.id, hits: r.hits, question: byId.get(r.id) ?? "", score: Math.round(r.score * 100) / 100 }));
  const tokens = queryTokens(text, vocab);
  const best = ranked[0] ?? null;
  const reply = await robotAsk({ db, text });
  return {
    matched: reply.matched,
    best,
    tokens,
    confidence: best && tokens.length ? Math.round((best.hits / tokens.length) * 100) / 100 : 0,
    reply: reply.aiAnswerContent,
    ranked,
  };
}
