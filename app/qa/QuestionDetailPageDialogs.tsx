// The question detail page's dialogs, each loaded on first open (LazyModal): 删除回答 (the viewer's own answer) and the
// answer dialog a 等你来答 item's 写回答 opens (the composer loads with it).
import { Suspense, lazy } from "react";
import type { QuestionListItem } from "../../workers/contract/qa-constants";
import { useRootData } from "../lib/use-root-data";
import { callResult, client } from "../lib/api-client";
import { toastOk } from "./client";
import { LazyModal } from "./components/LazyModal";

const AnswerComposer = lazy(() => import("./components/AnswerComposer").then((m) => ({ default: m.AnswerComposer })));

/** A side-list question being answered in the dialog; `remove` takes it off the list once answered. */
export interface AnswerTarget {
  item: QuestionListItem;
  remove: () => void;
}

interface Props {
  /** The answer whose deletion is being confirmed. */
  deleting: number | null;
  onDeleteClosed: () => void;
  onDeleted: () => void;
  answerFor: AnswerTarget | null;
  onAnswerClosed: () => void;
}

export function QuestionDetailDialogs({ deleting, onDeleteClosed, onDeleted, answerFor, onAnswerClosed }: Props) {
  const { viewer } = useRootData();

  async function confirmDelete() {
    if (deleting === null) return;
    const id = deleting;
    const res = await callResult((o) => client.api.qa.answer.deleteById.$post({ json: { id, isAdmin: false } }, o));
    onDeleteClosed();
    if (res.ok) {
      toastOk(res.msg);
      onDeleted();
    }
  }

  return (
    <>
      <LazyModal open={deleting !== null} title="删除回答" okText="删除" okButtonProps={{ danger: true }} cancelText="取消" onOk={() => confirmDelete()} onCancel={onDeleteClosed}>
        <p>确定永久删除该回答吗？删除后不可恢复。</p>
      </LazyModal>
      <LazyModal open={answerFor !== null} title={answerFor ? `回答：${answerFor.item.questionTitle}` : ""} footer={null} width={760} onCancel={onAnswerClosed}>
        {answerFor && (
          <Suspense fallback={null}>
            <AnswerComposer
              questionId={answerFor.item.id}
              myAnswer={null}
              userId={viewer?.userId}
              label={`回答：${answerFor.item.questionTitle}`}
              onCancel={onAnswerClosed}
              onSaved={() => {
                answerFor.remove();
                onAnswerClosed();
              }}
            />
          </Suspense>
        )}
      </LazyModal>
    </>
  );
}
