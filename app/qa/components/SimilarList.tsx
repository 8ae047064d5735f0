// Similar questions (5): server-rendered links.
import { Link } from "react-router";
import type { QuestionPage } from "../../../workers/contract/qa-constants";
import { detailHref } from "../client";

export function SimilarList({ page }: { page: QuestionPage }) {
  return (
    <section className="qa-section" aria-labelledby="qa-similar-title">
      <h2 id="qa-similar-title" className="qa-section__title">
        相似问题
      </h2>
      {page.questionList.length === 0 ? (
        <p className="qa-muted">暂无相似问题</p>
      ) : (
        <ul className="qa-similar">
          {page.questionList.map((q) => (
            <li key={q.id}>
              <Link to={detailHref(q.id)}>{q.questionTitle}</Link>
              <span className="qa-muted">{q.answerCount} 个回答</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
