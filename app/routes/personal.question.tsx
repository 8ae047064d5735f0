// /personal/question (spec 2 §2): my questions, filtered by status, 10 a page (10/20/50/100).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { OwnStatusList } from "../personal/OwnStatusList";
import { detailHref } from "../personal/client";
import { ownStatusListData } from "../personal/personal.server";
import { questionsByUser } from "../../workers/services/qa-personal/users";
import { QUESTION_STATUS } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的提问 - ${SITE_NAME}` }, { name: "description", content: "查看和管理我在能源问答中的提问与回答状态" }, { name: "robots", content: "noindex" }];

const STATUS_LABEL: Record<number, string> = { 0: "待解决", 1: "已解决", 2: "已删除", 3: "已隐藏", 4: "审核中" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ownStatusListData(request, context, [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED, QUESTION_STATUS.DELETED_BY_OWNER, QUESTION_STATUS.DELETED_BY_SYSTEM, QUESTION_STATUS.FILTERED], (db, me, status, pageNo, pageSize) =>
    questionsByUser({ db, viewerId: me, publisherId: me, status, pageNo, pageSize }),
  );
}

export default function PersonalQuestions() {
  const { header, unread, page, status } = useLoaderData<typeof loader>();
  return (
    <OwnStatusList
      active="question"
      header={header}
      unread={unread}
      title="我的提问"
      titleId="my-questions"
      labels={STATUS_LABEL}
      status={status}
      page={page}
      empty={
        page?.questionList.length === 0 ? (
          <p className="personal-empty">
            还没有提问，<a href="/questions">去提问</a>
          </p>
        ) : null
      }
    >
      {page?.questionList.map((q) => (
        <li key={q.id} className="personal-item">
          <div className="personal-item__body">
            <h3 className="personal-item__title">
              <a href={q.status === QUESTION_STATUS.DELETED_BY_OWNER ? `/answer?questionId=${q.id}` : `${detailHref(q.id)}&isHint=1`}>{q.questionTitle}</a>
              <span className={`personal-tag${q.status === QUESTION_STATUS.DELETED_BY_OWNER ? " personal-tag--warn" : ""}`}>{STATUS_LABEL[q.status] ?? ""}</span>
              {q.isAnonymous === "1" && <span className="personal-tag">匿名</span>}
            </h3>
            {q.answerContent && <p className="personal-item__text">{q.answerContent}</p>}
            <p className="personal-item__meta">
              <span>{q.createDate}</span>
              <span>{q.answerCount} 个回答</span>
              <span>{q.viewCount} 次浏览</span>
            </p>
          </div>
        </li>
      ))}
    </OwnStatusList>
  );
}
