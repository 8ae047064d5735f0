// Hot queries stay indexed (issue 26 item 10, docs/conventions.md "Hot queries are indexed"). Every statement the
// hot requests run — password login, the Q&A list and a question's page, personal lists, messages, the workbench
// list, the operator's dashboard and user search — is recorded as it goes to D1, then asked for its plan
// (EXPLAIN QUERY PLAN) against the migrated schema. No plan may SCAN a table that grows with users: only SEARCH
// (an index lookup or range), or a walk down an index that stops at the page's LIMIT.
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchApi } from "../../workers/handlers";
import { getDb } from "../../workers/lib/db";
import { messagePage } from "../../workers/services/qa-personal/messages";
import { hashPassword } from "../../workers/services/accounts/passwords";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { BASE, readEnvelope } from "../support/api";
import { MESSAGE_TAB } from "../../workers/contract/qa-personal-constants";
import { makeAdmin, questionWithAnswer, veteran } from "./admin.helpers";
import { filledSurvey } from "../support/survey-fixtures";

/** Tables whose rows grow with users, questions, answers, surveys or orders. */
const GROWING = new Set([
  "users", "sessions", "auth_failures", "sms_codes", "oauth_bindings", "account_deletions", "data_exports",
  "qa_questions", "qa_answers", "qa_comments", "qa_replies", "qa_messages", "qa_favorites", "qa_favorite_categories",
  "qa_follows", "qa_praises", "qa_view_history", "qa_question_tags", "qa_question_pictures", "qa_search",
  "surveys", "survey_answers", "survey_images", "report_results", "plant_reports",
  "pay_orders", "pay_payments", "pay_notifications", "pay_refunds", "user_coupons",
  "review_items", "content_reports", "admin_audit_log", "user_bans", "profile_review_values",
]);

interface Recorded {
  sql: string;
  params: unknown[];
  label: string;
}

