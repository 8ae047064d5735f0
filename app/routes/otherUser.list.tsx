// /otherUser/list?userId= (spec 2 §2): another user's profile, statistics, answers and questions (public ones only;
// anonymous posts never appear here). Viewing a profile needs login (spec 2 §6).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { antdFullCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PageShell } from "../components/layout/PageShell";
import { LoginPrompt } from "../personal/PersonalShell";
import { OtherUserHead } from "../personal/OtherUserHead";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { detailHref } from "../personal/client";
import { intParam, orNotFound, pageParams, personalContext } from "../personal/personal.server";
import { answersByUser, basicProfile, questionsByUser, userStatistics } from "../../workers/services/qa-personal/users";
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
  const { db, viewer, url } = await personalContext(request, context);
  const userId = intParam(url, "userId", 0);
  if (!userId) throw new Response("Not Found", { status: 404 });
  const tab = url.searchParams.get("tab") === "question" ? "question" : "answer";
  if (!viewer) return { profile: null, stats: null, answers: null, questions: null, tab, redirectTo: `/otherUser/list?userId=${userId}` };
  const { pageNo, pageSize } = pageParams(url);
  const me = viewer.userId;
  const profile = await orNotFound(basicProfile(db, me, userId));
  const [stats, answers, questions] = await Promise.all([
    userStatistics(db, me, userId),
    tab === "answer" ? answersByUser(db, me, userId, null, pageNo, pageSize) : Promise.resolve(null),
    tab === "question" ? questionsByUser(db, me, userId, null, pageNo, pageSize) : Promise.resolve(null),
  ]);
  return { profile, stats, answers, questions, tab, redirectTo: "" };
}

export default function OtherUserPage() {
  const { profile, stats, answers, questions, tab, redirectTo } = useLoaderData<typeof loader>();
  if (!profile || !stats) {
    return (
      <PageShell>
        <div className="container">
          <LoginPrompt title="登录后即可查看用户主页" redirectTo={redirectTo} />
        </div>
      </PageShell>
    );
  }
  const who = profile.isSelf ? "我" : "TA";
  return (
    <PageShell>
      <div className="container personal-main" style={{ paddingTop: 24, paddingBottom: 32 }}>
        <OtherUserHead profile={profile} stats={stats} />
        <section className="personal-card" aria-labelledby="user-content">
          <div className="personal-toolbar">
            <h2 id="user-content" className="personal-card__title">{tab === "answer" ? `${who}的回答` : `${who}的提问`}</h2>
            <FilterLinks param="tab" value={tab === "question" ? "question" : ""} options={[{ value: "", label: `回答 ${stats.answerCount}` }, { value: "question", label: `提问 ${stats.questionCount}` }]} />
          </div>
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
        </section>
      </div>
    </PageShell>
  );
}
