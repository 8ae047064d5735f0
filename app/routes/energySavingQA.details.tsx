// Question detail (spec 2 §2, §4): the question, share link, 我来回答 with the lazily loaded rich-text editor,
// answers (10 a page, own answer first), comments and replies, similar questions, 等你来答 and the hot list.
// Server-rendered from the services in-process, with per-question title/description/canonical and QAPage JSON-LD.
// Query (spec 2 §2): meAnswerFlag opens the editor; isHint shows the author the state of their own question with a
// link to manage it; collection=<answerId> is the favourites variant (docs/decisions/021-qa-detail-hint-and-collection.md).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { useEffect, useRef, useState } from "react";
import { Button } from "antd";
import { EditOutlined } from "@ant-design/icons";
import {
  ANSWER_PAGE_SIZE,
  ANSWER_STATUS,
  QUESTION_STATUS,
  type AnswerView,
  type QuestionListItem,
} from "../../workers/contract/qa-constants";
import { questionDetail, readableQuestion } from "../../workers/services/qa/questions";
import { answerPage } from "../../workers/services/qa/answers";
import { questionSeo } from "../../workers/services/qa/seo";
import { PageShell } from "../components/layout/PageShell";
import { useRootData } from "../lib/use-root-data";
import { favoriteVariant, intParam, orNotFound, qaLoaderContext } from "../qa/qa.server";
import { detailSideLists } from "../qa/side-lists.server";
import { detailHref, ensureLogin, qaCall, toastOk } from "../qa/client";
import { SearchBar } from "../qa/components/SearchBar";
import { QuestionHead } from "../qa/components/QuestionHead";
import { ShareButton } from "../qa/components/ShareButton";
import { ReportButton } from "../qa/components/ReportButton";
import { AnswerItem } from "../qa/components/AnswerItem";
import { AnswerComposer } from "../qa/components/AnswerComposer";
import { Pager } from "../qa/components/Pager";
import { SideList } from "../qa/components/SideList";
import { SimilarList } from "../qa/components/SimilarList";
import { LazyModal } from "../qa/components/LazyModal";
import { useScrollTopOnNavigate } from "../qa/scroll";
import qaCss from "../qa/qa.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: qaCss }];

const truthy = (v: string | null) => v !== null && v !== "" && v !== "0" && v !== "false";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("questionId"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const { ctx, db, viewerId } = await qaLoaderContext(request, context);
  // The question is read once (a hidden one is a 404) and handed to each part; then all reads at once. Profiled
  // (issue 23): the side lists were most of the reads, so visitors get them from detailSideLists' memo. countView
  // also records the viewer's footprint (view history).
  const row = await orNotFound(readableQuestion(db, viewerId, id));
  const [question, answers, side, seo] = await orNotFound(
    Promise.all([
      questionDetail(ctx, viewerId, id, { countView: true, question: row }),
      answerPage(ctx, viewerId, id, intParam(url, "page", 1), ANSWER_PAGE_SIZE, row),
      detailSideLists(ctx, viewerId, id, { waitPage: intParam(url, "waitPage", 1), hotPage: intParam(url, "hotPage", 1) }),
      questionSeo(db, url.origin, id, viewerId, row),
    ]),
  );
  const { similar, waiting, hot } = side;
  const collection = intParam(url, "collection", 0);
  const favorite = viewerId && collection ? await favoriteVariant(db, viewerId, id, collection) : null;
  // The hint is the author's only: anyone else following such a link sees the normal page.
  const hint = truthy(url.searchParams.get("isHint")) && question.isPublisher === "1" ? ownQuestionHint(question.status, question.answerCount) : null;
  return {
    question,
    answers,
    favorite,
    hint,
    similar,
    waiting,
    hot,
    seo,
    meAnswerFlag: truthy(url.searchParams.get("meAnswerFlag")),
  };
}

