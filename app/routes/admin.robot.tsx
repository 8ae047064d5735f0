// /admin/robot: the robot 小创's knowledge base (robot_knowledge in D1). Search, add, edit, enable/disable and delete
// question/answer pairs (validated with the API's zod schema, audited), and 试一试: the robot's real matching on a
// phrase — which pair answers and how confidently. Edits answer at once on /energySavingQA's robot.
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Switch, Table, Tag, message } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { pageParam, requireAdminPage } from "../admin/admin.server";
import { robotEntries } from "../../workers/services/admin/robot-kb";
import {
  ADMIN_PAGE_SIZE,
  ROBOT_ACTION_HREF_MAX,
  ROBOT_ACTION_LABEL_MAX,
  ROBOT_ANSWER_MAX,
  ROBOT_CATEGORIES,
  ROBOT_KEYWORDS_MAX,
  ROBOT_QUESTION_MAX,
  type RobotEntryView,
  type RobotTryResult,
} from "../../workers/contract/admin-constants";
import { robotEntryPayload } from "../../workers/contract/admin-content";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `机器人知识库 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 50);
  return { page: await robotEntries({ db, q, pageNo: pageParam(url) }), q };
}

export const ErrorBoundary = AdminErrorBoundary;

interface Draft {
  id: number | null;
  category: string;
  question: string;
  answer: string;
  keywords: string;
  actionLabel: string;
  actionHref: string;
  suggested: number;
  sortOrder: number;
  enabled: boolean;
}

const EMPTY: Draft = { id: null, category: "其他", question: "", answer: "", keywords: "", actionLabel: "", actionHref: "", suggested: 0, sortOrder: 1000, enabled: true };

const draftOf = (e: RobotEntryView): Draft => ({
  id: e.id,
  category: e.category,
  question: e.question,
  answer: e.answer,
  keywords: e.keywords,
  actionLabel: e.actionLabel ?? "",
  actionHref: e.actionHref ?? "",
  suggested: e.suggested,
  sortOrder: e.sortOrder,
  enabled: e.enabled,
});

function TryBox() {
  const [text, setText] = useState("");
  const [result, setResult] = useState<RobotTryResult | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    const res = await call((o) => client.api.admin.content.robot.try.$post({ json: { text } }, o));
    setBusy(false);
    if (res.code === OK && res.data) setResult(res.data);
  }
  return (
    <section className="admin-card" aria-labelledby="try-title">
      <h2 id="try-title" className="admin-subtitle">
        试一试
      </h2>
      <form
        className="admin-actions"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void run();
        }}
      >
        <Input aria-label="试一试的问题" value={text} maxLength={100} placeholder="输入用户可能会问的话，例如：报告怎么下载" onChange={(e) => setText(e.target.value)} style={{ width: 360 }} />
        <Button type="primary" htmlType="submit" loading={busy} disabled={!text.trim()}>
          试一试
        </Button>
      </form>
      {result && (
        <div className="admin-try" role="status" aria-live="polite">
          <p>
            {result.matched && result.best ? (
              <>
                <Tag color="success">可以回答</Tag> 由 <strong>#{result.best.id} {result.best.question}</strong> 回答，得分 {result.best.score}，覆盖 {Math.round(result.confidence * 100)}% 的关键词
              </>
            ) : (
              <>
                <Tag color="warning">无法确定</Tag> 小创会回复“不理解”并推荐相近问题{result.best ? `（最接近：#${result.best.id} ${result.best.question}，得分 ${result.best.score}，覆盖 ${Math.round(result.confidence * 100)}%）` : ""}
              </>
            )}
          </p>
          <p className="admin-muted">分词：{result.tokens.length ? result.tokens.join(" / ") : "（无有效关键词）"}</p>
          <blockquote className="admin-try__reply">{result.reply}</blockquote>
          {result.ranked.length > 1 && (
            <ol className="admin-muted admin-try__ranked">
              {result.ranked.map((r) => (
                <li key={r.id}>
                  #{r.id} {r.question}（得分 {r.score}，命中 {r.hits}）
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

export default function AdminRobot() {
  const { page, q } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  async function save() {
    if (!draft) return;
    const { id, ...fields } = draft;
    const parsed = robotEntryPayload.safeParse(fields);
    if (!parsed.success) {
      void message.warning(parsed.error.issues[0]?.message ?? "请检查填写内容");
      return;
    }
    setSaving(true);
    const robot = client.api.admin.content.robot;
    const done = await adminCall((o) => (id ? robot.update.$post({ json: { id, ...parsed.data } }, o) : robot.add.$post({ json: parsed.data }, o)), reload);
    setSaving(false);
    if (done) setDraft(null);
  }

  return (
    <AdminFrame current="/admin/robot">
      <section className="admin-card" aria-labelledby="robot-title">
        <div className="admin-toolbar">
          <h1 id="robot-title">机器人知识库</h1>
          <div className="admin-actions">
            <form method="get" action="/admin/robot" className="admin-actions" role="search">
              <Input name="q" aria-label="搜索问答" defaultValue={q} placeholder="搜索问题、答案或关键词" style={{ width: 240 }} allowClear />
              <Button htmlType="submit">搜索</Button>
            </form>
            <Button type="primary" onClick={() => setDraft({ ...EMPTY })}>
              新增问答
            </Button>
          </div>
        </div>
        <p className="admin-muted">小创按问题和关键词匹配用户的提问；修改保存后立即生效。停用的问答不会被匹配，也不会出现在“猜你想问”中。</p>
        <Table<RobotEntryView>
          rowKey="id"
          dataSource={page.list}
          locale={{ emptyText: <span className="admin-empty">没有找到问答</span> }}
          pagination={{
            current: page.pageNo,
            pageSize: ADMIN_PAGE_SIZE,
            total: page.total,
            showSizeChanger: false,
            onChange: (p) => location.assign(`/admin/robot?q=${encodeURIComponent(q)}&page=${p}`),
          }}
          columns={[
            { title: "ID", dataIndex: "id", width: 60 },
            { title: "分类", dataIndex: "category", width: 70 },
            {
              title: "问题 / 答案",
              key: "qa",
              render: (_, r) => (
                <div className="admin-excerpt">
                  <strong>{r.question}</strong>
                  <div className="admin-muted admin-clamp">{r.answer}</div>
                </div>
              ),
            },
            { title: "关键词", dataIndex: "keywords", width: 160, render: (k: string) => <span className="admin-muted">{k || "—"}</span> },
            { title: "猜你想问", dataIndex: "suggested", width: 90, render: (n: number) => (n ? `第 ${n} 位` : "—") },
            {
              title: "启用",
              key: "enabled",
              width: 70,
              render: (_, r) => (
                <Switch size="small" checked={r.enabled} aria-label={`${r.enabled ? "停用" : "启用"}问答 ${r.id}`} onChange={(v) => adminCall((o) => client.api.admin.content.robot.enable.$post({ json: { id: r.id, enabled: v } }, o), reload)} />
              ),
            },
            {
              title: "操作",
              key: "actions",
              width: 130,
              render: (_, r) => (
                <div className="admin-actions">
                  <Button size="small" onClick={() => setDraft(draftOf(r))}>
                    编辑<span className="visually-hidden">问答 {r.id}</span>
                  </Button>
                  <Popconfirm title={`删除问答“${r.question}”？`} okText="删除" cancelText="取消" onConfirm={() => adminCall((o) => client.api.admin.content.robot.delete.$post({ json: { id: r.id } }, o), reload)}>
                    <Button size="small" danger>
                      删除<span className="visually-hidden">问答 {r.id}</span>
                    </Button>
                  </Popconfirm>
                </div>
              ),
            },
          ]}
        />
      </section>
      <TryBox />
      <Modal
        title={draft?.id ? `编辑问答 #${draft.id}` : "新增问答"}
        open={draft !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setDraft(null)}
        width={640}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical" requiredMark>
            <Form.Item label="分类" htmlFor="robot-category">
              <Select id="robot-category" value={draft.category} options={ROBOT_CATEGORIES.map((c) => ({ value: c, label: c }))} onChange={(v) => set("category", v)} />
            </Form.Item>
            <Form.Item label="问题" required htmlFor="robot-question">
              <Input id="robot-question" value={draft.question} maxLength={ROBOT_QUESTION_MAX} showCount onChange={(e) => set("question", e.target.value)} />
            </Form.Item>
            <Form.Item label="答案" required htmlFor="robot-answer" extra="纯文本，换行会保留；HTML 标签会被去掉。">
              <Input.TextArea id="robot-answer" value={draft.answer} maxLength={ROBOT_ANSWER_MAX} showCount rows={5} onChange={(e) => set("answer", e.target.value)} />
            </Form.Item>
            <Form.Item label="关键词（同义词，空格分隔）" htmlFor="robot-keywords">
              <Input id="robot-keywords" value={draft.keywords} maxLength={ROBOT_KEYWORDS_MAX} onChange={(e) => set("keywords", e.target.value)} />
            </Form.Item>
            <div className="admin-form-row">
              <Form.Item label="链接文字" htmlFor="robot-action-label">
                <Input id="robot-action-label" value={draft.actionLabel} maxLength={ROBOT_ACTION_LABEL_MAX} onChange={(e) => set("actionLabel", e.target.value)} placeholder="如：去评估" />
              </Form.Item>
              <Form.Item label="链接" htmlFor="robot-action-href">
                <Input id="robot-action-href" value={draft.actionHref} maxLength={ROBOT_ACTION_HREF_MAX} onChange={(e) => set("actionHref", e.target.value)} placeholder="/energySavingQA" />
              </Form.Item>
            </div>
            <div className="admin-form-row">
              <Form.Item label="猜你想问位置（0 为不展示）" htmlFor="robot-suggested">
                <InputNumber id="robot-suggested" min={0} max={99} value={draft.suggested} onChange={(v) => set("suggested", Number(v ?? 0))} />
              </Form.Item>
              <Form.Item label="排序（小的靠前）" htmlFor="robot-sort">
                <InputNumber id="robot-sort" min={0} max={100000} value={draft.sortOrder} onChange={(v) => set("sortOrder", Number(v ?? 1000))} />
              </Form.Item>
              <Form.Item label="启用" htmlFor="robot-enabled">
                <Switch id="robot-enabled" checked={draft.enabled} onChange={(v) => set("enabled", v)} />
              </Form.Item>
            </div>
          </Form>
        )}
      </Modal>
    </AdminFrame>
  );
}
