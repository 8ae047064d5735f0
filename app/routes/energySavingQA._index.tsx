// Q&A home (spec 2 §2): search box, ask button, result-count line, question list (10 a page, ?page= links),
// and the hot list with 换一换. Server-rendered from the services in-process.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { HOT_PAGE_SIZE, QA_PAGE_SIZE, SEARCH_MAX, TITLE_MAX, searchCountText } from "../../workers/contract/qa-constants";
import { hotPageQuery, pageQuery } from "../../workers/services/qa/questions";
import { PageShell } from "../components/layout/PageShell";
import { canonical } from "../lib/seo";
import { SITE_NAME } from "../lib/site";
import { intParam, qaLoaderContext } from "../qa/qa.server";
import { SearchBar } from "../qa/components/SearchBar";
import { QuestionList } from "../qa/components/QuestionList";
import { Pager } from "../qa/components/Pager";
import { SideList } from "../qa/components/SideList";
import { useScrollTopOnNavigate } from "../qa/scroll";
import qaCss from "../qa/qa.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: qaCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { db } = await qaLoaderContext(request, context);
  const search = (url.searchParams.get("questionTitle") ?? "").trim().slice(0, SEARCH_MAX);
  const pageNo = intParam(url, "page", 1);
  const [questions, hot] = await Promise.all([
    pageQuery({ db, searchContent: search, pageNo, pageSize: QA_PAGE_SIZE }),
    hotPageQuery({ db, excludeId: null, pageNo: intParam(url, "hotPage", 1), pageSize: HOT_PAGE_SIZE }),
  ]);
  return { search, questions, hot };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const search = data?.search;
  const pageNo = data?.questions.pageNo ?? 1;
  return [
    { title: search ? `“${search}”的搜索结果 - 能源问答 - ${SITE_NAME}` : `能源问答${pageNo > 1 ? `（第 ${pageNo} 页）` : ""} - ${SITE_NAME}` },
    { name: "description", content: "能源问答社区：电机、变频、空压机、峰谷电价、余热回收、碳核算等工业节能问题，由节能工程师解答。" },
    // Search results are not indexed; the list pages are canonical to themselves.
    ...(search ? [{ name: "robots", content: "noindex, follow" }] : []),
    canonical(matches, pageNo > 1 && !search ? `/energySavingQA?page=${pageNo}` : "/energySavingQA"),
  ];
};

export default function EnergySavingQA() {
  const { search, questions, hot } = useLoaderData<typeof loader>();
  useScrollTopOnNavigate();
  return (
    <PageShell>
      <div className="container qa-layout">
        <div className="qa-main">
          <h1 className="qa-page-title">{search ? "搜索问题" : "能源问答"}</h1>
          <SearchBar defaultValue={search} key={search} />
          <p className="qa-count" role="status">
            {search ? (
              questions.matchMode === "some" ? (
                <>
                  没有同时包含全部关键词的问题，为你找到 <strong>{countText(questions)}</strong> 个与“{search}”相近的问题
                </>
              ) : (
                <>
                  找到 <strong>{countText(questions)}</strong> 个与“{search}”相关的问题
                </>
              )
            ) : (
              <>
                共 <strong>{questions.total}</strong> 个问题
              </>
            )}
          </p>
          {questions.questionList.length ? (
            <QuestionList items={questions.questionList} />
          ) : (
            <div className="qa-empty">
              <p>{search ? "没有找到相关问题，换个说法试试，或者直接提问，让行业专家来解答。" : "还没有问题，来提第一个吧。"}</p>
              {search && (
                <a className="qa-empty__ask" href={`/questions?questionTitle=${encodeURIComponent(search.slice(0, TITLE_MAX))}`}>
                  去提问
                </a>
              )}
            </div>
          )}
          {questions.related && questions.related.length > 0 && (
            <section className="qa-related" aria-labelledby="qa-related-title">
              <h2 id="qa-related-title" className="qa-related__title">
                你可能想看
              </h2>
              <QuestionList items={questions.related} />
            </section>
          )}
          <Pager total={questions.total} pageNo={questions.pageNo} pageSize={questions.pageSize} label="问题列表分页" />
        </div>
        <aside className="qa-side" aria-label="热门问题">
          <SideList title="热门问题" endpoint="question/hotSearchPageQuery" initial={hot} param="hotPage" numbered />
        </aside>
      </div>
    </PageShell>
  );
}

/** The API's count text (1,000+ when capped); the same function for a page cached before the field existed. */
function countText(page: { total: number; totalCapped?: boolean; totalText?: string }): string {
  return page.totalText ?? searchCountText(page.total, !!page.totalCapped);
}
