// The question detail page's answers: the favourited answer in its own section (favourites variant), then "N 个回答"
// with one page of answers (the viewer's own first) and the pager. One answer's comments are open at a time.
import { useState } from "react";
import type { AnswerPage, AnswerView } from "../../workers/contract/qa-constants";
import type { favoriteVariant } from "./qa.server";
import { AnswerItem } from "./components/AnswerItem";
import { Pager } from "./components/Pager";

interface Props {
  answers: AnswerPage;
  favorite: Awaited<ReturnType<typeof favoriteVariant>>;
  loggedIn: boolean;
  onEdit: () => void;
  onDelete: (answerId: number) => void;
}

export function QuestionAnswers({ answers, favorite, loggedIn, onEdit, onDelete }: Props) {
  const [commentsFor, setCommentsFor] = useState<number | null>(null);
  const answerItem = (a: AnswerView) => (
    <AnswerItem
      key={a.id}
      answer={a}
      commentsOpen={commentsFor === a.id}
      onToggleComments={() => setCommentsFor((cur) => (cur === a.id ? null : a.id))}
      onEdit={onEdit}
      onDelete={() => onDelete(a.id)}
    />
  );
  // The favourited answer is shown once, in its own section above the list.
  const listed = favorite ? answers.answerList.filter((a) => a.id !== favorite.answer.id) : answers.answerList;
  return (
    <>
      {favorite && (
        <section className="qa-section qa-favorite" aria-labelledby="qa-favorite-title">
          <h2 id="qa-favorite-title" className="qa-section__title">
            我收藏的回答
          </h2>
          <p className="qa-muted">
            收藏于 {favorite.favoriteDate.slice(0, 16)} · {favorite.categoryName}
          </p>
          {answerItem(favorite.answer)}
        </section>
      )}
      <section className="qa-section" aria-labelledby="qa-answers-title" id="answers" data-viewer={loggedIn ? "user" : "visitor"}>
        <h2 id="qa-answers-title" className="qa-section__title">
          {answers.total} 个回答
        </h2>
        {answers.answerList.length === 0 ? <p className="qa-empty">还没有回答，快来分享你的经验吧。</p> : listed.map(answerItem)}
        <Pager total={answers.total} pageNo={answers.pageNo} pageSize={answers.pageSize} label="回答分页" anchor="#answers" />
      </section>
    </>
  );
}
