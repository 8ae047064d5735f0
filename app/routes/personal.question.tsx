// /personal/question (spec 2 §2): my questions, filtered by status, 10 a page (10/20/50/100).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { antdFullCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { detailHref } from "../personal/client";
import { pageParams, personalContext, personalHeader, statusParam } from "../personal/personal.server";
import { questionsByUser } from "../../workers/services/qa-personal/users";
import { unreadMessageCount } from "../../workers/services/qa-personal/messages";
import { QUESTION_STATUS } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的提问 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const STATUS_LABEL: Record<number, string> = { 0: "待解决", 1: "已解决", 2: "已删除" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, viewer, url } = await personalContext(request, context);
  if (!viewer) return { header: null, unread: 0, page: null, status: null };
  const { pageNo, pageSize } = pageParams(url);
  const status = statusParam(url, [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED, QUESTION_STATUS.DELETED_BY_OWNER]);
  const [header, unread, page] = await Promise.all([
    personalHeader(db, viewer.userId),
    unreadMessageCount(db, viewer.userId),
    questionsByUser(db, viewer.userId, viewer.userId, status, pageNo, pageSize),
  ]);
  return { header, unread, page, status };
}

export default function PersonalQuestions() {
  const { header, unread, page, status } = useLoaderData<typeof loader>();
  return (
    <PersonalShell active="question" header={header} unread={unread}>
      {page && (
        <section className="personal-card" aria-labelledby="my-questions">
          <div className="personal-toolbar">
            <h2 id="my-questions" className="personal-card__title">我的提问</h2>
            <FilterLinks
              param="status"
              value={status === null ? "" : String(status)}
              options={[{ value: "", label: "全部" }, ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }))]}
            />
          </div>
          {page.questionList.length === 0 ? (
            <p className="personal-empty">
              还没有提问，<a href="/questions">去提问</a>
            </p>
          ) : (
            <ul className="personal-list">
              {page.questionList.map((q) => (
                <li key={q.id} className="personal-item">
                  <div className="personal-item__body">
                    <h3 className="personal-item__title">
                      <a href={q.status === QUESTION_STATUS.DELETED_BY_OWNER ? `/answer?questionId=${q.id}` : `${detailHref(q.id)}&isHint=1`}>{q.questionTitle}</a>
                      <span className={`personal-tag${q.status === QUESTION_STATUS.DELETED_BY_OWNER ? " personal-tag--warn" : ""}`}>{STATUS_LABEL[q.status] ?? ""}</span>
                      {q.isAnonymous === "1" && <span className="personal-tag">匿名</span>}
                    </h3>
                    {q.answerContent && <p className="personal-item__text">{q.answerContent}</p>}
                    <p className="personal-item__meta">
                      <span>{q.createDate}</span>
                      <span>{q.answerCount} 个回答</span>
                      <span>{q.viewCount} 次浏览</span>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ListPager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} />
        </section>
      )}
    </PersonalShell>
  );
}
