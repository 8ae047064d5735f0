// What a search result list shows of each question (its top answer's excerpt and author, its tags, its asker), read
// by the same statements that find the page's questions (docs/decisions/024 "One round trip", 176): the ranked head
// (search.ts rankedHead) ranks its candidates in SQL and shapes only the rows a page may show, and the newest matches
// come shaped for the page, so listItems (questions.ts) reads nothing more.
import { Column, eq, getTableColumns, is, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../lib/db";
import { qaAnswers, qaQuestions, users } from "../../../db/schema";
import { EXCERPT_LENGTH, type TagView } from "../../contract/qa";

const topAnswer = alias(qaAnswers, "shape_answer");
const asker = alias(users, "shape_asker");
const answerer = alias(users, "shape_answerer");

/**
 * Characters of the top answer read for its excerpt (not the whole answer, which may be long). Whitespace collapses
 * in the excerpt, so a prefix this long almost always yields the full EXCERPT_LENGTH; when it does not, the row is
 * left unshaped and the list reads it again (excerptFits).
 */
export const EXCERPT_SOURCE_CHARS = EXCERPT_LENGTH * 4;

/**
 * A column under its own name: D1 returns a batch's rows as objects keyed by column name, so two columns both
 * named id (the question's, the answer's) would collapse into one.
 */
const named = <T>(column: SQLWrapper, name: string) => sql<T | null>`${column}`.as(name);

/** The user columns the list's authors need (authors.ts AUTHOR_COLUMNS), of one aliased users table. */
const authorColumns = <P extends string>(p: P, u: typeof asker | typeof answerer) => ({
  [`${p}Id`]: named<number>(u.id, `${p}_id`),
  [`${p}UserName`]: named<string>(u.userName, `${p}_user_name`),
  [`${p}Name`]: named<string>(u.name, `${p}_name`),
  [`${p}FilePath`]: named<string>(u.filePath, `${p}_file_path`),
  [`${p}CreatedAt`]: named<number>(u.createdAt, `${p}_created_at`),
  [`${p}Status`]: named<number>(u.status, `${p}_status`),
});

/** Columns added to a candidate's select (flat, each under its own name). */
export const SHAPE_COLUMNS = {
  shapeTopId: named<number>(topAnswer.id, "shape_top_id"),
  shapeTopPublisherId: named<number>(topAnswer.publisherId, "shape_top_publisher_id"),
  shapeTopAnonymous: named<number>(topAnswer.isAnonymous, "shape_top_anonymous"),
  shapeTopPraise: named<number>(topAnswer.praiseCount, "shape_top_praise"),
  shapeTopText: sql<string | null>`substr(${topAnswer.contentText}, 1, ${sql.raw(String(EXCERPT_SOURCE_CHARS))})`.as("shape_top_text"),
  shapeTopLength: sql<number | null>`length(${topAnswer.contentText})`.as("shape_top_length"),
  // Tags as a JSON list [[id, name], …] of a correlated subquery (its primary key index); ordered in JS, as the list does.
  shapeTags: sql<string>`(SELECT json_group_array(json_array(t.id, t.tag_name)) FROM qa_question_tags qt JOIN qa_tags t ON t.id = qt.tag_id WHERE qt.question_id = ${qaQuestions.id})`.as("shape_tags"),
  ...authorColumns("shapeAsker", asker),
  ...authorColumns("shapeAnswerer", answerer),
};

/** The joins SHAPE_COLUMNS read from (all by primary key), on a select already joined to qa_questions. */
export function withShape<Q extends { leftJoin: (...a: never[]) => unknown }>(query: Q) {
  // The builder's leftJoin type narrows per call; the three joins are the same on every candidate statement.
  const q = query as unknown as { leftJoin: (t: unknown, on: unknown) => typeof q };
  return q
    .leftJoin(topAnswer, eq(topAnswer.id, qaQuestions.topAnswerId))
    .leftJoin(asker, eq(asker.id, qaQuestions.publisherId))
    .leftJoin(answerer, eq(answerer.id, topAnswer.publisherId)) as unknown as Q;
}

/**
 * A shaped select as SQL text: the question's columns and SHAPE_COLUMNS over `source` (a derived table of
 * candidates) joined on `joinId`, plus `extra` (one more column, `expr AS name`) and the statement's `tail`
 * (ORDER BY, LIMIT). The columns and joins are rendered by drizzle once per isolate and kept as text: building them
 * with drizzle's query builder on every search was most of a search's JS (decision 179). Read its rows with
 * shapedColumns.
 */
export function shapedSelectSql(db: Db, { source, joinId, extra, tail = "" }: { source: string; joinId: string; extra: string; tail?: string }): string {
  const [a, b, c, d] = (template ??= renderTemplate(db));
  return a + extra + b + source + c + joinId + d + (tail ? " " + tail : "");
}

const MARK = { extra: "__shape_extra__", source: "__shape_source__", joinId: "__shape_join_id__" } as const;
let template: [string, string, string, string] | undefined;

function renderTemplate(db: Db): [string, string, string, string] {
  const query = withShape(
    db
      .select({ ...getTableColumns(qaQuestions), ...SHAPE_COLUMNS, extra: sql.raw(MARK.extra) })
      .from(sql.raw(MARK.source))
      .innerJoin(qaQuestions, sql`${qaQuestions.id} = ${sql.raw(MARK.joinId)}`),
  ).toSQL();
  const text = query.sql;
  const at = [MARK.extra, MARK.source, MARK.joinId].map((m) => text.indexOf(m));
  if (query.params.length || at.some((i, k) => i < 0 || (k > 0 && i < at[k - 1]))) throw new Error("shaped select: unexpected rendering");
  return [
    text.slice(0, at[0]),
    text.slice(at[0] + MARK.extra.length, at[1]),
    text.slice(at[1] + MARK.source.length, at[2]),
    text.slice(at[2] + MARK.joinId.length),
  ];
}

/** Field key → the column name D1 returns it under, for a shaped select's rows (the question's and SHAPE_COLUMNS). */
const SHAPED_NAMES: [string, string][] = Object.entries({ ...getTableColumns(qaQuestions), ...SHAPE_COLUMNS }).map(([key, col]) => [
  key,
  is(col, Column) ? col.name : (col as { fieldAlias: string }).fieldAlias,
]);

/**
 * A shaped select's row (D1's object keyed by column name) as the fields drizzle's select would give: the question's
 * columns and SHAPE_COLUMNS by their keys (ready for splitShape). Their columns are integers, reals and text, which
 * drizzle passes through as D1 returns them.
 */
export function shapedColumns(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of SHAPED_NAMES) out[key] = raw[name];
  return out;
}

