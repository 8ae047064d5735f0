// Question list items (home and search results): highlighted title, ~150-character answer excerpt, date,
// answerer, answer count and likes. highlightTitle/highlightExcerpt are server-escaped HTML with <em> marks.
import { Link } from "react-router";
import type { QuestionListItem } from "../../../workers/contract/qa-constants";
import { detailHref } from "../client";

export function QuestionList({ items }: { items: QuestionListItem[] }) {
  return (
    <ol className="qa-list">
      {items.map((q) => (
        <li key={q.id} className="qa-item">
          <h2 className="qa-item__title">
            <Link to={detailHref(q.id)} dangerouslySetInnerHTML={{ __html: q.highlightTitle }} />
          </h2>
          {q.highlightExcerpt && <p className="qa-item__excerpt" dangerouslySetInnerHTML={{ __html: q.highlightExcerpt }} />}
          <div className="qa-item__meta">
            <time dateTime={new Date(q.createTime).toISOString()}>{q.createDate.slice(0, 10)}</time>
            {q.answerPublisherName && <span>回答者：{q.answerPublisherName}</span>}
            <span>{q.answerCount} 个回答</span>
            <span>{q.praisedCount} 赞同</span>
            {q.tags.length > 0 && (
              <span className="qa-item__tags">
                {q.tags.map((t) => (
                  <span key={t.id} className="qa-tag qa-tag--small">
                    {t.tagName}
                  </span>
                ))}
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
