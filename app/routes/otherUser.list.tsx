// /otherUser/list?userId= (spec 2 §2): another user's profile, statistics, answers and questions (public ones only;
// anonymous posts never appear here). Viewing a profile needs login (spec 2 §6).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdFullCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { OtherUserFrame } from "../personal/OtherUserFrame";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { detailHref } from "../personal/client";
import { otherUserData } from "../personal/personal.server";
import { answersByUser, questionsByUser } from "../../workers/services/qa-personal/users";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile?.name ?? "用户主页"} - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tab = new URL(request.url).searchParams.get("tab") === "question" ? "question" : "answer";
  const { profile, stats, data, redirectTo } = await otherUserData(
    request,
    context,
    (userId) => `/otherUser/list?userId=${userId}`,
    async (db, me, userId, { pageNo, pageSize }) => ({
      answers: tab === "answer" ? await answersByUser({ db, viewerId: me, publisherId: userId, status: null, pageNo, pageSize }) : null,
      questions: tab === "question" ? await questionsByUser({ db, viewerId: me, publisherId: userId, status: null, pageNo, pageSize }) : null,
    }),
  );
  return { profile, stats, answers: data?.answers ?? null, questions: data?.questions ?? null, tab, redirectTo };
}

export default function OtherUserPage() {
  const { profile, stats, answers, questions, tab, redirectTo } = useLoaderData<typeof loader>();
  return (
    <OtherUserFrame
      profile={profile}
      stats={stats}
      redirectTo={redirectTo}
      loginTitle="登录后即可查看用户主页"
      titleId="user-content"
      title={(who) => (tab === "answer" ? `${who}的回答` : `${who}的提问`)}
      toolbar={(st) => (
        <FilterLinks param="tab" value={tab === "question" ? "question" : ""} options={[{ value: "", label: `回答 ${st.answerCount}` }, { value: "question", label: `提问 ${st.questionCount}` }]} />
      )}
      body={() => (
        <>
          {answers &&
            (answers.answerList.length === 0 ? (
              <p className="personal-empty">还没有回答</p>
            ) : (
              <ul className="personal-list">
                {answers.answerList.map((a) => (
                  <li key={a.id} className="personal-item">
                    <div className="personal-item__body">
                      <h3 className="personal-item__title">
                        <a href={detailHref(a.questionId)}>{a.questionTitle}</a>
                      </h3>
                      <p className="personal-item__text">{a.answerContent}</p>
                      <p className="personal-item__meta">
                        <span>{a.createDate}</span>
                        <span>{a.praisedCount} 赞</span>
                        <span>{a.replyCount} 条评论</span>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ))}
          {questions &&
            (questions.questionList.length === 0 ? (
              <p className="personal-empty">还没有提问</p>
            ) : (
              <ul className="personal-list">
                {questions.questionList.map((q) => (
                  <li key={q.id} className="personal-item">
                    <div className="personal-item__body">
                      <h3 className="personal-item__title">
                        <a href={detailHref(q.id)}>{q.questionTitle}</a>
                      </h3>
                      {q.answerContent && <p className="personal-item__text">{q.answerContent}</p>}
                      <p className="personal-item__meta">
                        <span>{q.createDate}</span>
                        <span>{q.answerCount} 个回答</span>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ))}
          {answers && <ListPager total={answers.total} pageNo={answers.pageNo} pageSize={answers.pageSize} />}
          {questions && <ListPager total={questions.total} pageNo={questions.pageNo} pageSize={questions.pageSize} />}
        </>
      )}
    />
  );
}
