// The question itself: owner-only note, title (the page's h1), tags, description, pictures, author line.
import type { ReactNode } from "react";
import type { QuestionDetail } from "../../../workers/contract/qa-constants";

export function QuestionHead({ question, actions }: { question: QuestionDetail; actions?: ReactNode }) {
  return (
    <article className="qa-question" aria-labelledby="qa-question-title">
      {question.ownOnlyNote && (
        <p className="qa-note" role="note">
          {question.ownOnlyNote}
        </p>
      )}
      {question.tags.length > 0 && (
        <ul className="qa-tags" aria-label="问题标签">
          {question.tags.map((t) => (
            <li key={t.id} className="qa-tag">
              {t.tagName}
            </li>
          ))}
        </ul>
      )}
      <h1 id="qa-question-title" className="qa-question__title">
        {question.questionTitle}
      </h1>
      {question.questionDescription && <p className="qa-question__desc">{question.questionDescription}</p>}
      {question.pictureList.length > 0 && (
        <ul className="qa-pictures" aria-label="问题图片">
          {question.pictureList.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img src={src} alt={`问题图片 ${i + 1}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="qa-question__meta qa-muted">
        <span>提问者：{question.publisherName}</span>
        <time dateTime={new Date(question.createTime).toISOString()}>{question.createDate.slice(0, 10)}</time>
        <span>{question.viewCount} 次浏览</span>
        <span>{question.answerCount} 个回答</span>
      </div>
      {actions && <div className="qa-question__actions">{actions}</div>}
    </article>
  );
}
