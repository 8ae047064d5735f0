// The owner's view of a question (spec 2 §2 /answer): the question as posted, 编辑问题 (dialog; submit
// debounced 500 ms and locked 1.5 s after success), 删除问题 with the choice 删除 or 转为匿名 (only while
// waiting), the tag editor, similar questions and the hot list. Anyone else is sent to the detail page.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect, Link, useLoaderData, useRevalidator } from "react-router";
import { useState } from "react";
import { Button } from "antd";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { DELETE_MODE, HOT_DETAIL_PAGE_SIZE, QA_MSG, QUESTION_STATUS, SIMILAR_PAGE_SIZE, type QuestionDetail } from "../../workers/contract/qa-constants";
import { allTags, hotPageQuery, questionDetail, similarPageQuery } from "../../workers/services/qa/questions";
import { PageShell } from "../components/layout/PageShell";
import { intParam, orNotFound, qaLoaderContext } from "../qa/qa.server";
import { callResult, client } from "../lib/api-client";
import { detailHref, toastOk } from "../qa/client";
import { QuestionHead } from "../qa/components/QuestionHead";
import { QuestionForm, TagPicker, toPayload, type QuestionFormValues } from "../qa/components/QuestionForm";
import { SideList } from "../qa/components/SideList";
import { SimilarList } from "../qa/components/SimilarList";
import { LazyModal } from "../qa/components/LazyModal";
import { useDebouncedSave } from "../qa/use-debounced-save";
import { useScrollTopOnNavigate } from "../qa/scroll";
import qaCss from "../qa/qa.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: qaCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.question.questionTitle} - 我的问题 - 能源问答` : "我的问题 - 能源问答" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("questionId"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const { ctx, db, viewerId } = await qaLoaderContext(request, context);
  if (!viewerId) throw redirect(detailHref(id));
  const question = await orNotFound(questionDetail({ ...ctx, viewerId, id }));
  if (question.isPublisher !== "1") throw redirect(detailHref(id));
  const [tags, similar, hot] = await Promise.all([
    allTags({ db }),
    similarPageQuery({ ...ctx, input: { questionId: id, tagRefs: [], pageNo: 1, pageSize: SIMILAR_PAGE_SIZE } }),
    hotPageQuery({ db, excludeId: id, pageNo: intParam(url, "hotPage", 1), pageSize: HOT_DETAIL_PAGE_SIZE }),
  ]);
  return { question, tags, similar, hot, isHint: url.searchParams.get("isHint") === "1" };
}

const formValues = (q: QuestionDetail): QuestionFormValues => ({
  questionTitle: q.questionTitle,
  questionDescription: q.questionDescription,
  pictureList: q.pictureList,
  tags: q.tags.map((t) => ({ id: t.id, tagName: t.tagName })),
  isAnonymous: q.isAnonymous === "1",
});

