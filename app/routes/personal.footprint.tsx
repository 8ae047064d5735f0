// /personal/footprint (spec 2 §2): my view history, most recent first, with a title search.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button } from "antd";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { ListPager } from "../personal/ListPager";
import { SearchForm } from "../personal/SearchForm";
import { callResult, client } from "../lib/api-client";
import { detailHref, toastOk } from "../personal/client";
import { personalPageData } from "../personal/personal.server";
import { historyPage } from "../../workers/services/qa-personal/history";
import { QA_MSG } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的足迹 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const { header, unread, data } = await personalPageData(request, context, (db, me, _url, { pageNo, pageSize }) => historyPage({ db, userId: me, searchContent: q, pageNo, pageSize }));
  return { header, unread, page: data, q };
}

export default function PersonalFootprint() {
  const { header, unread, page, q } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const remove = async (id: number) => {
    const res = await callResult((o) => client.api.qa.common.viewHistory.deleteById.$post({ json: { ids: [id] } }, o));
    if (res.ok) {
      toastOk(QA_MSG.deleted);
      revalidator.revalidate();
    }
  };
  return (
    <PersonalShell active="footprint" header={header} unread={unread}>
      {page && (
        <section className="personal-card" aria-labelledby="footprint-title">
          <div className="personal-toolbar">
            <h2 id="footprint-title" className="personal-card__title">我的足迹</h2>
            <SearchForm value={q} label="搜索足迹" placeholder="搜索浏览过的问题" />
          </div>
          {page.viewHistoryList.length === 0 ? (
            <p className="personal-empty">{q ? "没有找到相关的浏览记录" : "还没有浏览记录，去能源问答看看吧"}</p>
          ) : (
            <ul className="personal-list">
              {page.viewHistoryList.map((h) => (
                <li key={h.id} className="personal-item">
                  <div className="personal-item__body">
                    <h3 className="personal-item__title">
                      <a href={h.status === 2 ? `/answer?questionId=${h.questionId}` : detailHref(h.questionId)}>{h.questionTitle}</a>
                    </h3>
                    <p className="personal-item__meta">
                      <span>浏览于 {h.viewDate}</span>
                      <span>{h.answerCount} 个回答</span>
                      <span>{h.viewCount} 次浏览</span>
                    </p>
                  </div>
                  <div className="personal-item__actions">
                    <Button size="small" type="text" onClick={() => void remove(h.id)} aria-label={`删除足迹：${h.questionTitle}`}>
                      删除
                    </Button>
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
