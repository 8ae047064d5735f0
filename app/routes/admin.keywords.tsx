// /admin/keywords: the keyword list that holds new answers for review (审核中) before they are public.
import { client } from "../lib/api-client";
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Input, Popconfirm, Table } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { requireAdminPage } from "../admin/admin.server";
import { listKeywords } from "../../workers/services/admin/keywords";
import { KEYWORD_MAX } from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `关键词 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  return { keywords: await listKeywords({ db }) };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminKeywords() {
  const { keywords } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [word, setWord] = useState("");
  return (
    <AdminFrame current="/admin/keywords">
      <section className="admin-card" aria-labelledby="kw-title">
        <div className="admin-toolbar">
          <h1 id="kw-title">关键词</h1>
          <div className="admin-actions">
            <Input aria-label="新关键词" value={word} maxLength={KEYWORD_MAX} placeholder="输入关键词" onChange={(e) => setWord(e.target.value)} style={{ width: 200 }} />
            <Button type="primary" disabled={!word.trim()} onClick={async () => (await adminCall((o) => client.api.admin.keywords.add.$post({ json: { word } }, o), reload)) && setWord("")}>
              添加
            </Button>
          </div>
        </div>
        <p className="admin-muted">新发布或修改的回答包含以下任一关键词时，将进入审核中状态，仅作者可见，审核通过后公开。</p>
        <Table
          rowKey="id"
          dataSource={keywords}
          pagination={false}
          columns={[
            { title: "关键词", dataIndex: "word" },
            { title: "添加时间", dataIndex: "createdAt", width: 180, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              width: 100,
              render: (_, k) => (
                <Popconfirm title={`删除关键词“${k.word}”？`} okText="删除" cancelText="取消" onConfirm={() => adminCall((o) => client.api.admin.keywords.remove.$post({ json: { id: k.id } }, o), reload)}>
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </section>
    </AdminFrame>
  );
}
