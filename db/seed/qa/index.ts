// Q&A seed builder: seed users (ids ≥ 1000, no passwords), tags, 42 questions with expert answers, comments,
// replies and likes, the denormalised counters, and the search index rows. Idempotent: upserts on stable ids.
import type { SeedStatement } from "../types";
import { htmlToText, sanitizeAnswerHtml } from "../../../workers/services/qa/sanitize";
import { indexRow } from "../../../workers/services/qa/search-index";
import { hotScore } from "../../../workers/services/qa/hot";
import { VISIBLE_QUESTIONS } from "../../../workers/services/qa/counters";
import { electricQuestions } from "./content-electric";
import { thermalQuestions } from "./content-thermal";
import { SEED_USERS, type SeedAnswer, type SeedQuestion } from "./types";
import { upsert } from "../upsert";
import { synonymStatements } from "./synonyms";
import { USER_STATUS } from "../../../workers/contract/user-status";

export const qaSeedQuestions: SeedQuestion[] = [...electricQuestions, ...thermalQuestions];

/** Seed timestamps count back from a fixed day so reseeding writes identical rows. */
const BASE = Date.UTC(2026, 10, 20, 2, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Paragraph strings to editor HTML ("• " lines become a list), sanitised exactly like user answers. */
function answerHtml(a: SeedAnswer): string {
  const parts: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) parts.push(`<ul>${list.map((l) => `<li><p>${l}</p></li>`).join("")}</ul>`);
    list = [];
  };
  for (const p of a.body) {
    if (p.startsWith("• ")) list.push(p.slice(2));
    else {
      flush();
      parts.push(`<p>${p}</p>`);
    }
  }
  flush();
  return sanitizeAnswerHtml(parts.join(""));
}

export async function qaStatements(): Promise<SeedStatement[]> {
  const out: SeedStatement[] = [...synonymStatements()];
  for (const u of SEED_USERS) {
    out.push(
      upsert("users", ["id"], { id: u.id, user_name: u.userName, name: u.name, status: USER_STATUS.ACTIVE, is_admin: 0, created_at: BASE - 400 * DAY, updated_at: BASE - 400 * DAY }),
    );
  }
  const tagNames = Array.from(new Set(qaSeedQuestions.flatMap((q) => q.tags)));
  const tagId = new Map(tagNames.map((name, i) => [name, i + 1]));
  tagNames.forEach((name, i) => out.push(upsert("qa_tags", ["id"], { id: i + 1, tag_name: name, sort_order: i + 1, created_at: BASE - 400 * DAY })));

  let commentId = 0;
  let replyId = 0;
  let praiseId = 0;
  const likerPool = SEED_USERS.map((u) => u.id);
  for (const q of qaSeedQuestions) {
    const created = BASE - q.daysAgo * DAY;
    const normal = q.answers;
    const texts = normal.map((a) => htmlToText(answerHtml(a)));
    const praiseTotal = normal.reduce((s, a) => s + a.likes, 0);
    const top = [...normal].sort((x, y) => y.likes - x.likes || x.id - y.id)[0];
    out.push(
      upsert("qa_questions", ["id"], {
        id: q.id,
        publisher_id: q.by,
        title: q.title,
        description: q.description,
        status: normal.length ? 1 : 0,
        is_anonymous: q.anonymous ? 1 : 0,
        view_count: q.views,
        answer_count: normal.length,
        praise_count: praiseTotal,
        top_answer_id: top?.id ?? null,
        hot_score: hotScore({ viewCount: q.views, answerCount: normal.length, praiseCount: praiseTotal, createdAt: created }),
        text_hash: "",
        created_at: created,
        updated_at: created,
      }),
    );
    for (const t of q.tags) out.push({ sql: "INSERT OR IGNORE INTO qa_question_tags (question_id, tag_id) VALUES (?, ?)", params: [q.id, tagId.get(t)!] });
    normal.forEach((a, i) => {
      const html = answerHtml(a);
      const aCreated = created + (i + 1) * 5 * HOUR;
      const comments = a.comments ?? [];
      const replyTotal = comments.reduce((s, c) => s + 1 + (c.replies?.length ?? 0), 0);
      out.push(
        upsert("qa_answers", ["id"], {
          id: a.id,
          question_id: q.id,
          publisher_id: a.by,
          content_html: html,
          content_text: texts[i],
          status: 0,
          is_anonymous: a.anonymous ? 1 : 0,
          praise_count: a.likes,
          reply_count: replyTotal,
          text_hash: "",
          created_at: aCreated,
          updated_at: aCreated,
        }),
      );
      likerPool.filter((u) => u !== a.by).slice(0, a.likes).forEach((u) => {
        praiseId++;
        out.push(upsert("qa_praises", ["id"], { id: praiseId, user_id: u, content_type: 2, content_id: a.id, created_at: aCreated + HOUR }));
      });
      comments.forEach((c, ci) => {
        const cid = ++commentId;
        const cCreated = aCreated + (ci + 1) * 2 * HOUR;
        const replies = c.replies ?? [];
        out.push(
          upsert("qa_comments", ["id"], { id: cid, answer_id: a.id, publisher_id: c.by, receiver_id: a.by, content: c.text, praise_count: 0, reply_count: replies.length, text_hash: "", created_at: cCreated }),
        );
        const ids: number[] = [];
        replies.forEach((r, ri) => {
          const rid = ++replyId;
          ids.push(rid);
          const parent = r.to !== undefined ? ids[r.to] : null;
          const receiver = r.to !== undefined ? replies[r.to].by : c.by;
          out.push(
            upsert("qa_replies", ["id"], { id: rid, comment_id: cid, parent_reply_id: parent, publisher_id: r.by, receiver_id: receiver, content: r.text, praise_count: 0, text_hash: "", created_at: cCreated + (ri + 1) * HOUR }),
          );
        });
      });
    });
    out.push(
      { sql: "DELETE FROM qa_search WHERE rowid = ?", params: [q.id] },
      { sql: "DELETE FROM qa_search_title WHERE rowid = ?", params: [q.id] },
      { sql: "DELETE FROM qa_search_answers WHERE rowid = ?", params: [q.id] },
    );
    // The index keeps the best answers first (most liked), like rebuildSearchIndexChunk.
    const best = normal.map((a, i) => ({ likes: a.likes, id: a.id, text: texts[i] })).sort((x, y) => y.likes - x.likes || x.id - y.id);
    const row = indexRow(q.title, q.description, best.map((b) => b.text));
    out.push(
      { sql: "INSERT INTO qa_search (rowid, title, body, answers) VALUES (?, ?, ?, ?)", params: [q.id, row.title, row.body, row.answers] },
      { sql: "INSERT INTO qa_search_title (rowid, title) VALUES (?, ?)", params: [q.id, row.title] },
      ...(row.answers ? [{ sql: "INSERT INTO qa_search_answers (rowid, answers) VALUES (?, ?)", params: [q.id, row.answers] }] : []),
    );
  }
  out.push({
    sql: "INSERT INTO qa_counters (name, value) SELECT ?, COUNT(*) FROM qa_questions WHERE status IN (0, 1) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    params: [VISIBLE_QUESTIONS],
  });
  return out;
}
