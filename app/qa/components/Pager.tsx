// Page links that work without JavaScript (?page=N), keeping the other query parameters.
import { Link, useLocation } from "react-router";
import { pageWindow } from "../../lib/page-window";

export function Pager({ total, pageNo, pageSize, param = "page", label = "分页", anchor = "" }: { total: number; pageNo: number; pageSize: number; param?: string; label?: string; anchor?: string }) {
  const { search } = useLocation();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete(param);
    else params.set(param, String(p));
    const qs = params.toString();
    return `${qs ? `?${qs}` : "?"}${anchor}`;
  };
  return (
    <nav className="qa-pager" aria-label={label}>
      {pageNo > 1 ? (
        <Link to={href(pageNo - 1)} className="qa-pager__item" rel="prev">
          上一页
        </Link>
      ) : (
        <span className="qa-pager__item is-disabled" aria-hidden="true">上一页</span>
      )}
      {pageWindow(pageNo, last).map((p, i) =>
        p === "…" ? (
          <span key={`gap${i}`} className="qa-pager__gap" aria-hidden="true">…</span>
        ) : (
          <Link key={p} to={href(p)} className={`qa-pager__item${p === pageNo ? " is-current" : ""}`} aria-current={p === pageNo ? "page" : undefined} aria-label={`第 ${p} 页`}>
            {p}
          </Link>
        ),
      )}
      {pageNo < last ? (
        <Link to={href(pageNo + 1)} className="qa-pager__item" rel="next">
          下一页
        </Link>
      ) : (
        <span className="qa-pager__item is-disabled" aria-hidden="true">下一页</span>
      )}
    </nav>
  );
}
