// Ask a question (spec 2 §2 /questions): title, description, pictures, tag chips, anonymous, submit →
// the owner's view /answer?questionId=…. Visitors see the form; writing anything asks them to log in.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useNavigate } from "react-router";
import { Button } from "antd";
import { allTags } from "../../workers/services/qa/questions";
import { toastWarn } from "../qa/client";
import { getDb } from "../../workers/lib/db";
import { PageShell } from "../components/layout/PageShell";
import { canonical } from "../lib/seo";
import { SITE_NAME } from "../lib/site";
import { useRootData } from "../lib/use-root-data";
import { openLogin } from "../lib/login-gate";
import { callResult, client } from "../lib/api-client";
import { ensureLogin, toastOk } from "../qa/client";
import { QuestionForm, emptyQuestion, toPayload } from "../qa/components/QuestionForm";
import { TITLE_MAX } from "../../workers/contract/qa-constants";
import { useScrollTopOnNavigate } from "../qa/scroll";
import qaCss from "../qa/qa.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: qaCss }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `我要提问 - 能源问答 - ${SITE_NAME}` },
  { name: "description", content: "向节能工程师提问：电机、变频、空压机、电价、余热回收、碳核算等问题，免费获得专业解答。" },
  canonical(matches, "/questions"),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // ?questionTitle= pre-fills the title (去提问 from an empty search or from the robot).
  const title = (new URL(request.url).searchParams.get("questionTitle") ?? "").trim().slice(0, TITLE_MAX);
  return { tags: await allTags({ db: getDb(context.cloudflare.env.DB) }), title };
}

export default function AskQuestion() {
  const { tags, title } = useLoaderData<typeof loader>();
  const here = title ? `/questions?questionTitle=${encodeURIComponent(title)}` : "/questions";
  const { viewer } = useRootData();
  const navigate = useNavigate();
  useScrollTopOnNavigate();
  return (
    <PageShell>
      <div className="container qa-narrow">
        <nav className="qa-breadcrumb" aria-label="当前位置">
          <a href="/energySavingQA">能源问答</a> <span aria-hidden="true">/</span> <span>我要提问</span>
        </nav>
        <section className="qa-card">
          <h1 className="qa-page-title">我要提问</h1>
          {!viewer && (
            <p className="qa-hint">
              登录后即可提问。{" "}
              <Button type="link" size="small" onClick={() => openLogin({ redirectTo: here })}>
                去登录
              </Button>
            </p>
          )}
          <QuestionForm
            allTags={tags}
            initial={{ ...emptyQuestion, questionTitle: title }}
            submitLabel="提交问题"
            onSubmit={async (values) => {
              if (!ensureLogin(viewer, here)) return;
              const res = await callResult((o) => client.api.qa.question.add.$post({ json: { ...toPayload(values), userId: viewer.userId } }, o));
              if (res.ok && res.data) {
                // A keyword-held question (docs/admin.md) is saved but not public yet: say so as a warning.
                if ((res.data as { held?: true }).held) toastWarn(res.msg);
                else toastOk(res.msg);
                navigate(`/answer?questionId=${res.data.id}&isHint=1`);
              }
            }}
          />
        </section>
      </div>
    </PageShell>
  );
}