/** The author's hint for their own question; a deleted one already carries its owner-only note. */
function ownQuestionHint(status: number, answerCount: number): string | null {
  if (status === QUESTION_STATUS.WAITING) return "这是你发布的问题，正在等待专家解答。";
  if (status === QUESTION_STATUS.SOLVED) return `这是你发布的问题，已收到 ${answerCount} 个回答。`;
  return null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "问题不存在 - 能源问答" }];
  const { seo } = data;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: "article" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    ...(seo.indexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function QuestionDetailPage() {
  const { question, answers, favorite, hint, similar, waiting, hot, seo, meAnswerFlag } = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  const revalidator = useRevalidator();
  useScrollTopOnNavigate();
  const [editorOpen, setEditorOpen] = useState(false);
  const [commentsFor, setCommentsFor] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [answerFor, setAnswerFor] = useState<{ item: QuestionListItem; remove: () => void } | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  const mine = answers.myAnswer;
  const questionOpen = question.status === QUESTION_STATUS.WAITING || question.status === QUESTION_STATUS.SOLVED;
  const canAnswer = questionOpen && (!mine || mine.status === ANSWER_STATUS.NORMAL);
  const answerLabel = mine && mine.status === ANSWER_STATUS.NORMAL ? "编辑我的回答" : "我来回答";

  function openEditor() {
    if (!ensureLogin(viewer, detailHref(question.id, "&meAnswerFlag=1"))) return;
    setEditorOpen(true);
    requestAnimationFrame(() => editorRef.current?.scrollIntoView({ block: "center" }));
  }

  // Arriving through "I will answer" without an answer opens the editor (spec 2 §4).
  useEffect(() => {
    if (meAnswerFlag && viewer && answers.isPublished === "0" && canAnswer) openEditor();
  }, [question.id, viewer?.userId]); // eslint-disable-line react-hooks/exhaustive-deps

  async function confirmDelete() {
    if (deleting === null) return;
    const res = await qaCall<null>("answer/deleteById", { id: deleting, isAdmin: false });
    setDeleting(null);
    if (res.ok) {
      toastOk(res.msg);
      revalidator.revalidate();
    }
  }

  const answerItem = (a: AnswerView) => (
    <AnswerItem
      key={a.id}
      answer={a}
      commentsOpen={commentsFor === a.id}
      onToggleComments={() => setCommentsFor((cur) => (cur === a.id ? null : a.id))}
      onEdit={openEditor}
      onDelete={() => setDeleting(a.id)}
    />
  );
  // The favourited answer is shown once, in its own section above the list.
  const listed = favorite ? answers.answerList.filter((a) => a.id !== favorite.answer.id) : answers.answerList;

  const jsonLd = JSON.stringify(seo.jsonLd).replace(/</g, "\\u003c");

  return (
    <PageShell>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="container qa-layout">
        <div className="qa-main">
          <SearchBar />
          {favorite && (
            <nav className="qa-breadcrumb" aria-label="当前位置">
              <a href="/personal/collection">我的收藏</a> <span aria-hidden="true">/</span>{" "}
              <a href={`/personal/collection?category=${favorite.categoryId}`}>{favorite.categoryName}</a> <span aria-hidden="true">/</span> <span>问题详情</span>
            </nav>
          )}
          {hint && (
            <p className="qa-hint" role="status">
              {hint}{" "}
              <a href={`/answer?questionId=${question.id}`}>管理我的问题</a>
            </p>
          )}
          <QuestionHead
            question={question}
            actions={
              <>
                {canAnswer && (
                  <Button type="primary" icon={<EditOutlined />} onClick={openEditor}>
                    {answerLabel}
                  </Button>
                )}
                <ShareButton url={seo.canonical} />
                {question.isPublisher !== "1" && <ReportButton targetType="question" targetId={question.id} />}
              </>
            }
          />
          {editorOpen && (
            <section className="qa-section qa-compose" ref={editorRef} aria-label="撰写回答">
              <AnswerComposer
                questionId={question.id}
                myAnswer={mine}
                userId={viewer?.userId}
                onCancel={() => setEditorOpen(false)}
                onSaved={() => {
                  setEditorOpen(false);
                  revalidator.revalidate();
                }}
              />
            </section>
          )}
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
          <section className="qa-section" aria-labelledby="qa-answers-title" id="answers" data-viewer={viewer ? "user" : "visitor"}>
            <h2 id="qa-answers-title" className="qa-section__title">
              {answers.total} 个回答
            </h2>
            {answers.answerList.length === 0 ? (
              <p className="qa-empty">还没有回答，快来分享你的经验吧。</p>
            ) : (
              listed.map(answerItem)
            )}
            <Pager total={answers.total} pageNo={answers.pageNo} pageSize={answers.pageSize} label="回答分页" anchor="#answers" />
          </section>
          <SimilarList page={similar} />
        </div>
        <aside className="qa-side" aria-label="更多问题">
          <SideList
            title="等你来答"
            endpoint="question/unAnswerdPageQuery"
            initial={waiting}
            excludeId={question.id}
            param="waitPage"
            emptyText="所有问题都有人回答啦"
            action={(item, remove) => (
              <button
                type="button"
                className="qa-side-list__action"
                aria-label={`写回答：${item.questionTitle}`}
                onClick={() => {
                  if (ensureLogin(viewer, detailHref(item.id, "&meAnswerFlag=1"))) setAnswerFor({ item, remove });
                }}
              >
                写回答
              </button>
            )}
          />
          <SideList title="热门问题" endpoint="question/hotSearchPageQuery" initial={hot} excludeId={question.id} param="hotPage" numbered />
        </aside>
      </div>
      <LazyModal
        open={deleting !== null}
        title="删除回答"
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onOk={() => confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>确定永久删除该回答吗？删除后不可恢复。</p>
      </LazyModal>
      <LazyModal open={answerFor !== null} title={answerFor ? `回答：${answerFor.item.questionTitle}` : ""} footer={null} width={760} onCancel={() => setAnswerFor(null)}>
        {answerFor && (
          <AnswerComposer
            questionId={answerFor.item.id}
            myAnswer={null}
            userId={viewer?.userId}
            label={`回答：${answerFor.item.questionTitle}`}
            onCancel={() => setAnswerFor(null)}
            onSaved={() => {
              answerFor.remove();
              setAnswerFor(null);
            }}
          />
        )}
      </LazyModal>
    </PageShell>
  );
}
