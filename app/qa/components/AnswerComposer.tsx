// Where an answer is written: the lazily loaded Tiptap editor (its own chunk, never on the server), saving
// through answer/add or answer/update (one answer per user per question: an existing one is updated).
import { lazy, Suspense } from "react";
import { message } from "antd";
import { ANSWER_STATUS } from "../../../workers/contract/qa-constants";
import type { AnswerPage } from "../../../workers/contract/qa-constants";
import { callResult, client } from "../../lib/api-client";

const AnswerEditor = lazy(() => import("./AnswerEditor.client"));

export async function saveAnswer(questionId: number, myAnswer: AnswerPage["myAnswer"], html: string, isAnonymous: boolean, userId?: number) {
  const editing = myAnswer && myAnswer.status === ANSWER_STATUS.NORMAL;
  const body = { questionId, answerContent: html, isAnonymous: isAnonymous ? (1 as const) : (0 as const), userId };
  const answer = client.api.qa.answer;
  const res = await callResult((o) => (editing ? answer.update.$post({ json: { ...body, id: myAnswer.id } }, o) : answer.add.$post({ json: body }, o)));
  // A held answer (keyword list, docs/admin.md) is saved but not public yet: say so as a warning.
  if (res.ok) void (res.data?.held ? message.warning(res.msg, 6) : message.success(res.msg));
  return res.ok;
}

export function AnswerComposer({
  questionId,
  myAnswer,
  userId,
  onSaved,
  onCancel,
  label,
}: {
  questionId: number;
  myAnswer: AnswerPage["myAnswer"];
  userId?: number;
  onSaved: () => void;
  onCancel?: () => void;
  label?: string;
}) {
  const editing = Boolean(myAnswer && myAnswer.status === ANSWER_STATUS.NORMAL);
  return (
    <Suspense fallback={<div className="qa-editor qa-editor--loading">编辑器加载中…</div>}>
      <AnswerEditor
        label={label}
        initialHtml={editing ? myAnswer!.answerContent : ""}
        initialAnonymous={editing ? myAnswer!.isAnonymous === 1 : false}
        submitLabel={editing ? "保存修改" : "发布回答"}
        onCancel={onCancel}
        onSubmit={async (html, anonymous) => {
          const ok = await saveAnswer(questionId, myAnswer, html, anonymous, userId);
          if (ok) onSaved();
          return ok;
        }}
      />
    </Suspense>
  );
}
