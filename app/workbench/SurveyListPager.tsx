// The workbench list's pager (one page of 20 from the server, issue 26 item 10): 共 N 个, 上一页, the page numbers,
// 下一页. Plain buttons: antd's Pagination (and the Select its size changer brings) was a sixth of /workbench's first load.
import { pageWindow } from "../lib/page-window";

interface Props {
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function SurveyListPager({ pageNum, pageSize, total, onPage }: Props) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  return (
    <nav className="wb-pager" aria-label="调查表分页">
      <span className="wb-pager__total">共 {total} 个</span>
      <button type="button" className="wb-pager__item" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        上一页
      </button>
      {pageWindow(pageNum, last).map((p, i) =>
        p === "…" ? (
          <span key={`gap${i}`} className="wb-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === pageNum ? "wb-pager__item is-current" : "wb-pager__item"}
            aria-current={p === pageNum ? "page" : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => p !== pageNum && onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="wb-pager__item" disabled={pageNum >= last} onClick={() => onPage(pageNum + 1)}>
        下一页
      </button>
    </nav>
  );
}
