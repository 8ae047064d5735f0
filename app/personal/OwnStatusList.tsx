// The frame of /personal/question and /personal/answer (spec 2 §2): the personal centre with one card holding the
// title, the status filter chips, the list (or its empty text) and the pager.
import type { ReactNode } from "react";
import { PersonalShell } from "./PersonalShell";
import { FilterLinks, ListPager } from "./ListPager";
import type { personalHeader } from "./personal.server";

export function OwnStatusList({
  active,
  header,
  unread,
  title,
  titleId,
  labels,
  status,
  page,
  empty,
  children,
}: {
  active: "question" | "answer";
  header: Awaited<ReturnType<typeof personalHeader>> | null;
  unread: number;
  title: string;
  titleId: string;
  /** Status code → chip label (全部 comes first). */
  labels: Record<number, string>;
  status: number | null;
  page: { total: number; pageNo: number; pageSize: number } | null;
  /** Shown instead of the list when the page holds no items. */
  empty: ReactNode | null;
  /** The <li> items. */
  children: ReactNode;
}) {
  return (
    <PersonalShell active={active} header={header} unread={unread}>
      {page && (
        <section className="personal-card" aria-labelledby={titleId}>
          <div className="personal-toolbar">
            <h2 id={titleId} className="personal-card__title">{title}</h2>
            <FilterLinks
              param="status"
              value={status === null ? "" : String(status)}
              options={[{ value: "", label: "全部" }, ...Object.entries(labels).map(([value, label]) => ({ value, label }))]}
            />
          </div>
          {empty ?? <ul className="personal-list">{children}</ul>}
          <ListPager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} />
        </section>
      )}
    </PersonalShell>
  );
}
