// /admin/cards: every card (survey type) with its title, description and report prices; 编辑 changes them at once on
// the portal and in the payment dialog (audited with before/after).
import { client } from "../lib/api-client";
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Alert, Button, Input, Modal, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { firstIssue, money } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { adminCards } from "../../workers/services/admin/commerce";
import { cardUpdatePayload, type AdminCardView } from "../../workers/contract/admin-commerce";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = () => [{ title: `卡片与价格 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  return { cards: await adminCards({ db }) };
}

export const ErrorBoundary = AdminErrorBoundary;

interface Draft {
  id: number;
  surveyName: string;
  surveyDescription: string;
  price: string;
  originPrice: string;
}

function EditDialog({ draft, onClose, onSaved }: { draft: Draft | null; onClose: () => void; onSaved: () => void }) {
  const [d, setD] = useState<Draft | null>(draft);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setError(null);
    setD((x) => (x ? { ...x, [k]: e.target.value } : x));
  };
  return (
    <Modal
      title="编辑卡片与价格"
      open={draft !== null}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      onCancel={() => {
        setError(null);
        onClose();
      }}
      onOk={async () => {
        if (!d) return;
        const problem = firstIssue(cardUpdatePayload.safeParse(d));
        setError(problem);
        if (problem) return;
        if (await adminCall((o) => client.api.admin.commerce.cards.update.$post({ json: d }, o), onSaved)) onClose();
      }}
    >
      {d && (
        <div className="commerce-form">
          <div>
            <label htmlFor="card-name">卡片标题</label>
            <Input id="card-name" value={d.surveyName} maxLength={20} showCount onChange={set("surveyName")} />
          </div>
          <div>
            <label htmlFor="card-desc">卡片说明</label>
            <Input.TextArea id="card-desc" value={d.surveyDescription} maxLength={200} showCount autoSize={{ minRows: 3 }} onChange={set("surveyDescription")} />
          </div>
          <div className="commerce-row">
            <div>
              <label htmlFor="card-price">限时价（元）</label>
              <Input id="card-price" value={d.price} inputMode="decimal" prefix="¥" onChange={set("price")} />
            </div>
            <div>
              <label htmlFor="card-origin">原价（元，含报告解读费）</label>
              <Input id="card-origin" value={d.originPrice} inputMode="decimal" prefix="¥" onChange={set("originPrice")} />
            </div>
          </div>
          <p className="admin-muted">价格格式：最多8位整数、1位小数。保存后门户卡片与付款对话框立即显示新内容；已创建的订单按下单时的价格。</p>
          {error && <Alert type="error" showIcon message={error} />}
        </div>
      )}
    </Modal>
  );
}

export default function AdminCards() {
  const { cards } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [opened, setOpened] = useState(0);
  return (
    <AdminFrame current="/admin/cards">
      <section className="admin-card" aria-labelledby="cards-title">
        <h1 id="cards-title">卡片与价格</h1>
        <Table<AdminCardView>
          rowKey="id"
          dataSource={cards}
          pagination={false}
          columns={[
            { title: "ID", dataIndex: "id", width: 60 },
            {
              title: "卡片",
              key: "name",
              render: (_, c) => (
                <div>
                  <strong>{c.surveyName}</strong> {!c.enabled && <Tag>未开放</Tag>}
                  <div className="admin-muted">{c.surveyDescription}</div>
                </div>
              ),
            },
            { title: "限时价", dataIndex: "price", width: 110, render: (v: number | null) => <span className="commerce-money">{money(v)}</span> },
            { title: "原价", dataIndex: "originPrice", width: 110, render: (v: number | null) => <span className="commerce-money">{money(v)}</span> },
            { title: "报告数", dataIndex: "reportCount", width: 80 },
            {
              title: "操作",
              key: "actions",
              width: 90,
              render: (_, c) => (
                <Button
                  size="small"
                  autoInsertSpace={false}
                  aria-label={`编辑 ${c.surveyName}`}
                  onClick={() => {
                    setOpened((n) => n + 1);
                    setEditing({ id: c.id, surveyName: c.surveyName, surveyDescription: c.surveyDescription, price: c.price == null ? "" : String(c.price), originPrice: c.originPrice == null ? "" : String(c.originPrice) });
                  }}
                >
                  编辑
                </Button>
              ),
            },
          ]}
        />
      </section>
      <EditDialog key={opened} draft={editing} onClose={() => setEditing(null)} onSaved={() => revalidator.revalidate()} />
    </AdminFrame>
  );
}
