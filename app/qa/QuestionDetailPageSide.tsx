// The question detail page's side column: 等你来答 (each with 写回答, which opens the answer dialog after login) and
// 热门问题, each paged on its own (?waitPage=, ?hotPage=) and leaving out the question on the page.
import type { QuestionPage } from "../../workers/contract/qa-constants";
import { useRootData } from "../lib/use-root-data";
import { detailHref, ensureLogin } from "./client";
import { SideList } from "./components/SideList";
import type { AnswerTarget } from "./QuestionDetailPageDialogs";

interface Props {
  questionId: number;
  waiting: QuestionPage;
  hot: QuestionPage;
  onAnswer: (target: AnswerTarget) => void;
}

export function QuestionDetailSide({ questionId, waiting, hot, onAnswer }: Props) {
  const { viewer } = useRootData();
  return (
    <aside className="qa-side" aria-label="更多问题">
      <SideList
        title="等你来答"
        endpoint="question/unAnswerdPageQuery"
        initial={waiting}
        excludeId={questionId}
        param="waitPage"
        emptyText="所有问题都有人回答啦"
        action={(item, remove) => (
          <button
            type="button"
            className="qa-side-list__action"
            aria-label={`写回答：${item.questionTitle}`}
            onClick={() => {
              if (ensureLogin(viewer, detailHref(item.id, "&meAnswerFlag=1"))) onAnswer({ item, remove });
            }}
          >
            写回答
          </button>
        )}
      />
      <SideList title="热门问题" endpoint="question/hotSearchPageQuery" initial={hot} excludeId={questionId} param="hotPage" numbered />
    </aside>
  );
}
