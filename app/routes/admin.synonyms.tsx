// /admin/synonyms: the search's synonym groups (qa_synonyms, docs/qa.md "Search"): list, add, edit, delete through
// the audited /api/admin/synonyms API. Applied at query time: the next search uses an edited group, no rebuild.
// Below it, 重建搜索索引 starts the chunked rebuild job (after a tokeniser change, a restore or an import) and shows
// its progress, looked at again every 3 s while it runs.
import { client } from "../lib/api-client";
import { useEffect, useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Input, Popconfirm, Space, Table } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { requireAdminPage } from "../admin/admin.server";
import { listSynonyms } from "../../workers/services/admin/synonyms";
import { reindexStatus } from "../../workers/services/qa/reindex-job";
import type { ReindexStatus } from "../../workers/contract/jobs";
import { chinaDateTime } from "../../workers/lib/china-time";
import { SYNONYM_MAX } from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `搜索同义词 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  const [groups, reindex] = await Promise.all([listSynonyms({ db }), reindexStatus({ db })]);
  return { groups, reindex };
}

export const ErrorBoundary = AdminErrorBoundary;

/** One group's row: its words, or an input while it is being edited. */
function GroupWords({ id, words, editing, onCancel, onDone }: { id: number; words: string; editing: boolean; onCancel: () => void; onDone: () => void }) {
  const [draft, setDraft] = useState(words);
  if (!editing) return <span>{words}</span>;
  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input aria-label={`修改同义词组“${words}”`} value={draft} maxLength={SYNONYM_MAX} onChange={(e) => setDraft(e.target.value)} />
      <Button type="primary" disabled={!draft.trim()} onClick={() => adminCall((o) => client.api.admin.synonyms.save.$post({ json: { id, words: draft } }, o), onDone)}>
        保存
      </Button>
      <Button onClick={onCancel}>取消</Button>
    </Space.Compact>
  );
}

const REINDEX_STATE_TEXT: Record<string, string> = { queued: "排队中", running: "重建中", done: "已完成", failed: "失败" };

/** The latest rebuild in words: state, how far (by question id), and when. */
function reindexText(r: ReindexStatus): string {
  const pct = r.maxId > 0 ? Math.min(100, Math.floor((r.cursor / r.maxId) * 100)) : 100;
  const state = REINDEX_STATE_TEXT[r.state] ?? r.state;
  if (r.state === "done") return `上次重建${state}：共索引 ${r.indexed} 个问题，完成于 ${chinaDateTime(r.finishedAt ?? r.updatedAt)}`;
  if (r.state === "failed") return `上次重建${state}：${r.lastError ?? ""}（可在“报告失败”页的失败任务中重试，将从中断处继续）`;
  return `${state}：已处理至问题 #${r.cursor}（约 ${pct}%），已索引 ${r.indexed} 个问题`;
}

function ReindexPanel({ status, onChanged }: { status: ReindexStatus | null; onChanged: () => void }) {
  const live = status?.state === "queued" || status?.state === "running";
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(onChanged, 3000);
    return () => clearInterval(timer);
  }, [live, onChanged]);
  return (
    <section className="admin-card" aria-labelledby="reindex-title">
      <div className="admin-toolbar">
        <h2 id="reindex-title">搜索索引</h2>
        <div className="admin-actions">
          <Popconfirm title="重建全部问题的搜索索引？" description="分批进行，期间搜索照常可用。" okText="开始重建" cancelText="取消" onConfirm={() => adminCall((o) => client.api.admin.search.reindex.$post({ json: {} }, o), onChanged)}>
            <Button disabled={live}>重建搜索索引</Button>
          </Popconfirm>
        </div>
      </div>
      <p className="admin-muted" role="status">
        {status ? reindexText(status) : "尚未重建过。分词规则变更、数据恢复或导入问题后，需要重建索引。"}
      </p>
    </section>
  );
}

export default function AdminSynonyms() {
  const { groups, reindex } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [words, setWords] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const reload = () => {
    setEditing(null);
    revalidator.revalidate();
  };
  return (
    <AdminFrame current="/admin/synonyms">
      <section className="admin-card" aria-labelledby="syn-title">
        <div className="admin-toolbar">
          <h1 id="syn-title">搜索同义词</h1>
          <div className="admin-actions">
            <Input
              aria-label="新同义词组"
              value={words}
              maxLength={SYNONYM_MAX}
              placeholder="如：空压机 压缩空气 空气压缩机"
              onChange={(e) => setWords(e.target.value)}
              style={{ width: 280 }}
            />
            <Button type="primary" disabled={!words.trim()} onClick={async () => (await adminCall((o) => client.api.admin.synonyms.save.$post({ json: { words } }, o), reload)) && setWords("")}>
              添加
            </Button>
          </div>
        </div>
        <p className="admin-muted">
          同一组内的词在问答搜索和机器人里视为同一个意思，词之间用空格分隔。保存后下一次搜索即按新的同义词匹配，无需重建索引。
        </p>
        <Table
          rowKey="id"
          dataSource={groups}
          pagination={false}
          columns={[
            {
              title: "同义词组",
              dataIndex: "words",
              render: (_, g) => (
                <GroupWords key={`${g.id}:${g.words}`} id={g.id} words={g.words} editing={editing === g.id} onCancel={() => setEditing(null)} onDone={reload} />
              ),
            },
            { title: "更新时间", dataIndex: "updatedAt", width: 180, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              width: 150,
              render: (_, g) => (
                <Space>
                  <Button size="small" disabled={editing === g.id} onClick={() => setEditing(g.id)}>
                    修改
                  </Button>
                  <Popconfirm title={`删除同义词组“${g.words}”？`} okText="删除" cancelText="取消" onConfirm={() => adminCall((o) => client.api.admin.synonyms.remove.$post({ json: { id: g.id } }, o), reload)}>
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </section>
      <ReindexPanel status={reindex} onChanged={() => void revalidator.revalidate()} />
    </AdminFrame>
  );
}