type AuthorRow = { id: number; userName: string; name: string | null; filePath: string | null; createdAt: number; status: number };

/** What listItems needs of one question besides its row. */
export interface ListShape {
  top: { id: number; publisherId: number; isAnonymous: number; text: string; praiseCount: number } | null;
  tags: TagView[];
  authors: AuthorRow[];
}

/** A question row, with its list shape when the statement that found it read one (null: the list reads it). */
export type ShapedRow<R> = R & { shape: ListShape | null };

type ShapeFields = { [K in keyof typeof SHAPE_COLUMNS]: unknown };

/** True when a prefix of an answer gives the same excerpt as the whole text (see EXCERPT_SOURCE_CHARS). */
export function excerptFits(prefix: string, length: number): boolean {
  return length <= Array.from(prefix).length || Array.from(prefix.replace(/\s+/g, " ").trim()).length > EXCERPT_LENGTH;
}

const author = (r: Record<string, unknown>, p: "shapeAsker" | "shapeAnswerer"): AuthorRow | null =>
  r[`${p}Id`] == null
    ? null
    : { id: r[`${p}Id`] as number, userName: r[`${p}UserName`] as string, name: r[`${p}Name`] as string | null, filePath: r[`${p}FilePath`] as string | null, createdAt: r[`${p}CreatedAt`] as number, status: r[`${p}Status`] as number };

/** Split a candidate's row into the question's own columns (and any others) and its list shape. */
export function splitShape<R extends ShapeFields>(raw: R): ShapedRow<Omit<R, keyof ShapeFields>> {
  const r = raw as unknown as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (!(k in SHAPE_COLUMNS)) rest[k] = v;
  const text = r.shapeTopText as string | null;
  const top =
    r.shapeTopId == null
      ? null
      : { id: r.shapeTopId as number, publisherId: r.shapeTopPublisherId as number, isAnonymous: r.shapeTopAnonymous as number, text: text ?? "", praiseCount: r.shapeTopPraise as number };
  const fits = !top || excerptFits(top.text, (r.shapeTopLength as number | null) ?? 0);
  const tags = (JSON.parse((r.shapeTags as string | null) ?? "[]") as [number, string][]).map(([id, tagName]) => ({ id, tagName }));
  const authors = [author(r, "shapeAsker"), author(r, "shapeAnswerer")].filter((a): a is AuthorRow => !!a);
  return { ...(rest as Omit<R, keyof ShapeFields>), shape: fits ? { top, tags, authors } : null };
}

/** The list's three reads (top answers, tags, authors) answered from shaped rows; null when a row has no shape. */
export function shapedReads(rows: { id: number; shape?: ListShape | null }[]) {
  if (!rows.every((r) => r.shape)) return null;
  const shapes = rows.map((r) => ({ questionId: r.id, shape: r.shape! }));
  return {
    top: shapes.flatMap((s) => (s.shape.top ? [s.shape.top] : [])),
    tagRows: shapes.flatMap((s) => s.shape.tags.map((t) => ({ questionId: s.questionId, ...t }))),
    authorRows: shapes.flatMap((s) => s.shape.authors),
  };
}
