// Rows only the browser tests need, written into the run's fresh database by global-setup before the server starts
// (after the demo seed). Each journey that changes an account gets an account of its own here, because every e2e
// file of a run shares one database: nobody may change the demo users' credentials.
import type { SeedStatement } from "../../db/seed/apply";
import { hashPassword } from "../../workers/services/accounts/passwords";

/** The forgot-password journey resets this user's password (accounts.e2e.ts). */
export const FORGOT_USER = { id: 90_001, userName: "e2eforgot", name: "找回密码测试", phone: "13900000021", password: "Forgot#2024" } as const;

/** The account-deletion journey deletes this user (account-rights.e2e.ts); no code was sent to its phone before. */
export const DELETION_USER = { id: 90_003, userName: "e2edeletion", name: "注销测试", phone: "13900000023", password: "Delete#2024" } as const;

/**
 * A user whose surveys and message were written late in the UTC evening, so the day differs between UTC and China
 * time (portal.e2e.ts: the China-time journey). `list` is what the workbench list must show, in China time, for
 * each survey of the motor card (type 1), newest change first.
 */
const TZ_DATA = {
  surveys: [
    // 2026-11-20 18:30 UTC is 2026-11-21 02:30 in Beijing; created the evening before (UTC) = that morning (China).
    { title: "时区测试一号表", createdAt: Date.UTC(2026, 10, 20, 17, 5), updatedAt: Date.UTC(2026, 10, 20, 18, 30) },
    { title: "时区测试二号表", createdAt: Date.UTC(2026, 11, 31, 15, 59), updatedAt: Date.UTC(2026, 11, 31, 16, 1) },
  ],
  list: [
    { title: "时区测试二号表", updated: "2027-01-01 00:01", created: "2026-12-31" },
    { title: "时区测试一号表", updated: "2026-11-21 02:30", created: "2026-11-21" },
  ],
} as const;

export const TZ_USER = { id: 90_002, userName: "e2etz", name: "时区测试", phone: "13900000022", password: "Zone#2024", ...TZ_DATA } as const;

/**
 * The same data for the every-page walk (china-pages.e2e.ts), which creates surveys and opens the message page:
 * an account of its own, so the China-time journey's exact list and unread count stay as seeded.
 */
export const TZ_WALK_USER = { id: 90_004, userName: "e2etzwalk", name: "时区巡检", phone: "13900000024", password: "Walk#2024", ...TZ_DATA } as const;

/**
 * A comment with 12 replies under the first answer of seed question 9, for the "5 at a time, 获取更多回复" journey
 * (qa.e2e.ts). Written directly: posting 12 replies through the API would wait out the 10 s posting limit 12 times.
 */
export const REPLY_THREAD = {
  questionId: 9,
  commentId: 90_001,
  comment: "LED 改造后照度不够怎么办？我们车间换完以后工人反映偏暗。",
  replies: Array.from({ length: 12 }, (_, i) => `第${i + 1}条回复：先实测工作面照度，再按 GB 50034 校核。`),
} as const;

const FIXED_AT = Date.UTC(2026, 10, 21, 2, 0, 0);
const SALT = "e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0";
const MINUTE = 60_000;

/** An active, non-admin account with a known password. */
async function userInsert(u: { id: number; userName: string; name: string; phone: string; password: string }): Promise<SeedStatement> {
  const pw = await hashPassword(u.password, SALT);
  return {
    sql: `INSERT INTO users (id, user_name, name, sex, phone, password_hash, password_salt, password_iterations, status, is_admin, is_default, created_at, updated_at)
      VALUES (?, ?, ?, 1, ?, ?, ?, ?, 1, 0, 0, ?, ?)`,
    params: [u.id, u.userName, u.name, u.phone, pw.hash, pw.salt, pw.iterations, FIXED_AT, FIXED_AT],
  };
}

export async function e2eFixtureStatements(): Promise<SeedStatement[]> {
  const answer = `(SELECT id FROM qa_answers WHERE question_id = ${REPLY_THREAD.questionId} ORDER BY id LIMIT 1)`;
  // Seed experts (db/seed/qa/types.ts SEED_USERS) post the thread.
  const commenter = 1007;
  const out: SeedStatement[] = [
    await userInsert(FORGOT_USER),
    {
      sql: `INSERT INTO qa_comments (id, answer_id, publisher_id, receiver_id, content, praise_count, reply_count, text_hash, created_at)
        SELECT ?, id, ?, publisher_id, ?, 0, ?, '', ? FROM qa_answers WHERE id = ${answer}`,
      params: [REPLY_THREAD.commentId, commenter, REPLY_THREAD.comment, REPLY_THREAD.replies.length, FIXED_AT],
    },
    await userInsert(DELETION_USER),
  ];
  for (const user of [TZ_USER, TZ_WALK_USER]) {
    out.push(
      await userInsert(user),
      ...user.surveys.map((sv) => ({
        sql: `INSERT INTO surveys (user_id, type_id, evaluation_title, dispose_status, is_delete, created_at, updated_at, answers_updated_at)
          VALUES (?, 1, ?, -1, 0, ?, ?, ?)`,
        params: [user.id, sv.title, sv.createdAt, sv.updatedAt, sv.updatedAt],
      })),
      {
        sql: `INSERT INTO qa_messages (receiver_id, kind, actor_id, content, is_read, created_at) VALUES (?, 'system', NULL, ?, 0, ?)`,
        params: [user.id, "欢迎使用节能评估平台", user.surveys[0].updatedAt],
      },
    );
  }
  REPLY_THREAD.replies.forEach((text, i) => {
    out.push({
      sql: `INSERT INTO qa_replies (comment_id, parent_reply_id, publisher_id, receiver_id, content, praise_count, text_hash, created_at) VALUES (?, NULL, ?, ?, ?, 0, '', ?)`,
      params: [REPLY_THREAD.commentId, 1000 + (i % 7), commenter, text, FIXED_AT + (i + 1) * MINUTE],
    });
  });
  // The answer's counter holds its comments plus their replies, as the write path keeps it.
  out.push({ sql: `UPDATE qa_answers SET reply_count = reply_count + ? WHERE id = ${answer}`, params: [1 + REPLY_THREAD.replies.length] });
  return out;
}
