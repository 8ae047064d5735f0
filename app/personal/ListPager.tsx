// Pagination for the personal lists: page size 10 with options 10/20/50/100 (spec 2 §9); state lives in the URL
// (?page=&size=) so the loader serves every page and the back button works.
import { Pagination } from "antd";
import { useLocation, useNavigate } from "react-router";
import { PERSONAL_PAGE_SIZES } from "../../workers/contract/qa-personal-constants";

export function ListPager({ total, pageNo, pageSize, sizes = true }: { total: number; pageNo: number; pageSize: number; sizes?: boolean }) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  if (total <= (sizes ? PERSONAL_PAGE_SIZES[0] : pageSize)) return null;
  return (
    <div className="personal-pager">
      <Pagination
        current={pageNo}
        pageSize={pageSize}
        total={total}
        showSizeChanger={sizes}
        pageSizeOptions={PERSONAL_PAGE_SIZES.map(String)}
        showTotal={(t) => `共 ${t} 条`}
        onChange={(page, size) => {
          const params = new URLSearchParams(search);
          const sizeChanged = size !== pageSize;
          params.set("page", String(sizeChanged ? 1 : page));
          params.set("size", String(size));
          navigate(`${pathname}?${params.toString()}`);
        }}
      />
    </div>
  );
}

/** Filter chips as links keeping the other parameters (the page resets). */
export function FilterLinks({ param, options, value }: { param: string; options: { value: string; label: string }[]; value: string }) {
  const { search } = useLocation();
  const href = (v: string) => {
    const params = new URLSearchParams(search);
    params.delete("page");
    if (v) params.set(param, v);
    else params.delete(param);
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  return (
    <ul className="personal-filters">
      {options.map((o) => (
        <li key={o.value}>
          <a href={href(o.value)} aria-current={o.value === value ? "true" : undefined}>
            {o.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