/** An env whose D1 records each statement (and its bound parameters) under the current label. */
function recordingEnv(seen: Recorded[], label: () => string): Env {
  const db = env.DB;
  const DB = new Proxy(db, {
    get(target, key) {
      if (key === "prepare") {
        return (query: string) => {
          const stmt = target.prepare(query);
          const entry: Recorded = { sql: query, params: [], label: label() };
          seen.push(entry);
          const bind = stmt.bind.bind(stmt);
          stmt.bind = (...args: unknown[]) => {
            entry.params = args;
            return bind(...args);
          };
          return stmt;
        };
      }
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { ...env, DB } as Env;
}

/** A plan line that reads a growing table whole: a SCAN, unless it walks an index and the statement stops at a LIMIT. */
export function scansGrowingTable(detail: string, statement: string): string | null {
  const m = /^SCAN (\w+)/.exec(detail);
  if (!m || !GROWING.has(m[1]!)) return null;
  const walksIndex = /USING (COVERING )?INDEX/.test(detail) && !/\bCOUNT\s*\(/i.test(statement);
  if (walksIndex && /\blimit\b/i.test(statement)) return null;
  return m[1]!;
}

describe("the plan rule", () => {
  it("flags a table scan, an index walked whole to count it, and passes lookups and limited walks", () => {
    expect(scansGrowingTable("SCAN users", "select * from users where lower(user_name) = ?")).toBe("users");
    expect(scansGrowingTable("SCAN qa_answers USING COVERING INDEX qa_answers_question_rank_idx", "select count(*) from qa_answers where status = 0")).toBe("qa_answers");
    expect(scansGrowingTable("SEARCH users USING INDEX users_user_name_lower_idx (<expr>=?)", "select …")).toBeNull();
    expect(scansGrowingTable("SCAN qa_questions USING INDEX qa_questions_status_created_idx", "select … order by created_at desc limit ?")).toBeNull();
    expect(scansGrowingTable("SCAN survey_def_questions", "select …")).toBeNull(); // definitions do not grow with users
  });
});

describe("hot queries are indexed (EXPLAIN QUERY PLAN against the migrated schema)", () => {
  it("login, Q&A, personal lists, messages, workbench list, dashboard and user search never scan a growing table", { timeout: 120_000 }, async () => {
    const seen: Recorded[] = [];
    let current = "setup";
    const recEnv = recordingEnv(seen, () => current);
    const send = async (label: string, path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
      current = label;
      const headers = new Headers({ code: "energy-evaluation", "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
      if (init.token) headers.set("token", init.token);
      let body: string | undefined;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      const res = await fetchApi(new Request(`${BASE}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body }), recEnv, createExecutionContext());
      const envelope = await readEnvelope(res);
      expect(envelope.code, `${label}: ${envelope.msg}`).toBe(10000);
      return envelope;
    };

    const user = await veteran();
    const pw = await hashPassword("Plan#2026");
    await getDb(env.DB).update(users).set({ passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations }).where(eq(users.id, user.user.id));
    const admin = await makeAdmin();
    const { questionId } = await questionWithAnswer();
    const token = user.token;

    await send("password login by user name", "/api/user/login", { json: { type: 1, userName: user.user.userName.toUpperCase(), password: "Plan#2026" } });
    await send("password login by phone", "/api/user/login", { json: { type: 1, userName: user.user.phone, password: "Plan#2026" } });
    await send("Q&A list", "/api/qa/question/pageQuery", { json: { pageNo: 1, pageSize: 10 } });
    await send("Q&A hot list", "/api/qa/question/hotSearchPageQuery", { json: { pageNo: 1, pageSize: 10 } });
    await send("Q&A unanswered list", "/api/qa/question/unAnswerdPageQuery", { json: { pageNo: 1, pageSize: 10 } });
    await send("question detail", `/api/qa/question/getById/${questionId}`, { token });
    await send("answers of a question", "/api/qa/answer/queryPageById", { json: { questionId, pageNo: 1, pageSize: 10 }, token });
    await send("my questions", "/api/qa/question/pageQueryByUser", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("my answers", "/api/qa/answer/queryPageByUserId", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("my fans", "/api/qa/userInfo/fans/queryPage", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("my follows", "/api/qa/userInfo/follows/queryPage", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("my view history", "/api/qa/common/viewHistory/pageQuery", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("my favourite categories", "/api/qa/favorite/category/queryPageByUser", { json: { pageNo: 1, pageSize: 10 }, token });
    await send("message counts", "/api/qa/messageNotice/statistics", { method: "POST", json: {}, token });
    await send("workbench list", "/api/surveyInfo/list", { json: { type: 1 }, token });
    await send("workbench list page", "/api/surveyInfo/page", { json: { type: 1, pageNum: 2, pageSize: 20 }, token });
    await send("workbench list search", "/api/surveyInfo/page", { json: { type: 1, condition: "车间", pageNum: 1 }, token });
    await send("workbench recycle bin page", "/api/surveyInfo/page", { json: { type: 1, isDelete: 1 }, token });
    // The plant summary (issue 22): the caller's surveys with their 企业名称 answer, then each card's newest survey.
    await filledSurvey(token, "motor");
    await send("plant summary", "/api/plant/summary", { json: {}, token });
    await send("plant PDF status", "/api/plant/report/latest", { json: { company: "苏州某印染有限公司" }, token });
    await send("admin dashboard", "/api/admin/dashboard", { token: admin.token });
    await send("admin user search (prefix)", `/api/admin/users?q=${encodeURIComponent(user.user.userName.slice(0, 3))}`, { token: admin.token });
    await send("admin user search (phone)", `/api/admin/users?q=${user.user.phone!.slice(0, 7)}`, { token: admin.token });
    await send("admin user list", "/api/admin/users", { token: admin.token });
    // The messages page's loader calls the service in-process.
    current = "messages page";
    const recDb = getDb(recEnv.DB);
    for (const tab of Object.values(MESSAGE_TAB)) await messagePage({ db: recDb, userId: user.user.id, tab, isRead: null, pageNo: 1, pageSize: 10 });

    const offenders: string[] = [];
    const plans: string[] = [];
    const sortedGrowing: string[] = [];
    const ORDERED_LISTS = /^(Q&A list|Q&A hot list|workbench list|workbench list page|workbench list search|workbench recycle bin page)$/;
    for (const s of seen) {
      if (!/^\s*select/i.test(s.sql) && !/^\s*with/i.test(s.sql)) continue;
      const rows = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).bind(...s.params).all<{ detail: string }>()).results;
      for (const r of rows) {
        plans.push(`${s.label}: ${r.detail}`);
        const table = scansGrowingTable(r.detail, s.sql);
        if (table) offenders.push(`${s.label}: ${r.detail}\n    ${s.sql}`);
      }
      const readsGrowing = rows.some((r) => GROWING.has(/^(?:SCAN|SEARCH) (\w+)/.exec(r.detail)?.[1] ?? ""));
      if (ORDERED_LISTS.test(s.label) && readsGrowing && rows.some((r) => r.detail.includes("USE TEMP B-TREE"))) sortedGrowing.push(`${s.label}: ${s.sql}`);
    }
    // Every hot request was seen (a request answered from elsewhere would make this test pass vacuously).
    const labels = new Set(seen.map((s) => s.label));
    for (const l of ["password login by user name", "password login by phone", "Q&A list", "question detail", "workbench list", "workbench list page", "workbench recycle bin page", "plant summary", "plant PDF status", "admin dashboard", "admin user search (prefix)", "messages page"]) {
      expect(labels.has(l), l).toBe(true);
    }
    console.log(`query plans (${plans.length} lines):\n${plans.join("\n")}`);
    expect(offenders).toEqual([]);
    // The lists a visitor or user pages through read rows in an index's order and stop at the page: no sort of a
    // growing table in a temp B-tree (the Q&A lists walk the partial indexes of visible questions, migration 0021).
    // (A definition table's sort, cached per isolate, is not a growing table's.)
    expect(sortedGrowing).toEqual([]);
    // …and the Q&A list's page is a walk down the visible-questions index.
    expect(plans.some((p) => /^Q&A list: SCAN qa_questions USING (COVERING )?INDEX qa_questions_visible_created_idx/.test(p))).toBe(true);
    expect(plans.some((p) => /^Q&A hot list: SCAN qa_questions USING (COVERING )?INDEX qa_questions_visible_hot_idx/.test(p))).toBe(true);
  });
});
