// The detail page's side lists (相似问题, 等你来答, 热门问题) for visitors, from a short in-isolate memo (issue 23).
// They are the same for every visitor and were most of a detail page's reads (profiled: similar ≈ 40 ms, hot ≈ 21,
// waiting ≈ 8 of the ~130 ms of reads, local D1 under load). A visitor's page may be up to PAGE_CACHE_TTL_SECONDS
// old already (decision 161), and the memo is keyed by the same content version, so any Q&A write drops it at once
// in this location: visitors see nothing older than the edge cache would show them. Logged-in viewers read fresh.
// The hot list is shared by every question (page 1 read without exclusion, the viewed question dropped after), so
// a first view of a question nobody opened yet still finds it in memory.
import { HOT_DETAIL_PAGE_SIZE, SIMILAR_PAGE_SIZE, UNANSWERED_PAGE_SIZE, type QuestionPage } from "../../workers/contract/qa-constants";
import { BoundedMap } from "../../workers/lib/bounded-map";
import { currentContentVersion, PAGE_CACHE_TTL_SECONDS } from "../../workers/lib/page-cache";
import type { QaCtx } from "../../workers/services/qa/context";
import { hotPageQuery, similarPageQuery, unansweredPageQuery } from "../../workers/services/qa/questions";

const TTL_MS = PAGE_CACHE_TTL_SECONDS * 1000;
/** Resolved lists only (a promise made in one request must not be awaited by another in workerd). */
const memo = new BoundedMap<string, { at: number; value: QuestionPage }>(512);

async function remembered(version: string, key: string, now: number, read: () => Promise<QuestionPage>): Promise<QuestionPage> {
  const k = `${version}|${key}`;
  const hit = memo.get(k);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = await read();
  memo.set(k, { at: now, value });
  return value;
}

export interface SideListPages {
  similar: QuestionPage;
  waiting: QuestionPage;
  hot: QuestionPage;
}

/** The three side lists of question `id` at the requested pages; memoised for visitors. */
export async function detailSideLists(ctx: QaCtx, viewerId: number | null, id: number, pages: { waitPage: number; hotPage: number }): Promise<SideListPages> {
  const { db } = ctx;
  const similar = () => similarPageQuery({ ...ctx, input: { questionId: id, tagRefs: [], pageNo: 1, pageSize: SIMILAR_PAGE_SIZE } });
  const waiting = () => unansweredPageQuery({ db, excludeId: id, pageNo: pages.waitPage, pageSize: UNANSWERED_PAGE_SIZE });
  const hot = () => hotPageQuery({ db, excludeId: id, pageNo: pages.hotPage, pageSize: HOT_DETAIL_PAGE_SIZE });
  if (viewerId !== null) {
    const [s, w, h] = await Promise.all([similar(), waiting(), hot()]);
    return { similar: s, waiting: w, hot: h };
  }
  const version = await currentContentVersion();
  const now = ctx.now;
  const [s, w, h] = await Promise.all([
    remembered(version, `similar:${id}`, now, similar),
    remembered(version, `waiting:${id}:${pages.waitPage}`, now, waiting),
    pages.hotPage === 1 ? remembered(version, "hot:1", now, () => hotPageQuery({ db, excludeId: null, pageNo: 1, pageSize: HOT_DETAIL_PAGE_SIZE + 1 })).then((all) => withoutQuestion(all, id)) : hot(),
  ]);
  return { similar: s, waiting: w, hot: h };
}

/**
 * Page 1 of the hot list as hotPageQuery(db, id, 1, size) answers it, from page 1 read without exclusion and one
 * longer: the viewed question dropped, the rest cut to the page size, the total one less (the viewed question,
 * readable by a visitor, is visible and so counted).
 */
function withoutQuestion(all: QuestionPage, id: number): QuestionPage {
  return {
    questionList: all.questionList.filter((q) => q.id !== id).slice(0, HOT_DETAIL_PAGE_SIZE),
    total: Math.max(0, all.total - 1),
    pageNo: 1,
    pageSize: HOT_DETAIL_PAGE_SIZE,
  };
}
