// /admin/synonyms: the search's synonym groups (qa_synonyms, docs/qa.md "Search"): list, add, edit, delete through
// the audited /api/admin/synonyms API. Applied at query time: the next search uses an edited group, no rebuild.
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Input, Popconfirm, Space, Table } from "antd";
import { antdFullCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { requireAdminPage } from "../admin/admin.server";
import { listSynonyms } from "../../workers/services/admin/synonyms";
import { SYNONYM_MAX } from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `搜索同义词 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  return { groups: await listSynonyms(db) };
}

export const ErrorBoundary = AdminErrorBoundary;

/** One group's row: its words, or an input while it is being edited. */
function GroupWords({ id, words, editing, onCancel, onDone }: { id: number; words: string; editing: boolean; onCancel: () => void; onDone: () => void }) {
  const [draft, setDraft] = useState(words);
  if (!editing) return <span>{words}</span>;
  return (
    <Space.Compact style={{ width: "100%" }}>
      <Input aria-label={`修改同义词组“${words}”`} value={draft} maxLength={SYNONYM_MAX} onChange={(e) => setDraft(e.target.value)} />
      <Button type="primary" disabled={!draft.trim()} onClick={() => adminCall("synonyms/save", { id, words: draft }, onDone)}>
        保存
      </Button>
      <Button onClick={onCancel}>取消</Button>
    </Space.Compact>
  );
}

export default function AdminSynonyms() {
  const { groups } = useLoaderData<typeof loader>();
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
            <Button type="primary" disabled={!words.trim()} onClick={async () => (await adminCall("synonyms/save", { words }, reload)) && setWords("")}>
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
                  <Popconfirm title={`删除同义词组“${g.words}”？`} okText="删除" cancelText="取消" onConfirm={() => adminCall("synonyms/remove", { id: g.id }, reload)}>
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
    </AdminFrame>
  );
}
