// /personal/answer (spec 2 §2): my answers, filtered by status, 10 a page (10/20/50/100).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { OwnStatusList } from "../personal/OwnStatusList";
import { detailHref } from "../personal/client";
import { ownStatusListData } from "../personal/personal.server";
import { answersByUser } from "../../workers/services/qa-personal/users";
import { ANSWER_STATUS } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的回答 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const STATUS_LABEL: Record<number, string> = { 0: "正常", 1: "已删除", 3: "审核中", 4: "已隐藏" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ownStatusListData(request, context, [ANSWER_STATUS.NORMAL, ANSWER_STATUS.DELETED_BY_OWNER, ANSWER_STATUS.REVIEW, ANSWER_STATUS.DELETED], (db, me, status, pageNo, pageSize) =>
    answersByUser({ db, viewerId: me, publisherId: me, status, pageNo, pageSize }),
  );
}

export default function PersonalAnswers() {
  const { header, unread, page, status } = useLoaderData<typeof loader>();
  return (
    <OwnStatusList
      active="answer"
      header={header}
      unread={unread}
      title="我的回答"
      titleId="my-answers"
      labels={STATUS_LABEL}
      status={status}
      page={page}
      empty={
        page?.answerList.length === 0 ? (
          <p className="personal-empty">
            还没有回答，<a href="/energySavingQA">去看看等你来答的问题</a>
          </p>
        ) : null
      }
    >
      {page?.answerList.map((a) => (
        <li key={a.id} className="personal-item">
          <div className="personal-item__body">
            <h3 className="personal-item__title">
              {a.questionDeleted ? <span>{a.questionTitle}</span> : <a href={detailHref(a.questionId)}>{a.questionTitle}</a>}
              {a.status !== ANSWER_STATUS.NORMAL && <span className="personal-tag personal-tag--warn">{STATUS_LABEL[a.status] ?? ""}</span>}
              {a.isAnonymous === 1 && <span className="personal-tag">匿名</span>}
              {a.questionDeleted && <span className="personal-tag personal-tag--warn">问题已删除</span>}
            </h3>
            <p className="personal-item__text">{a.answerContent}</p>
            {a.ownOnlyNote && <p className="personal-item__meta">{a.ownOnlyNote}</p>}
            <p className="personal-item__meta">
              <span>{a.createDate}</span>
              <span>{a.praisedCount} 赞</span>
              <span>{a.replyCount} 条评论</span>
            </p>
          </div>
        </li>
      ))}
    </OwnStatusList>
  );
}