export default function OwnerQuestion() {
  const { question, tags, similar, hot, isHint } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useScrollTopOnNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteType, setDeleteType] = useState<(typeof DELETE_MODE)[keyof typeof DELETE_MODE]>(DELETE_MODE.DELETE);
  const [tagDraft, setTagDraft] = useState<QuestionFormValues["tags"] | null>(null);
  const [savingTags, setSavingTags] = useState(false);

  const status = question.status;
  const editable = status === QUESTION_STATUS.WAITING || status === QUESTION_STATUS.SOLVED;
  const deletable = status === QUESTION_STATUS.WAITING;

  async function update(values: QuestionFormValues) {
    const res = await callResult((o) => client.api.qa.question.update.$post({ json: { id: question.id, ...toPayload(values) } }, o));
    if (res.ok) {
      toastOk(res.msg);
      revalidator.revalidate();
    }
    return res.ok;
  }

  const edit = useDebouncedSave<QuestionFormValues>(async (values) => {
    const ok = await update(values);
    if (ok) setEditing(false);
    return ok;
  });

  async function saveTags() {
    if (!tagDraft) return;
    setSavingTags(true);
    const ok = await update({ ...formValues(question), tags: tagDraft });
    setSavingTags(false);
    if (ok) setTagDraft(null);
  }

  async function remove() {
    const res = await callResult((o) => client.api.qa.question.deleteById.$post({ json: { id: question.id, isAdmin: false, deleteType } }, o));
    setDeleting(false);
    if (res.ok) {
      toastOk(res.msg);
      revalidator.revalidate();
    }
  }

  return (
    <PageShell>
      <div className="container qa-layout">
        <div className="qa-main">
          <nav className="qa-breadcrumb" aria-label="当前位置">
            <a href="/energySavingQA">能源问答</a> <span aria-hidden="true">/</span> <span>我的问题</span>
          </nav>
          {isHint && editable && (
            <p className="qa-hint" role="status">
              问题已发布，专家会尽快解答。你可以在这里修改问题、调整标签或删除问题。
            </p>
          )}
          <QuestionHead
            question={question}
            actions={
              <>
                {editable && (
                  <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={edit.locked}>
                    编辑问题
                  </Button>
                )}
                {editable && (
                  <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} disabled={!deletable} title={deletable ? undefined : QA_MSG.questionLocked}>
                    删除问题
                  </Button>
                )}
                {editable && <Link to={detailHref(question.id, "&isHint=1")}>查看问题详情与回答</Link>}
              </>
            }
          />
          {editable && !deletable && <p className="qa-muted qa-delete-note">{QA_MSG.questionLocked}</p>}
          {editable && (
            <section className="qa-section" aria-labelledby="qa-tags-title">
              <h2 id="qa-tags-title" className="qa-section__title">
                问题标签
              </h2>
              <TagPicker value={tagDraft ?? formValues(question).tags} onChange={setTagDraft} allTags={tags} />
              {tagDraft && (
                <div className="qa-form__footer">
                  <span />
                  <span className="qa-editor__buttons">
                    <Button onClick={() => setTagDraft(null)}>取消</Button>
                    <Button type="primary" loading={savingTags} onClick={() => void saveTags()}>
                      保存标签
                    </Button>
                  </span>
                </div>
              )}
            </section>
          )}
          <SimilarList page={similar} />
        </div>
        <aside className="qa-side" aria-label="热门问题">
          <SideList title="热门问题" endpoint="question/hotSearchPageQuery" initial={hot} excludeId={question.id} param="hotPage" numbered />
        </aside>
      </div>
      <LazyModal open={editing} title="编辑问题" footer={null} width={720} onCancel={() => setEditing(false)}>
        <QuestionForm initial={formValues(question)} allTags={tags} submitLabel="保存修改" submitDisabled={edit.locked} onSubmit={edit.trigger} onCancel={() => setEditing(false)} />
      </LazyModal>
      <LazyModal open={deleting} title="删除问题" okText="确定" cancelText="取消" okButtonProps={{ danger: deleteType === DELETE_MODE.DELETE }} onOk={() => remove()} onCancel={() => setDeleting(false)}>
        <fieldset className="qa-delete-choice">
          <legend>请选择删除方式</legend>
          <label className="qa-check">
            <input type="radio" name="deleteType" value={DELETE_MODE.DELETE} checked={deleteType === DELETE_MODE.DELETE} onChange={() => setDeleteType(DELETE_MODE.DELETE)} /> 删除
            <span className="qa-muted">（永久删除，删除后不可恢复，仅自己可见）</span>
          </label>
          <label className="qa-check">
            <input type="radio" name="deleteType" value={DELETE_MODE.ANONYMOUS} checked={deleteType === DELETE_MODE.ANONYMOUS} onChange={() => setDeleteType(DELETE_MODE.ANONYMOUS)} /> 转为匿名
            <span className="qa-muted">（保留问题，隐藏提问者身份）</span>
          </label>
        </fieldset>
      </LazyModal>
    </PageShell>
  );
}
