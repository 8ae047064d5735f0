// Side lists with 换一换: the hot list and 等你来答. The first batch is server-rendered; refresh fetches the next
// page and the server wraps to page 1 when the list is exhausted. Without JavaScript 换一换 is a ?param link.
import { Link, useLocation } from "react-router";
import { useState, type ReactNode } from "react";
import { SyncOutlined } from "@ant-design/icons";
import type { QuestionListItem, QuestionPage } from "../../../workers/contract/qa-constants";
import { callResult, client } from "../../lib/api-client";
import { detailHref } from "../client";

export interface SideListProps {
  title: string;
  /** API path under /api/qa/ returning a QuestionPage. */
  endpoint: "question/hotSearchPageQuery" | "question/unAnswerdPageQuery";
  initial: QuestionPage;
  excludeId?: number;
  /** Query parameter used by the no-JavaScript refresh link. */
  param: string;
  numbered?: boolean;
  action?: (item: QuestionListItem, remove: () => void) => ReactNode;
  emptyText?: string;
}

export function SideList({ title, endpoint, initial, excludeId, param, numbered = false, action, emptyText = "暂无内容" }: SideListProps) {
  const [page, setPage] = useState(initial);
  const [loading, setLoading] = useState(false);
  const { search } = useLocation();
  const nextPageNo = page.pageNo * page.pageSize >= page.total ? 1 : page.pageNo + 1;
  const params = new URLSearchParams(search);
  params.set(param, String(nextPageNo));
  const headingId = `side-${param}`;

  async function refresh() {
    setLoading(true);
    const json = { pageNo: nextPageNo, pageSize: page.pageSize, questionId: excludeId ?? "" };
    const list = client.api.qa.question;
    const res = await callResult((o) =>
      endpoint === "question/hotSearchPageQuery" ? list.hotSearchPageQuery.$post({ json }, o) : list.unAnswerdPageQuery.$post({ json }, o),
    );
    setLoading(false);
    if (res.ok && res.data) setPage(res.data);
  }

  return (
    <section className="qa-side-card" aria-labelledby={headingId}>
      <header className="qa-side-card__head">
        <h2 id={headingId}>{title}</h2>
        {page.total > page.pageSize && (
          <Link
            to={`?${params.toString()}`}
            className="qa-refresh"
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              void refresh();
            }}
            aria-label={`${title}：换一换`}
          >
            <SyncOutlined spin={loading} aria-hidden="true" /> 换一换
          </Link>
        )}
      </header>
      {page.questionList.length === 0 ? (
        <p className="qa-muted">{emptyText}</p>
      ) : (
        <ol className={`qa-side-list${numbered ? " qa-side-list--numbered" : ""}`} data-page={page.pageNo}>
          {page.questionList.map((q, i) => (
            <li key={q.id}>
              {numbered && <span className={`qa-rank qa-rank--${(page.pageNo - 1) * page.pageSize + i + 1}`}>{(page.pageNo - 1) * page.pageSize + i + 1}</span>}
              <Link to={detailHref(q.id)} className="qa-side-list__title">
                {q.questionTitle}
              </Link>
              {action?.(q, () => setPage((p) => ({ ...p, questionList: p.questionList.filter((x) => x.id !== q.id) })))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
