// The question detail page (spec 2 §2, §4) as the route renders it from its loader's data
// (app/routes/energySavingQA.details.tsx): search, the favourites breadcrumb or the author's hint, the question with
// 我来回答 / share / report, the answer editor, the favourited answer, the answers with their pager, similar questions,
// and the side lists. The editor, its dialogs and the antd Modal load on first use, not with the page.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { ANSWER_STATUS, QUESTION_STATUS, type AnswerPage, type QuestionDetail } from "../../workers/contract/qa-constants";
import type { QuestionSeo } from "../../workers/services/qa/seo";
import { PageShell } from "../components/layout/PageShell";
import { useRootData } from "../lib/use-root-data";
import { detailHref, ensureLogin } from "./client";
import { SearchBar } from "./components/SearchBar";
import { QuestionHead } from "./components/QuestionHead";
import { ShareButton } from "./components/ShareButton";
import { ReportButton } from "./components/ReportButton";
import { SimilarList } from "./components/SimilarList";
import { useScrollTopOnNavigate } from "./scroll";
import type { favoriteVariant } from "./qa.server";
import type { SideListPages } from "./side-lists.server";
import { QuestionAnswers } from "./QuestionDetailPageAnswers";
import type { AnswerTarget } from "./QuestionDetailPageDialogs";
import { QuestionDetailSide } from "./QuestionDetailPageSide";

// The composer (and the antd message it reports with) loads when 我来回答 is pressed.
const AnswerComposer = lazy(() => import("./components/AnswerComposer").then((m) => ({ default: m.AnswerComposer })));
// The delete and 写回答 dialogs load when one is first asked for.
const QuestionDetailDialogs = lazy(() => import("./QuestionDetailPageDialogs").then((m) => ({ default: m.QuestionDetailDialogs })));

export interface QuestionDetailData extends SideListPages {
  question: QuestionDetail;
  answers: AnswerPage;
  favorite: Awaited<ReturnType<typeof favoriteVariant>>;
  hint: string | null;
  seo: QuestionSeo;
  meAnswerFlag: boolean;
}

export function QuestionDetailPage({ data }: { data: QuestionDetailData }) {
  const { question, answers, favorite, hint, similar, waiting, hot, seo, meAnswerFlag } = data;
  const { viewer } = useRootData();
  const revalidator = useRevalidator();
  useScrollTopOnNavigate();
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [answerFor, setAnswerFor] = useState<AnswerTarget | null>(null);
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
              <Suspense fallback={null}>
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
              </Suspense>
            </section>
          )}
          <QuestionAnswers answers={answers} favorite={favorite} loggedIn={Boolean(viewer)} onEdit={openEditor} onDelete={setDeleting} />
          <SimilarList page={similar} />
        </div>
        <QuestionDetailSide questionId={question.id} waiting={waiting} hot={hot} onAnswer={setAnswerFor} />
      </div>
      {(deleting !== null || answerFor !== null) && (
        <Suspense fallback={null}>
          <QuestionDetailDialogs deleting={deleting} onDeleteClosed={() => setDeleting(null)} onDeleted={() => revalidator.revalidate()} answerFor={answerFor} onAnswerClosed={() => setAnswerFor(null)} />
        </Suspense>
      )}
    </PageShell>
  );
}
